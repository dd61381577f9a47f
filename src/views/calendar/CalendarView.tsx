/**
 * /Calendar's views: the toolbar, the month and week grids (WAI-ARIA grid pattern: one tab stop on
 * the focused day, arrow keys, Home/End, PageUp/PageDown; each day named with its full date and its
 * events), the focused day's events, the agenda and an event's details.
 */
import { statusLabels, statusOf, statusText } from '../../domain/eventStatus';
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import {
  entryTime,
  fullDate,
  isBusy,
  isGridKey,
  moreLabel,
  periodTitle,
  shortDate,
  startsOn,
  weekdayNames,
  type CalendarView,
  type DayEntry,
} from '../../domain/calendar';
import { quickFilterLabels } from '../../domain/eventDates';
import { eventTimeRange } from '../../domain/events';
import type { CateringEvent } from '../../machines/events/events.machine';
import { Button } from '../components/Button';
import { SheetLink } from '../eventSheet/SheetLink';
import { routes } from '../shell/routes';
import { IcsButton } from './IcsButton';
import type { CalendarApi } from '../../app/calendar/useCalendar';
import type { DayChips } from '../../machines/calendar/calendar.connect';

type Entries = ReadonlyMap<string, ReadonlyArray<DayEntry<CateringEvent>>>;
type DayList = ReadonlyArray<DayEntry<CateringEvent>>;

const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  alignItems: 'center',
});
const group = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const period = css({
  fontFamily: 'heading',
  fontSize: { base: 'xl', md: '2xl' },
  color: 'secondary',
  fontWeight: 'bold',
});
const gridBox = css({
  borderWidth: '2px',
  borderColor: 'border',
  bg: 'surface',
  width: '100%',
});
const row = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
});
const weekRow = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(7, minmax(0, 1fr))' },
});
const header = css({
  textAlign: 'center',
  fontWeight: 'bold',
  fontSize: 'sm',
  color: 'fgMuted',
  py: '1',
  borderBottomWidth: '1px',
  borderColor: 'border',
});
const cell = css({
  position: 'relative',
  minW: 0,
  borderWidth: '1px',
  borderColor: 'border',
  p: { base: '1', md: '2' },
  cursor: 'pointer',
  // Block layout, spaced by margins (a flex column lays out its items twice).
  '& > * + *': { mt: '1' },
  '& > button + button': { mt: '0.5' },
  _focusVisible: {
    outline: '3px solid',
    outlineColor: 'focusRing',
    outlineOffset: '-3px',
    zIndex: 1,
  },
  '&[aria-selected=true]': { bg: 'surfaceRaised' },
  '&[data-outside]': { color: 'fgMuted' },
});
const monthCell = css({ minH: { base: '14', md: '28' } });
const weekCell = css({ minH: { base: 'auto', md: '40' } });
const dayNumber = css({
  fontWeight: 'bold',
  fontSize: 'sm',
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  flexWrap: 'wrap',
});
/** The month's day number: one line of text and inline badges (they wrap under the number in a narrow cell). */
const monthDayNumber = css({
  display: 'block',
  fontWeight: 'bold',
  fontSize: 'sm',
  '& > span + span': { ml: '1' },
});
const todayNumber = css({
  display: 'inline-block',
  bg: 'primary',
  color: 'onSolid',
  borderRadius: 'full',
  px: '1.5',
  minW: '6',
  textAlign: 'center',
});
const busyBadge = css({
  display: 'inline-block',
  bg: 'accent',
  color: 'onSolid',
  fontSize: 'xs',
  fontWeight: 'bold',
  px: '1',
  borderRadius: 'sm',
  lineHeight: '1.4',
});
const busyCell = css({ boxShadow: 'inset 0 0 0 2px var(--colors-accent)' });
const chip = css({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  fontSize: 'xs',
  lineHeight: '1.3',
  bg: 'bg',
  color: 'fg',
  borderLeftWidth: '3px',
  borderColor: 'primary',
  px: '1',
  py: '0.5',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { textDecoration: 'underline' },
  '&[data-continued]': { borderColor: 'fgMuted', fontStyle: 'italic' },
});
/** In the week view a day is tall enough for whole names. */
const wrapChip = css({
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  fontSize: 'sm',
});
/** A month day's chips and "+N more" sit in the day itself (no wrapper); a phone shows dots instead. */
const monthChip = css({ display: { base: 'none', md: 'block' } });
const phoneCount = css({
  display: { base: 'block', md: 'none' },
  fontSize: 'xs',
  color: 'fgMuted',
});
const panel = css({
  bg: 'surface',
  borderWidth: '2px',
  borderColor: 'border',
  p: { base: '3', md: '5' },
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
const panelTitle = css({
  fontFamily: 'heading',
  fontSize: 'lg',
  fontWeight: 'bold',
  color: 'secondary',
});
const list = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  listStyle: 'none',
  p: 0,
  m: 0,
});
const entryButton = css({
  display: 'flex',
  gap: '3',
  width: '100%',
  textAlign: 'left',
  bg: 'bg',
  color: 'fg',
  borderWidth: '1px',
  borderColor: 'border',
  borderLeftWidth: '4px',
  borderLeftColor: 'primary',
  px: '3',
  py: '2',
  cursor: 'pointer',
  minH: '11',
  alignItems: 'center',
  _hover: { bg: 'surfaceRaised' },
  _focusVisible: {
    outline: '3px solid',
    outlineColor: 'focusRing',
    outlineOffset: '1px',
  },
});
const entryTimeText = css({
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  minW: '14',
  flexShrink: 0,
});
const entryName = css({ overflowWrap: 'anywhere', minW: 0 });
const details = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '4',
  rowGap: '1',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dd': { overflowWrap: 'anywhere' },
});

