import { css } from 'styled-system/css';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { useUpcomingEvents, type DashboardRef } from './useDashboardActor';
import { eventTimeRange } from '../../domain/events';

const list = css({ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: '3' });
const card = css({ bg: 'surfaceRaised', borderLeftWidth: '6px', borderLeftStyle: 'solid', borderLeftColor: 'primary', p: '3', display: 'grid', gap: '1' });
const name = css({ fontFamily: 'heading', fontWeight: 'bold', fontSize: 'lg', color: 'fg', lineClamp: 3 });
const meta = css({ color: 'fgMuted', fontSize: 'sm' });
const when = css({ fontWeight: 'bold', color: 'primary' });

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
}

export function UpcomingEventsPanel({ dashboard }: { dashboard: DashboardRef }) {
  const events = useUpcomingEvents(dashboard);
  return (
    <Panel heading="Upcoming Events" subtitle="14 day period" actions={<ExportButtons collection="UpcomingEvents" label="UpcomingEvents" rows={() => events} />}>
      {events.length === 0 ? (
        <p className={meta}>No events in the next 14 days.</p>
      ) : (
        <ul className={list}>
          {events.map((event) => (
            <li key={event.id} className={card} aria-label={event.EventName}>
              <span className={name} title={event.EventName}>{event.EventName}</span>
              <span className={when}>
                <time dateTime={event.EventDate}>{formatDate(event.EventDate)}</time>
                {event.StartTime ? ` · ${eventTimeRange(event)}` : ''}
              </span>
              <span className={meta}>
                {event.CustomerFirstName} {event.CustomerLastName} · {event.NumberOfGuests} guests
              </span>
              {event.VenueName ? <span className={meta}>{[event.VenueName, event.VenueCity].filter(Boolean).join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
