import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { entryLabel } from '../../domain/recoveredInfo';
import { Button } from '../components/Button';
import { useDiscardConfirmation, type RecoveredRef } from '../../app/recovered/useRecoveredActor';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(0, 0, 0, 0.55)', zIndex: 40 });
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
  overflowWrap: 'anywhere',
});
const title = css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold', color: 'accent' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });
const refusal = css({ bg: 'alertBg', color: 'alertFg', p: '3', fontWeight: 'semibold' });

/** Asks before a set-aside value is discarded for good. */
export function DiscardDialog({ actor }: { actor: RecoveredRef }) {
  const confirmation = useDiscardConfirmation(actor);
  return (
    <Dialog.Root
      open={confirmation.open}
      onOpenChange={(details) => !details.open && !confirmation.busy && confirmation.cancel()}
      role="alertdialog"
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <Dialog.Title className={title}>Discard this value? It cannot be undone.</Dialog.Title>
            <Dialog.Description>
              {confirmation.entry
                ? `${entryLabel(confirmation.entry)}, set aside because: ${confirmation.entry.reason}`
                : ''}
            </Dialog.Description>
            {confirmation.refusal ? (
              <p role="alert" className={refusal}>
                It was not discarded: {confirmation.refusal}
              </p>
            ) : null}
            <div className={actions}>
              <Button variant="outlineGreen" disabled={confirmation.busy} onClick={confirmation.cancel}>
                Keep it
              </Button>
              <Button variant="solidRed" disabled={confirmation.busy} onClick={confirmation.confirm}>
                Discard
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