const eventName = (event: CateringEvent) => event.EventName || `Event ${event.id}`;
/** Issue 22: a status other than Confirmed is named after the event ("Gala (Cancelled)"). */
const statusSuffix = (event: CateringEvent) => {
  const status = statusOf(event);
  return status === 'confirmed' ? '' : ` (${statusLabels[status]})`;
};
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A day's accessible name: its full date, today, how many events and whether it is marked. */
function dayLabel(day: string, today: string, entries: DayList | undefined, staffTwice = false): string {
  const count = startsOn(entries);
  const parts = [fullDate(day)];
  if (day === today) parts.push('today');
  parts.push(count ? plural(count, 'event') : 'no events');
  if ((entries ?? []).some((e) => e.continued)) parts.push('an event continues from the day before');
  if (isBusy(entries)) parts.push('busy: two or more events');
  if (staffTwice) parts.push('staff booked twice');
  return parts.join(', ');
}

export function CalendarToolbar({ api }: { api: CalendarApi }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <ToolbarButtons
        view={api.view}
        setView={api.setView}
        previous={api.previous}
        goToday={api.goToday}
        next={api.next}
        jump={api.jump}
        exportAll={api.exportAll}
      />
      <h2 id="calendar-period" className={period} aria-live="polite">
        {periodTitle(api.view, api.focused)}
      </h2>
    </div>
  );
}

const views: Array<[CalendarView, string]> = [
  ['month', 'Month'],
  ['week', 'Week'],
  ['agenda', 'Agenda'],
];

/**
 * The toolbar's buttons. Memoised: their callbacks keep their identity (calendar.connect.ts), so Next
 * or a focused day does not draw the eight buttons again; a view change does.
 */
const ToolbarButtons = memo(function ToolbarButtons({
  view: current,
  setView,
  previous,
  goToday,
  next,
  jump,
  exportAll,
}: Pick<CalendarApi, 'view' | 'setView' | 'previous' | 'goToday' | 'next' | 'jump' | 'exportAll'>) {
  return (
    <>
      <div className={toolbar}>
        <div role="group" aria-label="View" className={group}>
          {views.map(([view, label]) => (
            <Button
              key={view}
              size="sm"
              variant={current === view ? 'solidBlue' : 'outlineBlue'}
              aria-pressed={current === view}
              onClick={() => setView(view)}
            >
              {label}
            </Button>
          ))}
        </div>
        <div role="group" aria-label="Go to" className={group}>
          <Button size="sm" variant="outlineBlue" onClick={previous}>
            Previous
          </Button>
          <Button size="sm" variant="outlineBlue" onClick={goToday}>
            Today
          </Button>
          <Button size="sm" variant="outlineBlue" onClick={next}>
            Next
          </Button>
        </div>
      </div>
      <div className={toolbar}>
        <div role="group" aria-label="Quick filters" className={group}>
          {(['week', 'month', 'nextMonth'] as const).map((to) => (
            <Button key={to} size="sm" variant="outlineGreen" onClick={() => jump(to)}>
              {quickFilterLabels[to]}
            </Button>
          ))}
        </div>
        <Button size="sm" variant="solidGreen" onClick={exportAll}>
          Export calendar (.ics)
        </Button>
      </div>
    </>
  );
});

