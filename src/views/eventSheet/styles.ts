/**
 * The event sheet's styles: a readable page on screen (light and dark), and in print a compact black on
 * white sheet that fits a typical event on one A4 or Letter page (the @page margins and the hidden app
 * chrome are in panda.config.ts). Long tables repeat their header on every page and never split a row.
 */
import { css } from 'styled-system/css';

/** Printing always uses the light palette, whatever the screen's colour mode. */
const printPalette = {
  '--colors-fg': 'token(colors.ink.950)',
  '--colors-fg-muted': 'token(colors.ink.700)',
  '--colors-border': 'token(colors.ink.500)',
  '--colors-primary': 'token(colors.ink.950)',
  '--colors-secondary': 'token(colors.ink.950)',
  '--colors-accent': 'token(colors.ink.950)',
  '--colors-surface': '#ffffff',
  '--colors-stripe': 'transparent',
};

export const sheet = css({
  maxW: '1000px',
  mx: 'auto',
  width: '100%',
  px: { base: '4', md: '8' },
  py: { base: '6', md: '8' },
  display: 'flex',
  flexDirection: 'column',
  gap: { base: '5', md: '6' },
  _print: { ...printPalette, color: 'fg', maxW: 'none', p: '0', gap: '2', fontSize: '9pt', lineHeight: '1.25' },
});

export const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
  alignItems: 'center',
  _print: { display: 'none' },
});

export const head = css({
  borderBottomWidth: '3px',
  borderColor: 'primary',
  pb: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  _print: { pb: '1.5', borderBottomWidth: '2px' },
});
export const kicker = css({
  fontFamily: 'heading',
  fontSize: 'sm',
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  color: 'fgMuted',
  _print: { fontSize: '8pt' },
});
export const title = css({
  fontSize: { base: '2xl', md: '4xl' },
  color: 'primary',
  overflowWrap: 'anywhere',
  _print: { fontSize: '17pt' },
});
export const when = css({ fontSize: { base: 'md', md: 'lg' }, fontWeight: 'bold', _print: { fontSize: '10.5pt' } });

/** "Allergy" marks: words, weight and a heavy rule, so they read the same printed in black and white. */
export const allergyBanner = css({
  borderWidth: '3px',
  borderStyle: 'solid',
  borderColor: 'accent',
  color: 'accent',
  fontWeight: 'bold',
  px: '3',
  py: '2',
  mt: '2',
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
  _print: { borderWidth: '2.5px', py: '1', mt: '1', fontSize: '10pt' },
});
export const allergyNote = css({
  borderWidth: '3px',
  borderLeftWidth: '10px',
  borderStyle: 'solid',
  borderColor: 'accent',
  px: '3',
  py: '2',
  fontWeight: 'bold',
  _print: { borderWidth: '2px', borderLeftWidth: '8px', px: '2', py: '1', breakInside: 'avoid' },
});
export const allergyMark = css({
  display: 'inline-block',
  mr: '2',
  px: '1.5',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'accent',
  color: 'accent',
  fontWeight: 'extrabold',
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  fontSize: 'sm',
  _print: { fontSize: '8.5pt', px: '1', borderWidth: '1.5px' },
});

export const columns3 = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: { base: '4', md: '5' },
  _print: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3' },
});
export const columns2 = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: { base: '4', md: '5' },
  _print: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' },
});

export const block = css({
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  p: { base: '3', md: '4' },
  minW: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  _print: { bg: 'transparent', borderWidth: '1px', p: '2', gap: '1', breakInside: 'avoid' },
});
export const blockTitle = css({ fontSize: 'lg', color: 'secondary', _print: { fontSize: '10.5pt' } });

export const facts = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '3',
  rowGap: '1',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dd': { overflowWrap: 'anywhere' },
  _print: { rowGap: '0', columnGap: '2' },
});

export const list = css({
  listStyleType: 'disc',
  pl: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  _print: { gap: '0', pl: '4' },
});
export const noteList = css({ display: 'flex', flexDirection: 'column', gap: '2', _print: { gap: '1' } });
export const empty = css({ color: 'fgMuted', fontStyle: 'italic' });
export const muted = css({ color: 'fgMuted', fontSize: 'sm', _print: { fontSize: '8pt' } });

export const tableWrap = css({ width: '100%', minW: 0 });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  '& caption': {
    textAlign: 'left',
    fontFamily: 'heading',
    fontWeight: 'bold',
    color: 'secondary',
    fontSize: 'md',
    pb: '1',
    _print: { fontSize: '9.5pt', pb: '0.5' },
  },
  '& th, & td': {
    textAlign: 'left',
    px: { base: '1', sm: '2' },
    py: '1.5',
    borderBottomWidth: '1px',
    borderColor: 'border',
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
  },
  '& th': { fontSize: 'sm', color: 'fgMuted' },
  '& tbody tr:nth-of-type(even)': { bg: 'stripe' },
  '& thead': { display: 'table-header-group' },
  '& tr': { breakInside: 'avoid' },
  _print: {
    '& th, & td': { px: '1', py: '0.5' },
    '& th': { fontSize: '8pt', borderBottomWidth: '1.5px', borderColor: 'fg' },
  },
});
export const num = css({ textAlign: 'right !important', whiteSpace: 'nowrap' });
/** A quantity's second line (the amount, the per-guest quantity); in print it follows on the same line. */
export const sub = css({
  display: 'block',
  color: 'fgMuted',
  fontSize: 'sm',
  _print: { display: 'inline', fontSize: '8pt', _before: { content: '" · "' } },
});
export const toOrder = css({ fontWeight: 'bold' });

export const totalsRow = css({ fontWeight: 'bold', '& td': { borderTopWidth: '2px', borderColor: 'fg' } });
export const grandRow = css({ fontWeight: 'extrabold', fontSize: 'lg', _print: { fontSize: '10.5pt' } });
export const fixedRow = css({ fontStyle: 'italic', color: 'fgMuted' });
export const warning = css({ color: 'alertFg', fontSize: 'sm', _print: { color: 'fg' } });

/** Issue 21: the flag under a menu item that carries an allergen the event avoids. */
export const flagLine = css({ display: 'block', fontWeight: 'bold', mt: '1' });
export const screenOnly = css({ _print: { display: 'none' } });
