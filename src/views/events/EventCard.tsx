import { memo, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { cardImage, endTimeLabel, eventTimeRange } from '../../domain/events';
import { dietaryOf, dietarySummary, eventAllergenFlags } from '../../domain/allergens';
import type { CateringEvent } from '../../machines/events/events.machine';
import { Button } from '../components/Button';
import { SheetLink } from '../eventSheet/SheetLink';
import { DocumentLinks } from '../invoice/DocumentLinks';
import { IcsButton } from '../calendar/IcsButton';
import { EventCostingDetails } from './EventCostingDetails';
import { StatusBadge } from './StatusBadge';
import { CustomerLink } from '../customers/CustomerLink';
import { cancelReasonOf, statusOf } from '../../domain/eventStatus';

export interface EventCardApi {
  openToolkit: (id: number) => void;
  edit: (id: number) => void;
  remove: (id: number) => void;
}

const card = css({
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  display: 'grid',
  gridTemplateColumns: { base: '88px minmax(0, 1fr)', md: '140px minmax(0, 1fr) auto' },
  gap: { base: '3', md: '5' },
  p: { base: '3', md: '4' },
});
const image = css({
  width: { base: '88px', md: '140px' },
  height: { base: '88px', md: '140px' },
  objectFit: 'cover',
  bg: 'surfaceRaised',
});
const title = css({
  fontFamily: 'heading',
  fontSize: 'xl',
  color: 'primary',
  fontWeight: 'bold',
  overflowWrap: 'anywhere',
  lineClamp: 3,
});
const side = css({
  display: 'flex',
  flexDirection: { base: 'row', md: 'column' },
  flexWrap: 'wrap',
  gap: '2',
  alignItems: 'stretch',
  gridColumn: { base: '1 / -1', md: 'auto' },
});
const details = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '4',
  rowGap: '1',
  mt: '3',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dd': { overflowWrap: 'anywhere' },
});
const toggle = css({
  color: 'link',
  textDecoration: 'underline',
  cursor: 'pointer',
  fontWeight: 'bold',
  bg: 'transparent',
  border: 'none',
  p: 0,
  mt: '2',
});

const flagList = css({
  listStyle: 'none',
  p: '2',
  m: 0,
  mt: '2',
  borderLeftWidth: '4px',
  borderColor: 'alertFg',
  bg: 'alertBg',
  color: 'alertFg',
  overflowWrap: 'anywhere',
});

const main = css({ minW: 0 });
const twoLines = css({ lineClamp: 2 });

/**
 * "More Details" / "Hide Details": a disclosure button and the details it shows, made only while open. A plain
 * button and state (issue 23): each card ran Ark's collapsible machine (and its presence machine) on mount, and a
 * quick filter or a search mounts 6 to 10 new cards.
 */
function MoreDetails({ event, customer }: { event: CateringEvent; customer: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        className={toggle}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? 'Hide Details' : 'More Details'}
      </button>
      {open ? (
        <div id={id}>
          <dl className={details}>
            <Detail term="Event Name" value={event.EventName} />
            <Detail term="Customer Name" value={customer} />
            <Detail term="Phone" value={String(event.CustomerPhoneNumber ?? '')} />
            <Detail term="Email" value={event.CustomerEmail} />
            <Detail term="Event Type" value={event.EventType} />
            <Detail term="Number of Guests" value={Number.isFinite(event.NumberOfGuests) ? event.NumberOfGuests : ''} />
            <Detail term="Date" value={event.EventDate} />
            <Detail term="Start Time" value={event.StartTime} />
            <Detail term="End Time" value={endTimeLabel(event)} />
            <Detail term="Venue Name" value={event.VenueName} />
            <Detail term="Address" value={event.VenueStreetAddress} />
            <Detail term="City" value={event.VenueCity} />
            <Detail term="Dietary needs" value={dietarySummary(dietaryOf(event))} />
            <Detail term="Event ID" value={event.id} />
          </dl>
          <EventCostingDetails event={event} />
        </div>
      ) : null}
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string | number }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value === '' ? '—' : value}</dd>
    </>
  );
}

/** One event: picture, name, customer, date, More Details, and the side buttons. */
export const EventCard = memo(function EventCard({ event, api }: { event: CateringEvent; api: EventCardApi }) {
  const img = cardImage(event);
  const customer = `${event.CustomerFirstName} ${event.CustomerLastName}`.trim();
  const times = eventTimeRange(event);
  const flags = eventAllergenFlags(event);
  return (
    <article className={card} aria-label={event.EventName || `Event ${event.id}`}>
      <img src={img.url} alt={img.alt} title={img.title} className={image} width={140} height={140} loading="lazy" />
      <div className={main}>
        <h2 className={title}>{event.EventName}</h2>
        <p>
          <strong>Status:</strong> <StatusBadge status={statusOf(event)} reason={cancelReasonOf(event)} />
        </p>
        <p className={twoLines}>
          <strong>Customer:</strong> <CustomerLink event={event} name={customer} />
        </p>
        <p>
          <strong>Date:</strong> <time dateTime={event.EventDate}>{event.EventDate}</time>
        </p>
        {times ? (
          <p>
            <strong>Time:</strong> {times}
          </p>
        ) : null}
        {flags.length ? (
          <ul className={flagList} aria-label={`Allergen warnings for ${event.EventName}`}>
            {flags.map((f) => (
              <li key={f.lineId}>
                ⚠ <strong>{f.name}</strong>: {f.message}
              </li>
            ))}
          </ul>
        ) : null}
        <MoreDetails event={event} customer={customer} />
      </div>
      <div className={side}>
        <Button
          variant="solidBlue"
          onClick={() => api.openToolkit(event.id)}
          aria-label={`Tool Kit for ${event.EventName}`}
        >
          Tool Kit
        </Button>
        <SheetLink id={event.id} label={`Event Sheet for ${event.EventName}`} />
        <DocumentLinks id={event.id} name={event.EventName} />
        <IcsButton event={() => event} name={event.EventName} />
        <Button variant="outlineGreen" onClick={() => api.edit(event.id)} aria-label={`Edit Event ${event.EventName}`}>
          Edit Event
        </Button>
        <Button
          variant="outlineRed"
          onClick={() => api.remove(event.id)}
          aria-label={`Delete Event ${event.EventName}`}
        >
          Delete Event
        </Button>
      </div>
    </article>
  );
});
