/**
 * The Dashboard storage section's part for account sync: the switch "Sync across devices" (this
 * device's choice; turning it on also remembers it for the account), what turning it on uploads, and
 * what the account holds on the server beside what this browser holds.
 */
import { useId } from 'react';
import { css } from 'styled-system/css';
import { useKeepMonths, useSync, useSyncSummary } from '../../app/sync/useSync';
import {
  collectionWords,
  describeCounts,
  eventHoldings,
  groupOf,
  keepMonthWords,
} from '../../machines/sync/sync.connect';
import { keepMonthChoices } from '../../sync/archive';
import { formatBytes } from '../../domain/storageHealth';

const box = css({ display: 'grid', gap: '2', minW: 0 });
const muted = css({ color: 'fgMuted', fontSize: 'sm' });
const switchRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'bold', cursor: 'pointer' });
const table = css({
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', px: '2', py: '1', borderBottom: '1px solid', borderColor: 'border' },
  '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'right' },
});

const kib = (bytes: number) => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KiB`;

export default function SyncPanel() {
  const sync = useSync();
  const switchId = useId();
  const headingId = useId();
  const { server, local, here } = useSyncSummary(sync.on, sync.status?.last ?? null);
  const keep = useKeepMonths();
  const keepId = useId();
  const events = eventHoldings(
    local.events ?? 0,
    here.characters.events,
    here.away,
    server.status === 'ready' ? server.summary.collections : null,
  );
  const held: Record<string, number> = {};
  if (server.status === 'ready')
    for (const c of server.summary.collections)
      held[groupOf(c.collection)] = (held[groupOf(c.collection)] ?? 0) + c.records;
  const groups = Object.keys(collectionWords).filter((g) => (local[g] ?? 0) > 0 || (held[g] ?? 0) > 0);
  return (
    <section className={box} aria-labelledby={headingId}>
      <h4 id={headingId} className={css({ fontSize: 'md', fontWeight: 'bold' })}>
        Your account
      </h4>
      <label htmlFor={switchId} className={switchRow}>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          checked={sync.on}
          disabled={sync.demo || !sync.ready}
          onChange={(e) => (e.target.checked ? sync.turnOn() : sync.turnOff())}
        />
        Sync across devices
      </label>
      {!sync.ready ? (
        <p className={muted}>Checking your account’s setting…</p>
      ) : sync.demo ? (
        <p className={muted}>
          The demo account never syncs: its password is public, so anything kept in it could be read or changed by
          anyone. Sign up for an account of your own to keep your business on every device.
        </p>
      ) : sync.on ? (
        <p className={muted}>
          This browser keeps working offline; changes go to your account when it can reach it. Turning this off stops
          syncing on this browser and keeps its data.
        </p>
      ) : (
        <p className={muted}>
          {here.away > 0
            ? `${here.away.toLocaleString('en-US')} past ${here.away === 1 ? 'event is' : 'events are'} kept only in your account, not in this browser: turn sync on to list and open ${here.away === 1 ? 'it' : 'them'}. `
            : ''}
          Off: your data is kept in this browser only. Turning it on uploads this browser’s data (
          {describeCounts(local)}) to your account and keeps every device you sign in on up to date.
        </p>
      )}
      {sync.on ? (
        <div className={css({ display: 'grid', gap: '1', maxW: 'sm' })}>
          <label htmlFor={keepId} className={css({ fontWeight: 'bold', fontSize: 'sm' })}>
            Keep events on this device for
          </label>
          <select
            id={keepId}
            value={keep.months}
            onChange={(e) => keep.set(Number(e.target.value))}
            className={css({ borderWidth: '2px', borderColor: 'border', bg: 'surface', px: '2', py: '1' })}
          >
            {keepMonthChoices.map((m) => (
              <option key={m} value={m}>
                {keepMonthWords(m)}
              </option>
            ))}
          </select>
          <p className={muted}>
            Past events dated longer ago than this are kept only in your account once they are saved there, so this
            browser has room for what you need now.
          </p>
        </div>
      ) : null}
      {sync.on ? (
        server.status === 'ready' ? (
          <>
            <table className={table}>
              <caption className={css({ textAlign: 'left', fontSize: 'sm', pb: '1' })}>
                Records in this browser and in your account
              </caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">This browser</th>
                  <th scope="col">Your account</th>
                </tr>
              </thead>
              <tbody>
                {groups.map((g) => (
                  <tr key={g}>
                    <th scope="row">{collectionWords[g]![1]}</th>
                    <td>{(local[g] ?? 0).toLocaleString('en-US')}</td>
                    <td>{(held[g] ?? 0).toLocaleString('en-US')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={muted}>
              Your account holds {kib(server.summary.used_bytes)} of its {kib(server.summary.quota_bytes)}.
              {sync.pending > 0 ? ` ${sync.pending} changes of this browser are still to be sent.` : ''}
              {sync.rejected > 0
                ? ` ${sync.rejected} changes were refused by the server and are kept in this browser.`
                : ''}
            </p>
            <table className={table}>
              <caption className={css({ textAlign: 'left', fontSize: 'sm', pb: '1' })}>
                Where your events are kept
              </caption>
              <thead>
                <tr>
                  <th scope="col">Kept</th>
                  <th scope="col">Events</th>
                  <th scope="col">Size</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">On this device</th>
                  <td>{events.here.events.toLocaleString('en-US')}</td>
                  <td>{formatBytes(events.here.bytes)}</td>
                </tr>
                {events.account ? (
                  <tr>
                    <th scope="row">In your account</th>
                    <td>{events.account.events.toLocaleString('en-US')}</td>
                    <td>{formatBytes(events.account.bytes)}</td>
                  </tr>
                ) : null}
              </tbody>
            </table>
            <p className={muted}>
              {events.onlyInAccount === 0
                ? 'Every event of your account is also kept on this device.'
                : `${events.onlyInAccount.toLocaleString('en-US')} ${events.onlyInAccount === 1 ? 'event is' : 'events are'} kept only in your account: Event Management lists them and fetches one when you open it.`}{' '}
              This browser also keeps {formatBytes(here.characters.other * 2)} of other records.
            </p>
          </>
        ) : server.status === 'unavailable' ? (
          <p className={muted}>What your account holds cannot be shown now: {server.message}</p>
        ) : (
          <p className={muted}>Reading what your account holds…</p>
        )
      ) : null}
    </section>
  );
}
