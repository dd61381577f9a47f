import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { CateringEvent } from '../../machines/events/events.machine';
import { EventCard, type EventCardApi } from './EventCard';
import { usePaintedSince } from '../shell/afterPaint';

const list = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '4' });

/** Lists longer than this are virtualised; shorter ones are all in the page (find-in-page works). */
export const virtualiseAbove = 60;

/** Cards drawn beyond each end of the screen in a virtualised list, once it has been painted. */
const OVERSCAN = 4;

/**
 * The event cards; long lists are virtualised against the window so thousands of events stay quick. Memoised
 * (issue 23): opening or closing the Edit dialog or a Tool Kit renders the page again, not the list.
 */
export const EventList = memo(function EventList({
  events,
  api,
  view,
}: {
  events: CateringEvent[];
  api: EventCardApi;
  /** What the list shows (the filter and the status chosen): a new one is a new list (see VirtualEventList). */
  view: unknown;
}) {
  if (events.length === 0) {
    return <p className={css({ p: '6', textAlign: 'center', color: 'fgMuted' })}>No events to show.</p>;
  }
  if (events.length <= virtualiseAbove) {
    return (
      <ul aria-label="Events" className={list}>
        {events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} api={api} />
          </li>
        ))}
      </ul>
    );
  }
  return <VirtualEventList events={events} api={api} view={view} />;
});

function VirtualEventList({ events, api, view }: { events: CateringEvent[]; api: EventCardApi; view: unknown }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  // The filter panels above the list open and close: keep the list's page offset current.
  useLayoutEffect(() => {
    const measure = () =>
      setOffset(listRef.current ? Math.round(listRef.current.getBoundingClientRect().top + window.scrollY) : 0);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  // Every card's measured height by event id, kept while the page is open (issue 23). The virtualiser keeps
  // only the heights that differ from its guess, and a card whose height is the guess (most: the guess is a
  // card's height) was measured again each time it came back, by a forced layout in React's commit, on every
  // quick filter and search. A card shown again now takes its height from here, as the virtualiser does with
  // the heights it keeps; the card's ResizeObserver (its first report, then every change) corrects it.
  const [heights] = useState(() => new Map<number, number>());
  // The cards just off the screen (the overscan, for smooth scrolling) come after the frame that shows a new
  // list (issue 23): a quick filter or a search draws the two or three cards the screen shows with the click,
  // not six or seven. The same list scrolled, or with an event saved or removed, keeps them.
  const overscan = usePaintedSince(view) ? OVERSCAN : 0;
  const virtualizer = useWindowVirtualizer({
    count: events.length,
    measureElement: (element, entry, instance) => {
      const key = instance.options.getItemKey(instance.indexFromElement(element));
      const box = entry?.borderBoxSize?.[0];
      if (!entry) {
        const known = heights.get(Number(key));
        if (known !== undefined) return known;
      }
      const height = box ? Math.round(box.blockSize) : (element as HTMLElement).offsetHeight;
      heights.set(Number(key), height);
      return height;
    },
    // A card's height on a wide screen with its six side buttons (issue 23: measured 316 px); a closer guess
    // moves fewer cards when they are measured after a filter.
    estimateSize: () => 316,
    overscan,
    gap: 16,
    scrollMargin: offset,
    getItemKey: (index) => events[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <ul
      ref={listRef}
      aria-label="Events"
      className={css({ listStyle: 'none', p: 0, m: 0, position: 'relative' })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const event = events[item.index];
        if (!event) return null;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={css({ position: 'absolute', top: 0, left: 0, width: '100%' })}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <EventCard event={event} api={api} />
          </li>
        );
      })}
    </ul>
  );
}
