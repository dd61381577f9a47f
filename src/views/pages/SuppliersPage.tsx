import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import { supplierDeleteMessage } from '../../domain/inventory';
import { supplierForm, type Supplier } from '../../domain/inventoryRecords';
import { releaseItems, renameInInventory, supplierItemCount } from '../../app/records/supplierItems';
import { Page } from '../components/Page';
import { DeleteConfirmDialog } from '../records/DeleteConfirmDialog';
import { RecordBook, type FieldSpec } from '../records/RecordBook';
import { useDeleteConfirm } from '../../app/records/useDeleteConfirm';
import { useRecordBook } from '../../app/records/useRecordBook';

// The lists its first render reads, read ahead while its code loads (App.tsx `named`, issue 23).
export { prepareSuppliers as prepare } from '../../app/prepareLists';

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
      const count = supplierItemCount(supplier, records);
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
