import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { readableValue } from '../../domain/export';
import { exportRows } from '../../app/dashboard/exportRows';
import { COLLECTIONS, type CollectionName } from '../../domain/mockDataInfo';
import { Button } from '../components/Button';
import { BackupPanel } from './BackupPanel';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { StorageHealth } from './StorageHealth';
import { useDataSection, type DashboardRef } from '../../app/dashboard/useDashboardActor';
import { RecoveredLink } from '../recovered/RecoveredLink';

const sectionBox = css({
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'border',
  pt: '4',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '3',
  minW: 0,
});
const sectionHead = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
});
const sectionTitle = css({ fontSize: 'lg', color: 'primary' });
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const scroller = css({
  overflow: 'auto',
  maxW: '100%',
  maxH: '420px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
});
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    textAlign: 'left',
    px: '3',
    py: '2',
    verticalAlign: 'top',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'border',
  },
  '& th': { bg: 'surfaceRaised', fontWeight: 'bold', position: 'sticky', top: 0, whiteSpace: 'nowrap' },
  '& td': { minW: '14ch', maxW: '36ch', overflowWrap: 'break-word' },
  '& tbody tr[data-stripe]': { bg: 'stripe' },
});
const muted = css({ color: 'fgMuted', fontSize: 'sm' });

/** Only the rows in view are in the DOM (large collections stay fast); the exports hold every record. */
function DataTable({
  collection,
  rows,
  columns,
}: {
  collection: string;
  rows: readonly Record<string, unknown>[];
  columns: string[];
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 56,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  return (
    <div ref={scrollRef} className={scroller} tabIndex={0} role="region" aria-label={`${collection} table`}>
      <table className={table} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                data-stripe={item.index % 2 === 1 || undefined}
              >
                {columns.map((column) => (
                  <td key={column}>{readableValue(row[column])}</td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

/** Every field of the rows, the record's own first; the save revision (`rev`) is bookkeeping, not shown, and the save time comes last. */
function dataColumns(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  seen.delete('rev');
  const last = seen.delete('updatedAt');
  return last ? [...seen, 'updatedAt'] : [...seen];
}

function DataSection({ dashboard, collection }: { dashboard: DashboardRef; collection: CollectionName }) {
  const { rows, shown, toggle } = useDataSection(dashboard, collection);
  const tableId = useId();
  const headingId = useId();
  // Every record's fields are looked at only when the table is shown (5,000 items: not on the page's load, issue 23).
  const columns = useMemo(() => (shown ? dataColumns(rows) : []), [rows, shown]);
  return (
    <section className={sectionBox} aria-labelledby={headingId}>
      <div className={sectionHead}>
        <h3 id={headingId} className={sectionTitle}>
          {collection}
        </h3>
        <div className={buttons}>
          <Button
            variant={shown ? 'solidGreen' : 'outlineGreen'}
            size="sm"
            aria-expanded={shown}
            aria-controls={tableId}
            onClick={toggle}
          >
            {shown ? `Hide ${collection}` : `Show ${collection}`}
          </Button>
          <ExportButtons
            collection={collection}
            label={collection}
            rows={(format) => exportRows(collection, rows, format)}
          />
        </div>
      </div>
      <div id={tableId} hidden={!shown} className={css({ minW: 0 })}>
        {shown ? (
          rows.length === 0 ? (
            <p className={muted}>No data available for {collection}</p>
          ) : (
            <DataTable collection={collection} rows={rows} columns={columns} />
          )
        ) : null}
      </div>
    </section>
  );
}

export function DataView({ dashboard }: { dashboard: DashboardRef }) {
  return (
    <Panel heading="View Your Data">
      <RecoveredLink />
      {COLLECTIONS.map((collection) => (
        <DataSection key={collection} dashboard={dashboard} collection={collection} />
      ))}
      <StorageHealth />
      <BackupPanel />
    </Panel>
  );
}
