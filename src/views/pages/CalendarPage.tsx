import { useRef } from 'react';
import { css } from 'styled-system/css';
import { Page } from '../components/Page';
import { Agenda, CalendarGrid, CalendarToolbar, DayEvents, EventDetails } from '../calendar/CalendarView';
import { useCalendar, type CalendarApi } from '../../app/calendar/useCalendar';

const column = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  minW: 0,
  '&[hidden]': { display: 'none' },
});

/**
 * /Calendar (issue 21): every event by month, week or agenda, and the whole calendar as an .ics file.
 *
 * The grid (with its day's events) and the agenda, once shown, stay in the page: the one not in view
 * is hidden and keeps what it last showed (it is not drawn again while hidden), so switching between
 * Month and Agenda shows or updates the elements already there instead of building one view's
 * hundreds of elements and removing the other's (issue 21's bench).
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
          <div className={column} hidden={agenda}>
            <CalendarGrid api={grid} entries={grid.entries} />
            <DayEvents api={grid} entries={grid.entries} />
          </div>
        ) : null}
        {agendaApi ? (
          <div className={column} hidden={!agenda}>
            <Agenda api={agendaApi} events={agendaApi.events} />
          </div>
        ) : null}
      </div>
    </Page>
  );
}
