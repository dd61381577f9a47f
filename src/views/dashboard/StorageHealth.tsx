import { useId } from 'react';
import { css } from 'styled-system/css';
import { useStorageHealth } from '../../app/dashboard/useStorageHealth';

const box = css({
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'border',
  pt: '4',
  display: 'grid',
  gap: '2',
  minW: 0,
});
const meter = css({ width: '100%', height: '3', accentColor: 'var(--colors-primary)' });
const warning = css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', fontWeight: 'bold' });
const muted = css({ color: 'fgMuted', fontSize: 'sm' });

/** Space used and available, with a warning from 80% (the data view). */
export function StorageHealth() {
  const { report, persisted, warning: nearlyFull, unknown } = useStorageHealth();
  const headingId = useId();
  const meterId = useId();
  return (
    <section className={box} aria-labelledby={headingId}>
      <h3 id={headingId} className={css({ fontSize: 'lg', color: 'primary' })}>
        Storage
      </h3>
      {unknown ? <p className={muted}>This browser does not say how much storage is left.</p> : null}
      {report ? (
        <>
          <label htmlFor={meterId} className={css({ overflowWrap: 'anywhere' })}>
            {report.summary}
          </label>
          <meter
            id={meterId}
            className={meter}
            min={0}
            max={100}
            low={60}
            high={80}
            optimum={0}
            value={report.percent}
          />
          {report.siteSummary ? <p className={muted}>{report.siteSummary}</p> : null}
        </>
      ) : null}
      {persisted === true ? (
        <p className={muted}>The browser keeps this data even when the device runs low on space.</p>
      ) : null}
      {persisted === false ? (
        <p className={muted}>
          The browser may clear this data when the device runs low on space: download a backup regularly.
        </p>
      ) : null}
      {nearlyFull && report ? (
        <p role="alert" className={warning}>
          Storage is nearly full ({report.percent}%). Download a backup, then delete old events or set-aside data to
          free space.
        </p>
      ) : null}
      {/* Account sync's part (src/views/sync/SyncPanel.tsx), shown here by the sync chunk. */}
      <div data-sync-slot="storage" />
    </section>
  );
}
