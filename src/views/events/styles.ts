/** Styles shared by the events and tool-kit views (semantic tokens only). */
import { css } from 'styled-system/css';

export const field = css({ display: 'flex', flexDirection: 'column', gap: '1', minW: 0 });
export const label = css({ fontWeight: 'bold', fontSize: 'sm', color: 'fg' });
export const input = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '2px',
  borderColor: 'border',
  px: '3',
  py: '2',
  fontSize: 'md',
  width: '100%',
  height: '11',
  _invalid: { borderColor: 'accent' },
  _focusVisible: { outline: '3px solid', outlineColor: 'focusRing', outlineOffset: '1px' },
});
export const errorText = css({ color: 'alertFg', fontSize: 'sm' });
export const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' });
export const panel = css({
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  p: { base: '3', md: '5' },
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
export const panelTitle = css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'bold', color: 'secondary' });
export const muted = css({ color: 'fgMuted', fontSize: 'sm' });
export const backdrop = css({ position: 'fixed', inset: '0', bg: 'black/50', zIndex: 40 });
export const positioner = css({
  position: 'fixed',
  inset: '0',
  zIndex: 41,
  display: 'flex',
  alignItems: 'stretch',
  justifyContent: 'center',
});
export const fullScreen = css({
  bg: 'bg',
  color: 'fg',
  width: '100%',
  height: '100%',
  overflowY: 'auto',
  p: { base: '4', md: '8' },
  outline: 'none',
});
export const dialogTitle = css({
  fontFamily: 'heading',
  fontSize: { base: '2xl', md: '3xl' },
  color: 'primary',
  mb: '4',
  // An event's name of one long word (the Tool Kit's title) wraps instead of running off a phone's screen.
  overflowWrap: 'anywhere',
});
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  // Cells wrap at word boundaries, hyphenating when they must ('anywhere', the page default, let a phone's
  // narrow column split "Bartender" into "Bartende/r"); a word that fits nowhere still breaks.
  '& th, & td': {
    textAlign: 'left',
    px: { base: '1', sm: '2' },
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    verticalAlign: 'middle',
    overflowWrap: 'break-word',
    hyphens: 'auto',
  },
  '& tbody tr:nth-of-type(even)': { bg: 'stripe' },
});
