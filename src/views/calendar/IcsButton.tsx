/** Export (.ics) of one event (its card on /ManageEvents, its sheet): the file of src/domain/ics.ts, downloaded. */
import { buildIcs, eventIcsFileName, ICS_MIME } from '../../domain/ics';
import type { CateringEvent } from '../../machines/events/events.machine';
import { Button } from '../components/Button';
import { downloadBlob } from '../shell/download';
import { notify } from '../shell/toaster';

/** Downloads one event's .ics file; false when the event has no valid date (nothing to place in a calendar). */
export function downloadEventIcs(event: CateringEvent): boolean {
  const file = buildIcs([event], new Date(), event.EventName || `Event ${event.id}`);
  if (!file.included.length) {
    notify({
      type: 'warning',
      title: 'This event has no valid date, so it cannot be exported to a calendar.',
    });
    return false;
  }
  downloadBlob(new Blob([file.text], { type: ICS_MIME }), eventIcsFileName(event));
  return true;
}

/** `event` is read when pressed (the sheet reads the stored event then). */
export function IcsButton({ event, name }: { event: () => CateringEvent | undefined; name: string }) {
  return (
    <Button
      variant="outlineBlue"
      aria-label={`Export ${name} to calendar (.ics)`}
      onClick={() => {
        const current = event();
        if (current) downloadEventIcs(current);
      }}
    >
      Export (.ics)
    </Button>
  );
}
