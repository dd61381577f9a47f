import { useId } from 'react';
import { css } from 'styled-system/css';
import { readableValue } from '../../domain/export';
import { COLLECTIONS, type CollectionName } from '../../domain/mockDataInfo';
import { Button } from '../components/Button';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { useDataSection, type DashboardRef } from './useDashboardActor';

/** Rows drawn at once; the exports always hold every record. */
const ROW_CAP = 200;

const sectionBox = css({ borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'border', pt: '4', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: '3', minW: 0 });
const sectionHead = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const sectionTitle = css({ fontSize: 'lg', color: 'primary' });
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const scroller = css({ overflow: 'auto', maxW: '100%', maxH: '420px', borderWidth: '1px', borderStyle: 'solid', borderColor: 'border' });
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', px: '3', py: '2', verticalAlign: 'top', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'border' },
  '& th': { bg: 'surfaceRaised', fontWeight: 'bold', position: 'sticky', top: 0, whiteSpace: 'nowrap' },
  '& td': { minW: '14ch', maxW: '36ch', overflowWrap: 'break-word' },
  '& tbody tr:nth-of-type(even)': { bg: 'stripe' },
});
const muted = css({ color: 'fgMuted', fontSize: 'sm' });

function DataSection({ dashboard, collection }: { dashboard: DashboardRef; collection: CollectionName }) {
  const { rows, shown, toggle } = useDataSection(dashboard, collection);
  const tableId = useId();
  const headingId = useId();
  const columns = rows[0] ? Object.keys(rows[0]) : [];
  return (
    <section className={sectionBox} aria-labelledby={headingId}>
      <div className={sectionHead}>
        <h3 id={headingId} className={sectionTitle}>
          {collection}
        </h3>
        <div className={buttons}>
          <Button variant={shown ? 'solidGreen' : 'outlineGreen'} size="sm" aria-expanded={shown} aria-controls={tableId} onClick={toggle}>
            {shown ? `Hide ${collection}` : `Show ${collection}`}
          </Button>
          <ExportButtons collection={collection} label={collection} rows={() => rows} />
        </div>
      </div>
      <div id={tableId} hidden={!shown} className={css({ minW: 0 })}>
        {shown ? (
          rows.length === 0 ? (
            <p className={muted}>No data available for {collection}</p>
          ) : (
            <>
              <div className={scroller} tabIndex={0} role="region" aria-label={`${collection} table`}>
                <table className={table}>
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
                    {rows.slice(0, ROW_CAP).map((row, index) => (
                      <tr key={index}>
                        {columns.map((column) => (
                          <td key={column}>{readableValue(row[column])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {rows.length > ROW_CAP ? (
                <p className={muted}>
                  Showing the first {ROW_CAP} of {rows.length} records. Export to get them all.
                </p>
              ) : null}
            </>
          )
        ) : null}
      </div>
    </section>
  );
}

export function DataView({ dashboard }: { dashboard: DashboardRef }) {
  return (
    <Panel heading="View Your Data">
      {COLLECTIONS.map((collection) => (
        <DataSection key={collection} dashboard={dashboard} collection={collection} />
      ))}
    </Panel>
  );
}
