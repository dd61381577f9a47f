/**
 * /ManageEvents' section for the events this device keeps only in the account (issue 24 part 7):
 * searched on demand, each marked "In your account", opened on demand (fetched first, then its Tool
 * Kit or event sheet opens). Shown while sync is on and the device keeps some events only there.
 */
import { memo, useId, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { useEventsInAccount, useEventsInAccountCount } from '../../app/sync/useEventsInAccount';
import type { OpenView } from '../../machines/sync/eventsInAccount.machine';
import { IN_ACCOUNT_MARK } from '../../machines/sync/eventsInAccount.connect';
import { Button } from '../components/Button';
import { field, input, label, muted, panel, panelTitle, row } from '../events/styles';

const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: 0, m: 0 });
const item = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  borderWidth: '1px',
  borderColor: 'border',
  p: '2',
});
const mark = css({
  display: 'inline-block',
  fontSize: 'xs',
  fontWeight: 'bold',
  px: '2',
  py: '0.5',
  borderWidth: '1px',
  borderColor: 'secondary',
  color: 'secondary',
  mr: '2',
});
const alert = css({ color: 'alertFg', fontWeight: 'bold' });

/** Memoised (issue 23): a filter or a search renders the events page again, not this section. */
export const EventsInAccount = memo(function EventsInAccount({
  onOpened,
}: {
  onOpened: (id: number, view: OpenView) => void;
}) {
  const count = useEventsInAccountCount();
  if (count === 0) return null;
  return <EventsInAccountSection count={count} onOpened={onOpened} />;
});

function EventsInAccountSection({
  count,
  onOpened,
}: {
  count: number;
  onOpened: (id: number, view: OpenView) => void;
}) {
  const archive = useEventsInAccount(onOpened);
  const headingId = useId();
  const searchId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    archive.search(String(new FormData(e.currentTarget).get('query') ?? ''));
  };
  return (
    <section className={panel} aria-labelledby={headingId} aria-busy={archive.busy}>
      <h2 id={headingId} className={panelTitle}>
        Older events in your account
      </h2>
      <p className={muted}>
        {count === 1 ? '1 past event is' : `${count.toLocaleString('en-US')} past events are`} kept only in your
        account, not in this browser (Dashboard: “Keep events on this device for”). Opening one fetches it from your
        account.
      </p>
      <form className={row} onSubmit={submit} role="search">
        <div className={field}>
          <label htmlFor={searchId} className={label}>
            Search events in your account
          </label>
          <input id={searchId} name="query" type="search" className={input} placeholder="Event or customer name" />
        </div>
        <Button type="submit" variant="outlineBlue">
          Search
        </Button>
      </form>
      <p role="status" className={muted}>
        {archive.status}
      </p>
      {archive.alert ? (
        <p role="alert" className={alert}>
          {archive.alert}
        </p>
      ) : null}
      {archive.results.length ? (
        <ul className={list} aria-label="Events in your account">
          {archive.results.map((event) => {
            const fetching = archive.openingId === event.id;
            return (
              <li key={event.id} className={item}>
                <div>
                  <span className={mark}>{IN_ACCOUNT_MARK}</span>
                  <strong>{event.name || `Event ${event.id}`}</strong>
                  <div className={muted}>
                    {event.date}
                    {event.customer ? ` · ${event.customer}` : ''}
                    {event.guests !== null ? ` · ${event.guests.toLocaleString('en-US')} guests` : ''}
                  </div>
                </div>
                <div className={row}>
                  <Button
                    variant="outlineBlue"
                    size="sm"
                    disabled={archive.busy}
                    aria-label={`Tool Kit: ${event.name}`}
                    onClick={() => archive.open(event, 'toolkit')}
                  >
                    {fetching ? 'Fetching…' : 'Tool Kit'}
                  </Button>
                  <Button
                    variant="outlineBlue"
                    size="sm"
                    disabled={archive.busy}
                    aria-label={`Event sheet: ${event.name}`}
                    onClick={() => archive.open(event, 'sheet')}
                  >
                    Event sheet
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
