import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { useDeleteConfirmView, type DeleteConfirmRef } from '../../app/records/useDeleteConfirm';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'black/50', zIndex: 40 });
const positioner = css({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  p: '4',
  zIndex: 41,
});
const content = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'accent',
  p: '6',
  maxW: '520px',
  width: '100%',
  display: 'grid',
  gap: '4',
  boxShadow: 'xl',
});
const title = css({
  fontFamily: 'heading',
  fontSize: 'xl',
  fontWeight: 'bold',
  color: 'accent',
  overflowWrap: 'anywhere',
});
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });

/** Asks before deleting a record others point at, saying how many and what happens to them. */
export function DeleteConfirmDialog({ confirmRef, noun }: { confirmRef: DeleteConfirmRef; noun: string }) {
  const view = useDeleteConfirmView(confirmRef);
  return (
    <Dialog.Root
      open={view.open}
      onOpenChange={(d) => (d.open ? undefined : view.cancel())}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <Dialog.Title className={title}>
              Delete {noun.toLowerCase()} {view.pending?.title}?
            </Dialog.Title>
            <Dialog.Description>{view.pending?.message}</Dialog.Description>
            <div className={actions}>
              <Button variant="outlineGreen" onClick={view.cancel}>
                Keep {noun}
              </Button>
              <Button variant="solidRed" onClick={view.confirm}>
                Delete {noun}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
