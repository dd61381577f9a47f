import { css } from 'styled-system/css';
import { eventImage, eventImageTypes } from '../../domain/events';
import type { CateringEvent } from '../../machines/events/events.machine';
import type { EventsRef } from '../../app/events/useEventsActor';
import { panel, panelTitle } from '../events/styles';

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(6, 1fr)' },
  gap: '3',
});
const choice = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '1',
  p: '2',
  bg: 'surface',
  color: 'fg',
  borderWidth: '3px',
  borderColor: 'border',
  cursor: 'pointer',
  fontWeight: 'bold',
  '&[aria-pressed=true]': { borderColor: 'primary', bg: 'surfaceRaised' },
  _hover: { borderColor: 'secondary' },
  '& img': { width: '100%', aspectRatio: '1', objectFit: 'cover' },
});

/** Choose Event Image: the 11 event-type pictures; the chosen one shows on the event card. */
export function ImagePanel({ event, eventsRef }: { event: CateringEvent; eventsRef: EventsRef }) {
  return (
    <section className={panel} aria-labelledby="image-title">
      <h2 id="image-title" className={panelTitle}>
        Choose Event Image
      </h2>
      <div className={grid}>
        {eventImageTypes.map((type) => {
          const img = eventImage(type);
          const chosen = event.imageUrl === img.url;
          return (
            <button
              key={type}
              type="button"
              className={choice}
              aria-pressed={chosen}
              onClick={() =>
                eventsRef.send({
                  type: 'event.patch',
                  id: event.id,
                  patch: { imageUrl: img.url, imageAlt: img.alt, imageTitle: img.title },
                })
              }
            >
              <img src={img.url} alt="" width={120} height={120} loading="lazy" />
              <span>{type}</span>
            </button>
          );
        })}
      </div>
    </section>
  );
}