function Chip({
  entry,
  onOpen,
  wrap,
}: {
  entry: DayEntry<CateringEvent>;
  onOpen: (id: number) => void;
  wrap?: boolean;
}) {
  const time = entryTime(entry);
  return (
    <button
      type="button"
      tabIndex={-1}
      className={cx(chip, wrap ? wrapChip : monthChip)}
      data-continued={entry.continued || undefined}
      title={`${time} ${eventName(entry.event)}${statusSuffix(entry.event)}`.trim()}
      data-status={statusOf(entry.event)}
      onClick={(e) => {
        e.stopPropagation();
        onOpen(entry.event.id);
      }}
    >
      {time ? `${time} ` : ''}
      {eventName(entry.event)}
      {statusSuffix(entry.event)}
    </button>
  );
}

const moreButton = css({
  display: 'block',
  width: '100%',
  textAlign: 'left',
  fontSize: 'xs',
  fontWeight: 'bold',
  color: 'primary',
  px: '1',
  py: '0.5',
  cursor: 'pointer',
  _hover: { textDecoration: 'underline' },
});

/**
 * A month day's "+N more": opens the day (it becomes the focused day, whose events are all listed
 * under the grid) and takes the focus to that list. Like the chips it is no tab stop: the grid keeps
 * one (Enter on a day goes to the same list).
 */
function MoreButton({ onShowDay, day, more }: { onShowDay: (day: string) => void; day: string; more: number }) {
  const { text, label } = moreLabel(more, day);
  return (
    <button
      type="button"
      tabIndex={-1}
      className={cx(moreButton, monthChip)}
      aria-label={label}
      aria-controls="calendar-day-events"
      onClick={(e) => {
        e.stopPropagation();
        onShowDay(day);
        requestAnimationFrame(() => {
          const list = document.getElementById('calendar-day-events');
          list?.scrollIntoView({ block: 'nearest' });
          list?.querySelector<HTMLElement>('button')?.focus();
        });
      }}
    >
      {text}
    </button>
  );
}

/** The month or week grid. Memoised: the page keeps it, not drawn again, while the agenda is shown. */
export const CalendarGrid = memo(function CalendarGrid({ api, entries }: { api: CalendarApi; entries: Entries }) {
  const gridRef = useRef<HTMLDivElement>(null);
  // Set by a key on a day: the focus follows the focused day even when the month's rows are rebuilt.
  const keyMoved = useRef(false);
  const month = api.view === 'month';
  const weeks = api.weeks;
  const currentMonth = api.focused.slice(0, 7);
  // The roving tab stop follows the focused day; the focus moves with it while it is in the grid.
  useEffect(() => {
    const grid = gridRef.current;
    if (!grid || !(keyMoved.current || grid.contains(document.activeElement))) return;
    keyMoved.current = false;
    grid.querySelector<HTMLElement>(`[data-date="${api.focused}"]`)?.focus();
  }, [api.focused, api.view]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isGridKey(event.key)) {
      event.preventDefault();
      keyMoved.current = true;
      api.move(event.key, event.shiftKey);
    } else if (
      (event.key === 'Enter' || event.key === ' ') &&
      (event.target as HTMLElement).getAttribute('role') === 'gridcell'
    ) {
      // To the day's events, listed under the grid.
      event.preventDefault();
      document.querySelector<HTMLElement>('#calendar-day-events button')?.focus();
    }
  };
  return (
    <div
      ref={gridRef}
      role="grid"
      aria-labelledby="calendar-period"
      aria-readonly="true"
      className={gridBox}
      onKeyDown={onKeyDown}
    >
      <div
        role="row"
        className={cx(month ? row : weekRow, month ? undefined : css({ display: { base: 'none', md: 'grid' } }))}
      >
        {weekdayNames.short.map((name, i) => (
          <div key={name} role="columnheader" aria-label={weekdayNames.long[i]} className={header}>
            {name}
          </div>
        ))}
      </div>
      {weeks.map((week, w) => (
        // Rows and cells keyed by their place in the grid: Next and Previous reuse the grid's elements.
        <div key={w} role="row" className={month ? row : weekRow}>
          {week.map((day, column) => (
            <DayCell
              key={column}
              day={day}
              month={month}
              outside={month && day.slice(0, 7) !== currentMonth}
              selected={day === api.focused}
              today={api.today}
              staffTwice={api.staffBookedTwice.has(day)}
              entries={entries.get(day)}
              chips={api.chipsOf(day)}
              onOpen={api.open}
              onFocusDay={api.focus}
              onShowDay={api.showDay}
            />
          ))}
        </div>
      ))}
    </div>
  );
});

