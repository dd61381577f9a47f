import { Toast, Toaster as ArkToaster } from '@ark-ui/react/toast';
import { css } from 'styled-system/css';
import { toaster } from './toasterStore';

const root = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderLeftWidth: '8px',
  boxShadow: 'lg',
  px: '4',
  py: '3',
  minW: 'min(360px, 90vw)',
  maxW: '90vw',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: '2',
  alignItems: 'start',
  '&[data-type=success]': { borderLeftColor: 'primary' },
  '&[data-type=error]': { borderLeftColor: 'accent' },
  '&[data-type=warning]': { borderLeftColor: 'accent' },
  '&[data-type=info]': { borderLeftColor: 'secondary' },
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  height: 'var(--height)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transition: 'translate 0.3s, scale 0.3s, opacity 0.3s, height 0.3s',
});
/**
 * A toast never grows past a few lines (a 5,000-character event name once filled the screen, its close
 * button above the top edge): the title shows at most three lines, and title and description together
 * at most about seven, the rest scrolling inside the toast (screen readers read it all).
 */
const text = css({ minW: 0, overflowWrap: 'anywhere', maxH: '10.5em', overflowY: 'auto' });
const titleText = css({ fontWeight: 'bold', lineClamp: 3 });
const closeButton = css({
  bg: 'transparent',
  border: 'none',
  color: 'fg',
  cursor: 'pointer',
  fontSize: 'xl',
  lineHeight: '1',
  px: '1',
});
const actionButton = css({
  gridColumn: '1 / -1',
  justifySelf: 'start',
  bg: 'transparent',
  color: 'link',
  borderWidth: '2px',
  borderColor: 'link',
  fontWeight: 'bold',
  px: '3',
  py: '1',
  cursor: 'pointer',
});

export function Toaster() {
  return (
    <ArkToaster toaster={toaster}>
      {(toast) => (
        <Toast.Root className={root}>
          <div className={text}>
            <Toast.Title className={titleText}>{toast.title}</Toast.Title>
            {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
          </div>
          <Toast.CloseTrigger className={closeButton} aria-label="Close notification">
            ×
          </Toast.CloseTrigger>
          {toast.action ? (
            <Toast.ActionTrigger className={actionButton}>{toast.action.label}</Toast.ActionTrigger>
          ) : null}
        </Toast.Root>
      )}
    </ArkToaster>
  );
}
