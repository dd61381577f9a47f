import { css } from 'styled-system/css';
import { statusLabels, type EventStatus } from '../../domain/eventStatus';

const badge = css({
  display: 'inline-block',
  px: '2',
  py: '0.5',
  fontSize: 'sm',
  fontWeight: 'bold',
  borderWidth: '2px',
  borderStyle: 'solid',
  '&[data-status=enquiry]': { borderColor: 'secondary', color: 'fg' },
  '&[data-status=quoted]': { borderColor: 'secondary', color: 'secondary' },
  '&[data-status=confirmed]': { borderColor: 'primary', color: 'primary' },
  '&[data-status=completed]': { borderColor: 'border', color: 'fgMuted' },
  '&[data-status=cancelled]': { borderColor: 'accent', color: 'alertFg', textDecoration: 'none' },
});

/** An event's status as a labelled badge ("Cancelled: rained out" reads the reason too). */
export function StatusBadge({ status, reason = '' }: { status: EventStatus; reason?: string }) {
  const text =
    status === 'cancelled' && reason.trim() ? `${statusLabels[status]}: ${reason.trim()}` : statusLabels[status];
  return (
    <span className={badge} data-status={status} data-event-status="">
      {text}
    </span>
  );
}