const weekChips = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
});
const weekDayShort = css({ display: { base: 'inline', md: 'none' } });
const weekDayNumber = css({ display: { base: 'none', md: 'inline' } });

/**
 * One day of the grid. Memoised: a day whose date, events, marks and focus are unchanged is not drawn
 * again when another day is focused or an event opened (its entries and chips keep their identity, see
 * calendar.connect.ts). `today` decides only whether this day is today.
 */
const DayCell = memo(function DayCell({
  day,
  month,
  outside,
  selected,
  today,
  staffTwice,
  entries: list,
  chips,
  onOpen,
  onFocusDay,
  onShowDay,
}: {
  day: string;
  month: boolean;
  outside: boolean;
  selected: boolean;
  today: string;
  staffTwice: boolean;
  entries: DayList | undefined;
  chips: DayChips;
  onOpen: (id: number) => void;
  onFocusDay: (day: string) => void;
  onShowDay: (day: string) => void;
}) {
  const busy = isBusy(list);
  const count = startsOn(list);
  const dayButtons = (
    <>
      {chips.shown.map((entry, i) => (
        // Keyed by place, like the cells: Next shows the new month's events in the same buttons.
        <Chip key={i} entry={entry} onOpen={onOpen} wrap={!month} />
      ))}
      {chips.more ? <MoreButton onShowDay={onShowDay} day={day} more={chips.more} /> : null}
    </>
  );
  return (
    <div
      role="gridcell"
      data-date={day}
      data-busy={busy || undefined}
      data-staff-twice={staffTwice || undefined}
      data-outside={outside || undefined}
      tabIndex={selected ? 0 : -1}
      aria-selected={selected}
      aria-label={dayLabel(day, today, list, staffTwice)}
      className={cx(cell, month ? monthCell : weekCell, busy || staffTwice ? busyCell : undefined)}
      onClick={() => onFocusDay(day)}
      onFocus={() => !selected && onFocusDay(day)}
    >
      <span className={month ? monthDayNumber : dayNumber} aria-hidden="true">
        {!month ? <span className={weekDayShort}>{shortDate(day)}</span> : null}
        <span className={cx(day === today ? todayNumber : undefined, !month ? weekDayNumber : undefined)}>
          {Number(day.slice(8))}
        </span>
        {busy ? <span className={busyBadge}>{count}</span> : null}
        {staffTwice ? (
          <span className={busyBadge} title="Staff booked twice">
            ⚠
          </span>
        ) : null}
      </span>
      {month && list?.length ? (
        <span className={phoneCount} aria-hidden="true">
          {busy ? '' : '●'.repeat(Math.min(list.length, 3))}
        </span>
      ) : null}
      {month ? dayButtons : <div className={weekChips}>{dayButtons}</div>}
    </div>
  );
});

function EntryButton({ entry, onOpen }: { entry: DayEntry<CateringEvent>; onOpen: (id: number) => void }) {
  const time = entryTime(entry);
  return (
    <button type="button" className={entryButton} onClick={() => onOpen(entry.event.id)}>
      <span className={entryTimeText}>{time || 'All day'}</span>
      <span className={entryName}>
        {eventName(entry.event)}
        {statusSuffix(entry.event)}
        {entry.continued ? ' (continued from the day before)' : ''}
      </span>
    </button>
  );
}

/** The focused day's events, under the grid (Enter on a day comes here). Memoised like the grid. */
export const DayEvents = memo(function DayEvents({ api, entries }: { api: CalendarApi; entries: Entries }) {
  const dayList = entries.get(api.focused) ?? [];
  return (
    <section id="calendar-day-events" className={panel} aria-labelledby="calendar-day-title">
      <h2 id="calendar-day-title" className={panelTitle}>
        {fullDate(api.focused)}
      </h2>
      {dayList.length ? (
        <ul className={list}>
          {dayList.map((entry, i) => (
            <li key={i}>
              <EntryButton entry={entry} onOpen={api.open} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ color: 'fgMuted' })}>No events on this day.</p>
      )}
    </section>
  );
});

/**
 * The agenda: the 14 days from the focused day, days with events only, in date and time order.
 * `events`: the page's events (api.events), whose days api.agenda lists. Memoised like the grid.
 */
export const Agenda = memo(function Agenda({ api }: { api: CalendarApi; events: readonly CateringEvent[] }) {
  const groups = api.agenda;
  if (!groups.length) return <p className={panel}>No events in these 14 days.</p>;
  return (
    <ol className={list} aria-label="Agenda">
      {groups.map(({ day, entries }, i) => (
        // Keyed by place: Next shows the next 14 days in the same sections.
        <AgendaDay
          key={i}
          day={day}
          entries={entries}
          isToday={day === api.today}
          staffTwice={api.staffBookedTwice.has(day)}
          onOpen={api.open}
        />
      ))}
    </ol>
  );
});

