import { useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { Page } from '../components/Page';
import { Agenda, CalendarGrid, CalendarToolbar, DayEvents, EventDetails } from '../calendar/CalendarView';
import { useCalendar, type CalendarApi } from '../../app/calendar/useCalendar';

// The lists its first render reads, read ahead while its code loads (App.tsx `named`, issue 23).
export { prepareEvents as prepare } from '../../app/prepareLists';

const column = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  minW: 0,
  position: 'relative',
});
/**
 * The view not shown: `content-visibility: hidden` (not drawn, not focusable, its style and layout kept
 * for when it shows again, unlike `display: none`), taken out of the flow, and aria-hidden for the
 * accessibility tree. (`inert` would make the browser work out the style of the whole view again on
 * each switch: twice the style time in a trace.)
 */
const asleep = css({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  contentVisibility: 'hidden',
});

/**
 * /Calendar (issue 21): every event by month, week or agenda, and the whole calendar as an .ics file.
 *
 * The grid (with its day's events) and the agenda, once shown, stay in the page: the one not in view
 * is hidden and keeps what it last showed (it is not drawn again while hidden), so switching between
 * Month and Agenda shows or updates the elements already there instead of building one view's
 * hundreds of elements and removing the other's, and the browser reuses the hidden view's layout
 * (issue 21's bench).
 */
export function CalendarPage() {
  const api = useCalendar();
  // Each view's calendar as it last showed it; a view not yet shown is not in the page.
  const shown = useRef<{ grid?: CalendarApi; agenda?: CalendarApi }>({});
  const agenda = api.view === 'agenda';
  if (agenda) shown.current.agenda = api;
  else shown.current.grid = api;
  const { grid, agenda: agendaApi } = shown.current;
  return (
    <Page title="Calendar" heading="Calendar">
      <div className={column}>
        <CalendarToolbar api={api} />
        <EventDetails api={api} event={api.selected} />
        {grid ? (
          <div className={agenda ? cx(column, asleep) : column} aria-hidden={agenda || undefined}>
            <CalendarGrid api={grid} entries={grid.entries} />
            <DayEvents api={grid} entries={grid.entries} />
          </div>
        ) : null}
        {agendaApi ? (
          <div className={!agenda ? cx(column, asleep) : column} aria-hidden={!agenda || undefined}>
            <Agenda api={agendaApi} events={agendaApi.events} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
