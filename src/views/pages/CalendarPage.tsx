import { css } from 'styled-system/css';
import { Page } from '../components/Page';
import { Agenda, CalendarGrid, CalendarToolbar, DayEvents, EventDetails } from '../calendar/CalendarView';
import { useCalendar } from '../../app/calendar/useCalendar';

/** /Calendar (issue 21): every event by month, week or agenda, and the whole calendar as an .ics file. */
export function CalendarPage() {
  const api = useCalendar();
  const entries = api.entries;
  return (
    <Page title="Calendar" heading="Calendar">
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          minW: 0,
        })}
      >
        <CalendarToolbar api={api} />
        <EventDetails api={api} event={api.selected} />
        {api.view === 'agenda' ? (
          <Agenda api={api} events={api.events} />
        ) : (
          <>
            <CalendarGrid api={api} entries={entries} />
            <DayEvents api={api} entries={entries} />
          </>
        )}
      </div>
    </Page>
  );
}
