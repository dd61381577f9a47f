import { css } from 'styled-system/css';
import { renameSupplierInItems } from '../../domain/inventory';
import { supplierForm } from '../../domain/inventoryRecords';
import { inventoryItemsStore, suppliersStore } from '../../storage/keys';
import type { Supplier } from '../../storage/schemas';
import { Page } from '../components/Page';
import { RecordBook, type FieldSpec } from '../records/RecordBook';
import { useRecordBook } from '../records/useRecordBook';
import { notify } from '../shell/toaster';

const fields: FieldSpec[] = [
  { name: 'supplierID', label: 'Supplier ID', kind: 'text' },
  { name: 'supplierName', label: 'Supplier Name', kind: 'text', autoComplete: 'organization' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
  { name: 'contractStatus', label: 'Contract Status', kind: 'choice', options: [{ value: 'active', label: 'active' }, { value: 'inactive', label: 'inactive' }] },
  { name: 'startDate', label: 'Start Date', kind: 'date' },
  { name: 'endDate', label: 'End Date', kind: 'date' },
];

/** A renamed supplier keeps its inventory items: they follow the new name. */
function renameInInventory(before: Supplier, after: Supplier) {
  if (before.supplierName === after.supplierName) return;
  const items = inventoryItemsStore.read();
  if (!items.some((i) => i.supplierName === before.supplierName)) return;
  // Saved by id onto the latest list: only the renamed items change.
  const result = inventoryItemsStore.save(renameSupplierInItems(items, before.supplierName, after.supplierName), items);
  if (!result.ok) notify({ type: 'error', title: 'Inventory items not renamed', description: result.error.message });
}

const describe = (s: Supplier) => ({
  key: s.supplierID,
  title: s.supplierName,
  details: [
    ['Supplier ID', s.supplierID],
    ['Email', s.email],
    ['Phone', s.phone],
    ['Contract Status', <span className={css({ fontWeight: 'bold', color: s.contractStatus === 'active' ? 'primary' : 'fgMuted' })}>{s.contractStatus}</span>],
    ['Start Date', s.startDate],
    ['End Date', s.endDate],
  ] as Array<[string, React.ReactNode]>,
});

export function SuppliersPage() {
  const book = useRecordBook({ store: suppliersStore, form: supplierForm, onReplaced: renameInInventory, label: 'Suppliers', name: (s) => `Supplier ${s.supplierName}` });
  return (
    <Page title="Supplier Management" heading="Supplier Management">
      <RecordBook<Supplier> book={book} idPrefix="supplier" noun="Supplier" fields={fields} describe={describe} />
    </Page>
  );
}
