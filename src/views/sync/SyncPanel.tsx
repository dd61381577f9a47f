/**
 * The Dashboard storage section's part for account sync: the switch "Sync across devices" (this
 * device's choice; turning it on also remembers it for the account), what turning it on uploads, and
 * what the account holds on the server beside what this browser holds.
 */
import { useId } from 'react';
import { css } from 'styled-system/css';
import { useSync, useSyncSummary } from '../../app/sync/useSync';
import { collectionWords, describeCounts, groupOf } from '../../machines/sync/sync.connect';

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
  const { server, local } = useSyncSummary(sync.on, sync.status?.last ?? null);
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
          disabled={sync.demo || !sync.status}
          onChange={(e) => (e.target.checked ? sync.turnOn() : sync.turnOff())}
        />
        Sync across devices
      </label>
      {sync.demo ? (
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
          Off: your data is kept in this browser only. Turning it on uploads this browser’s data (
          {describeCounts(local)}) to your account and keeps every device you sign in on up to date.
        </p>
      )}
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
