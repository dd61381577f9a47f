import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';

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
});
const title = css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold', color: 'accent' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });

/** Asks before Use Mock Data replaces collections that already hold data, naming them. */
export function ReplaceMockDialog({
  open,
  replacing,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  replacing: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onCancel()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <Dialog.Title className={title}>Replace your data with mock data?</Dialog.Title>
            <Dialog.Description>
              These collections already hold data and will be replaced by the mock data: <strong>{replacing}</strong>.
              This cannot be undone.
            </Dialog.Description>
            <div className={actions}>
              <Button variant="outlineGreen" onClick={onCancel}>
                Keep My Data
              </Button>
              <Button variant="solidRed" onClick={onConfirm}>
                Replace with Mock Data
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