const agendaTitle = cx(
  panelTitle,
  css({
    display: 'flex',
    gap: '2',
    alignItems: 'center',
    flexWrap: 'wrap',
  }),
);
const todayNote = css({ fontSize: 'sm', color: 'fgMuted' });

/** One day of the agenda; memoised like the grid's days (its entries keep their identity per events snapshot). */
const AgendaDay = memo(function AgendaDay({
  day,
  entries,
  isToday,
  staffTwice,
  onOpen,
}: {
  day: string;
  entries: DayList;
  isToday: boolean;
  staffTwice: boolean;
  onOpen: (id: number) => void;
}) {
  const busy = isBusy(entries);
  return (
    <li>
      <section
        className={panel}
        aria-labelledby={`agenda-${day}`}
        data-busy={busy || undefined}
        data-staff-twice={staffTwice || undefined}
      >
        <h3 id={`agenda-${day}`} className={agendaTitle}>
          {fullDate(day)}
          {isToday ? <span className={todayNote}>(today)</span> : null}
          {busy ? <span className={busyBadge}>Busy: {plural(startsOn(entries), 'event')}</span> : null}
          {staffTwice ? <span className={busyBadge}>Staff booked twice</span> : null}
        </h3>
        <ul className={list}>
          {entries.map((entry, i) => (
            <li key={i}>
              <EntryButton entry={entry} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
});

function Detail({ term, value }: { term: string; value: string | number }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{value === '' ? '—' : value}</dd>
    </>
  );
}

/** The activated event: its details, links to its Tool Kit and sheet, and its own .ics. */
export function EventDetails({ api, event }: { api: CalendarApi; event: CateringEvent | undefined }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What had the focus when the details opened (the event's name in a day or the agenda): it gets it back on Close.
  const opener = useRef<HTMLElement | null>(null);
  const id = event?.id;
  useEffect(() => {
    if (id === undefined) return;
    if (document.activeElement instanceof HTMLElement && document.activeElement !== headingRef.current)
      opener.current = document.activeElement;
    headingRef.current?.focus();
  }, [id]);
  const close = () => {
    // The view not shown stays in the page, hidden (aria-hidden): focus never goes there.
    const shown = (el: HTMLElement | null | undefined): el is HTMLElement =>
      !!el?.isConnected && !el.closest('[aria-hidden="true"]');
    const back = shown(opener.current)
      ? opener.current
      : [...document.querySelectorAll<HTMLElement>('[role=gridcell][tabindex="0"]')].find(shown);
    api.close();
    back?.focus();
  };
  if (!event) return null;
  const customer = `${event.CustomerFirstName} ${event.CustomerLastName}`.trim();
  const name = eventName(event);
  return (
    <section
      className={cx(panel, css({ borderColor: 'primary' }))}
      aria-labelledby="calendar-details-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <p
        className={css({
          fontSize: 'sm',
          color: 'fgMuted',
          fontWeight: 'bold',
        })}
      >
        Event details
      </p>
      <h2
        id="calendar-details-title"
        ref={headingRef}
        tabIndex={-1}
        className={cx(panelTitle, css({ fontSize: 'xl', color: 'primary', overflowWrap: 'anywhere' }))}
      >
        {name}
      </h2>
      <dl className={details}>
        <Detail term="Status" value={statusText(event)} />
        <Detail term="Date" value={event.EventDate ? fullDate(event.EventDate) : ''} />
        <Detail term="Time" value={eventTimeRange(event)} />
        <Detail term="Customer" value={customer} />
        <Detail term="Guests" value={Number.isFinite(event.NumberOfGuests) ? event.NumberOfGuests : ''} />
        <Detail term="Event Type" value={event.EventType} />
        <Detail
          term="Venue"
          value={[event.VenueName, event.VenueStreetAddress, event.VenueCity].filter(Boolean).join(', ')}
        />
      </dl>
      <div className={group}>
        <Link
          href={`${routes.events}?toolkit=${event.id}`}
          className={button({ variant: 'solidBlue' })}
          aria-label={`Tool Kit for ${name}`}
        >
          Tool Kit
        </Link>
        <SheetLink id={event.id} label={`Event Sheet for ${name}`} />
        <IcsButton event={() => event} name={name} />
        <Button variant="outlineRed" onClick={close}>
          Close
        </Button>
      </div>
    </section>
  );
}
