import { css } from 'styled-system/css';
import type { ExportFormat } from '../../domain/export';
import { Button } from '../components/Button';
import { useExport } from '../../app/dashboard/useExportActor';

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/** Export JSON and Export CSV for one list, through one export actor. */
export function ExportButtons({
  collection,
  label,
  rows,
}: {
  collection: string;
  label: string;
  rows: (format: ExportFormat) => readonly unknown[] | null;
}) {
  const { exporting, exportAs } = useExport(collection, label, rows);
  return (
    <div className={row} aria-busy={exporting || undefined}>
      <Button variant="outlineBlue" size="sm" disabled={exporting} onClick={() => exportAs('json')}>
        Export JSON
      </Button>
      <Button variant="outlineBlue" size="sm" disabled={exporting} onClick={() => exportAs('csv')}>
        Export CSV
      </Button>
    </div>
  );
}
