import { wholeEventRows } from '../../domain/eventExport';
import type { ExportFormat } from '../../domain/export';
import type { CollectionName } from '../../domain/mockDataInfo';
import { discountPercentageStore, ingredientListStore, taxPercentageStore, type CateringEvent } from '../../storage';

/** The rows a section exports: events whole, with their per-event keys read now (issue 25). */
export function exportRows(
  collection: CollectionName,
  rows: readonly Record<string, unknown>[],
  format: ExportFormat,
): readonly unknown[] {
  if (collection !== 'events') return rows;
  return wholeEventRows(
    rows as readonly CateringEvent[],
    (id) => ({
      inventoryIngredients: ingredientListStore(id).read(),
      discountPercentage: discountPercentageStore(id).read(),
      taxPercentage: taxPercentageStore(id).read(),
    }),
    format,
  );
}
