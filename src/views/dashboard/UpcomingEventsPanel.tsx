import { css } from 'styled-system/css';
import { cancelReasonOf, statusOf } from '../../domain/eventStatus';
import { StatusBadge } from '../events/StatusBadge';
import { formatMoney } from '../../domain/money';
import { useReceivedOutstanding } from '../../app/dashboard/useReceivedOutstanding';
import { formatFigure, formatPercent } from '../../domain/costing';
import { useWindowCosting } from '../../app/events/costingData';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { useUpcomingEvents, type DashboardRef } from '../../app/dashboard/useDashboardActor';
import { eventTimeRange } from '../../domain/events';

const list = css({
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
});
const card = css({
  bg: 'surfaceRaised',
  borderLeftWidth: '6px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'primary',
  p: '3',
  display: 'grid',
  gap: '1',
});
const name = css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg', color: 'fg', lineClamp: 3 });
const meta = css({ color: 'fgMuted', fontSize: 'sm' });
const when = css({ fontWeight: 'bold', color: 'primary' });
const totals = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  mb: '3',
  '& div': { bg: 'surfaceRaised', p: '2', display: 'flex', flexDirection: 'column' },
  '& dt': { color: 'fgMuted', fontSize: 'sm', fontWeight: 'bold' },
  '& dd': { fontWeight: 'bold', fontSize: 'lg', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
});

/** The window's revenue (prices after discount, before tax), cost (food and labour) and margin. */
function WindowTotals({ events }: { events: Parameters<typeof useWindowCosting>[0] }) {
  const w = useWindowCosting(events);
  const money = useReceivedOutstanding(events);
  return (
    <>
      <dl className={totals} aria-label="Totals of the 14 day period">
        <div>
          <dt>Revenue</dt>
          <dd>{formatFigure(w.revenue)}</dd>
        </div>
        <div>
          <dt>Cost (food and labour)</dt>
          <dd>{formatFigure(w.cost)}</dd>
        </div>
        <div>
          <dt>Margin</dt>
          <dd>{formatFigure(w.margin)}</dd>
        </div>
        <div>
          <dt>Margin %</dt>
          <dd>{formatPercent(w.marginPercent)}</dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>{formatMoney(money.received)}</dd>
        </div>
        <div>
          <dt>Outstanding</dt>
          <dd>{formatMoney(money.outstanding)}</dd>
        </div>
      </dl>
      {w.foreignCurrencies.length ? (
        <p className={meta}>Includes price lines in {w.foreignCurrencies.join(', ')} at face value.</p>
      ) : null}
      {w.unavailable ? <p className={meta}>{w.unavailable} event(s) left out: their figures are unavailable.</p> : null}
    </>
  );
}

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** "Ann Lee · 12 guests", or "12 guests" when the event has no customer name. */
function customerAndGuests(event: {
  CustomerFirstName: string;
  CustomerLastName: string;
  NumberOfGuests: number;
}): string {
  const customer = [event.CustomerFirstName, event.CustomerLastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  const guests = `${event.NumberOfGuests} ${event.NumberOfGuests === 1 ? 'guest' : 'guests'}`;
  return customer ? `${customer} · ${guests}` : guests;
}

export function UpcomingEventsPanel({ dashboard }: { dashboard: DashboardRef }) {
  const events = useUpcomingEvents(dashboard);
  return (
    <Panel
      heading="Upcoming Events"
      subtitle="14 day period"
      actions={<ExportButtons collection="UpcomingEvents" label="UpcomingEvents" rows={() => events} />}
    >
      <WindowTotals events={events} />
      {events.length === 0 ? (
        <p className={meta}>No events in the next 14 days.</p>
      ) : (
        <ul className={list}>
          {events.map((event) => (
            <li key={event.id} className={card} aria-label={event.EventName}>
              <span className={name} title={event.EventName}>
                {event.EventName}
              </span>
              <span className={when}>
                <time dateTime={event.EventDate}>{formatDate(event.EventDate)}</time>
                {event.StartTime ? ` · ${eventTimeRange(event)}` : ''}
              </span>
              <span className={meta}>
                <StatusBadge status={statusOf(event)} reason={cancelReasonOf(event)} />
              </span>
              <span className={meta}>{customerAndGuests(event)}</span>
              {event.VenueName ? (
                <span className={meta}>{[event.VenueName, event.VenueCity].filter(Boolean).join(', ')}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
