import { useActorRef } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { quickFilterLabels, toISODate } from '../../domain/eventDates';
import { eventFieldLabels, type EventFilter } from '../../domain/events';
import { statusLabels } from '../../domain/eventStatus';
import { eventFiltersMachine } from '../../machines/events/eventFilters.machine';
import { Button } from '../components/Button';
import { ConflictDialog } from '../components/ConflictDialog';
import { Page } from '../components/Page';
import { EventFilters, StatusFilterSelect, useEventFilters } from '../events/EventFilters';
import { EventFormDialog } from '../events/EventFormDialog';
import { EventList } from '../events/EventList';
import { connectEventsPage } from '../../machines/events/events.connect';
import { useConnect } from '../../app/shell/useConnect';
import { useEventConflict, useEventsActor, useShownEvents, type EventsRef } from '../../app/events/useEventsActor';
import { useToolkitReady } from '../../app/toolkit/useToolkitReady';
import { ToolkitDialog } from '../toolkit/ToolkitDialog';
import type { FormRef } from '../events/EventFormDialog';
import { inspect } from '../shell/inspector';
import { useLocation } from 'wouter';
import { EventsInAccount } from '../sync/EventsInAccount';
import { EventFromAccount } from '../sync/EventFromAccount';
import { useHoldEventHere } from '../../app/sync/useEventsInAccount';
import { eventSheetPath } from '../eventSheet/path';

/** The printable event sheet rides in this page's chunk (see NotFoundPage). */
export { EventSheetPage } from './EventSheetPage';
export { EventDocumentPage } from './EventDocumentPage';
// The lists each page's first render reads, read ahead while its code loads (App.tsx `named`, NotFoundPage).
export { prepareEvents as prepare, prepareEvents, prepareEventSheet } from '../../app/prepareLists';

function useEventsPage(ref: EventsRef) {
  return useConnect(ref, connectEventsPage<FormRef>);
}

function describeFilter(filter: EventFilter): string {
  if (filter.kind === 'quick') return quickFilterLabels[filter.filter];
  if (filter.kind === 'range') return `Dates ${filter.start || '…'} to ${filter.end || '…'}`;
  return `Customer name “${[filter.first.trim(), filter.last.trim()].filter(Boolean).join(' ')}”`;
}

export function EventsPage() {
  const eventsRef = useEventsActor();
  const filtersRef = useActorRef(eventFiltersMachine, { inspect });
  const page = useEventsPage(eventsRef);
  const filters = useEventFilters(filtersRef);
  const [today] = useState(() => toISODate(new Date()));
  const { shown, total } = useShownEvents(eventsRef, filters.filter, today, filters.status);
  // A new filter or status is a new list (EventList draws its off-screen cards after its first frame).
  const view = useMemo(() => ({ filter: filters.filter, status: filters.status }), [filters.filter, filters.status]);
  // The Tool Kit's first open reads nothing big: the inventory and the staff lists are read when idle.
  useToolkitReady(eventsRef);
  // /ManageEvents?toolkit=<id> (the calendar's Tool Kit link) opens that event's Tool Kit once; an event
  // this browser does not hold may be kept only in the account (issue 24 part 7): fetched first.
  const [toolkitFromAccount, setToolkitFromAccount] = useState<number | null>(null);
  useEffect(() => {
    const id = Number(new URLSearchParams(window.location.search).get('toolkit'));
    if (!Number.isInteger(id) || id <= 0) return;
    if (eventsRef.getSnapshot().context.events.some((e) => e.id === id)) eventsRef.send({ type: 'toolkit.open', id });
    else setToolkitFromAccount(id);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [eventsRef]);
  const openFetchedToolkit = useCallback(
    (id: number) => {
      setToolkitFromAccount(null);
      eventsRef.send({ type: 'toolkit.open', id });
    },
    [eventsRef],
  );
  // An event whose Tool Kit is open stays on this device meanwhile (a sync does not let it go to the account).
  useHoldEventHere(page.toolkitEvent?.id);
  // So does the event its Edit Event dialog is about (another tab's sync included).
  useHoldEventHere(page.editingId);
  const [, navigate] = useLocation();
  // An event kept only in the account, fetched: its Tool Kit opens here, or its sheet.
  const openFromAccount = useCallback(
    (id: number, view: 'toolkit' | 'sheet') =>
      view === 'toolkit' ? eventsRef.send({ type: 'toolkit.open', id }) : navigate(eventSheetPath(id)),
    [eventsRef, navigate],
  );
  // The same function for every render: the Tool Kit is memoised on its props (issue 23, sixth pass).
  const closeToolkit = useCallback(() => eventsRef.send({ type: 'toolkit.close' }), [eventsRef]);
  // A form the page opened by itself (a new event's draft restored after a reload) gives the focus back here.
  const newEventButton = useRef<HTMLButtonElement>(null);
  const focusNewEvent = useCallback(() => newEventButton.current, []);
  const cardApi = useMemo(
    () => ({
      openToolkit: (id: number) => eventsRef.send({ type: 'toolkit.open', id }),
      edit: (id: number) => eventsRef.send({ type: 'form.edit', id }),
      remove: (id: number) => eventsRef.send({ type: 'event.delete', id }),
    }),
    [eventsRef],
  );
  return (
    <Page title="Event Management" heading="Event Management">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <Button ref={newEventButton} variant="solidGreen" onClick={page.newEvent}>
            New Event
          </Button>
          <Button variant="outlineBlue" aria-expanded={filters.quickShown} onClick={filters.toggleQuick}>
            Filter Events
          </Button>
          <Button variant="outlineBlue" aria-expanded={filters.moreShown} onClick={filters.toggleMore}>
            More Filtering Options
          </Button>
          <StatusFilterSelect filtersRef={filtersRef} />
        </div>
        <EventFilters filtersRef={filtersRef} />
        {toolkitFromAccount !== null ? (
          <EventFromAccount
            id={toolkitFromAccount}
            onFetched={openFetchedToolkit}
            notFound={<p role="alert">No event has the id {toolkitFromAccount}, so no Tool Kit opened.</p>}
          />
        ) : null}
        <p role="status" className={css({ color: 'fgMuted' })}>
          Showing {shown.length} of {total} events · {describeFilter(filters.filter)}
          {filters.status === 'any' ? '' : ` · Status ${statusLabels[filters.status]}`}
        </p>
        <EventList events={shown} api={cardApi} view={view} />
        <EventsInAccount onOpened={openFromAccount} />
      </div>
      {page.formRef ? (
        <EventFormDialog
          key={page.formRef.id}
          formRef={page.formRef}
          changedElsewhere={page.changedElsewhere}
          fallbackFocus={focusNewEvent}
        />
      ) : null}
      {page.toolkitEvent ? (
        // Keyed by the event: a Tool Kit whose event sync moved to a free id starts again on it (its drafts moved too).
        <ToolkitDialog
          key={page.toolkitEvent.id}
          id={page.toolkitEvent.id}
          eventsRef={eventsRef}
          onClose={closeToolkit}
        />
      ) : null}
      <EventConflict eventsRef={eventsRef} />
    </Page>
  );
}

/** Memoised (issue 23): a filter or a search renders the page again, not the (closed) conflict dialog. */
const EventConflict = memo(function EventConflict({ eventsRef }: { eventsRef: EventsRef }) {
  const conflict = useEventConflict(eventsRef);
  return <ConflictDialog conflict={conflict} what={`event ${conflict.name}`.trim()} labels={eventFieldLabels} />;
});
