import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import {
  detachSupplierFromItems,
  ownItemCount,
  renameSupplierInItems,
  supplierDeleteMessage,
  type SupplierRef,
} from '../../domain/inventory';
import { supplierForm } from '../../domain/inventoryRecords';
import { inventoryItemsStore, suppliersStore } from '../../storage/keys';
import type { Supplier } from '../../storage/schemas';
import { Page } from '../components/Page';
import { DeleteConfirmDialog } from '../records/DeleteConfirmDialog';
import { RecordBook, type FieldSpec } from '../records/RecordBook';
import { useDeleteConfirm } from '../../app/records/useDeleteConfirm';
import { useRecordBook } from '../../app/records/useRecordBook';
import { notify } from '../shell/toaster';

const fields: FieldSpec[] = [
  { name: 'supplierID', label: 'Supplier ID', kind: 'text' },
  { name: 'supplierName', label: 'Supplier Name', kind: 'text', autoComplete: 'organization' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
  {
    name: 'contractStatus',
    label: 'Contract Status',
    kind: 'choice',
    options: [
      { value: 'active', label: 'active' },
      { value: 'inactive', label: 'inactive' },
    ],
  },
  { name: 'startDate', label: 'Start Date', kind: 'date' },
  { name: 'endDate', label: 'End Date', kind: 'date' },
];

const others = (records: readonly Supplier[], supplierID: string): SupplierRef[] =>
  records.filter((s) => s.supplierID !== supplierID);

/**
 * A renamed supplier keeps its own inventory items: they follow the new name (issue 11). Its own
 * items are those carrying its Supplier ID, and older items naming it when no other supplier has
 * that name; items naming a name two suppliers share are left alone and the caterer is told.
 */
function renameInInventory(before: Supplier, after: Supplier, records: readonly Supplier[]) {
  if (before.supplierName === after.supplierName && before.supplierID === after.supplierID) return;
  const items = inventoryItemsStore.read();
  const result = renameSupplierInItems(items, before, after, others(records, after.supplierID));
  if (result.ambiguous > 0) {
    notify({
      type: 'warning',
      title: 'Some inventory items were not renamed',
      description: `${result.ambiguous} inventory item${result.ambiguous === 1 ? ' names' : 's name'} ${before.supplierName}, which another supplier also uses, so ${result.ambiguous === 1 ? 'it keeps' : 'they keep'} that name. Choose the supplier in Edit Item.`,
      duration: 10_000,
    });
  }
  if (result.renamed === 0) return;
  // Saved by id onto the latest list: only the renamed items change.
  const saved = inventoryItemsStore.save(result.items, items);
  if (!saved.ok) notify({ type: 'error', title: 'Inventory items not renamed', description: saved.error.message });
}

/** A deleted supplier's own items keep its name as text but no longer point at a supplier. */
function releaseItems(supplierID: string, records: readonly Supplier[]) {
  const supplier = records.find((s) => s.supplierID === supplierID);
  if (!supplier) return;
  const items = inventoryItemsStore.read();
  const result = detachSupplierFromItems(items, supplier, others(records, supplierID));
  if (result.items === items) return;
  const saved = inventoryItemsStore.save(result.items, items);
  if (!saved.ok) notify({ type: 'error', title: 'Inventory items not updated', description: saved.error.message });
}

/** Another supplier with the same name (ignoring case and spaces), for the list's warning (issue 25). */
const sameName = (s: Supplier, records: readonly Supplier[]) =>
  records.find(
    (o) =>
      o.supplierID !== s.supplierID &&
      o.supplierName.trim() !== '' &&
      o.supplierName.trim().toLowerCase() === s.supplierName.trim().toLowerCase(),
  );

const describe = (s: Supplier, records: readonly Supplier[] = []) => ({
  key: s.supplierID,
  title: s.supplierName,
  details: [
    ...(sameName(s, records)
      ? [
          [
            'Same name as',
            `Supplier ID ${sameName(s, records)!.supplierID}: Inventory's Supplier Name choices show the Supplier ID to tell them apart.`,
          ] as [string, React.ReactNode],
        ]
      : []),
    ['Supplier ID', s.supplierID],
    ['Email', s.email],
    ['Phone', s.phone],
    [
      'Contract Status',
      <span className={css({ fontWeight: 'bold', color: s.contractStatus === 'active' ? 'primary' : 'fgMuted' })}>
        {s.contractStatus}
      </span>,
    ],
    ['Start Date', s.startDate],
    ['End Date', s.endDate],
  ] as Array<[string, React.ReactNode]>,
});

export function SuppliersPage() {
  const book = useRecordBook({
    store: suppliersStore,
    form: supplierForm,
    onReplaced: renameInInventory,
    label: 'Suppliers',
    name: (s) => `Supplier ${s.supplierName}`,
    draft: 'suppliers',
  });
  const records = useSelector(book, (s) => s.context.records) as Supplier[];
  const describeWithOthers = useCallback((s: Supplier) => describe(s, records), [records]);
  const confirm = useDeleteConfirm(book, (pending) =>
    releaseItems(pending.id, book.getSnapshot().context.records as Supplier[]),
  );
  // Delete counts the supplier's own items now (another tab may have changed them) and asks when there are any.
  const requestDelete = useCallback(
    (supplier: Supplier) => {
      const records = book.getSnapshot().context.records as Supplier[];
      const count = ownItemCount(inventoryItemsStore.read(), supplier, others(records, supplier.supplierID));
      confirm.send({
        type: 'delete.request',
        id: supplier.supplierID,
        title: supplier.supplierName,
        dependents: count,
        message: supplierDeleteMessage(supplier.supplierName, count),
      });
    },
    [book, confirm],
  );
  return (
    <Page title="Supplier Management" heading="Supplier Management">
      <RecordBook<Supplier>
        book={book}
        idPrefix="supplier"
        noun="Supplier"
        fields={fields}
        describe={describeWithOthers}
        onDelete={requestDelete}
      />
      <DeleteConfirmDialog confirmRef={confirm} noun="Supplier" />
    </Page>
  );
}
