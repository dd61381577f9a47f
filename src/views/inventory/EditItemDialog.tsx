import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import {
  categoryOptions,
  itemFieldLabels,
  packageTypeOptions,
  unitOptions,
  type ItemField,
} from '../../domain/inventory';
import { COST_PER_UNIT_HINT, MAX_NAME_LENGTH } from '../../domain/limits';
import { Button } from '../components/Button';
import { SelectField, TextField, type Option } from '../components/fields';
import { ConflictDialog } from '../components/ConflictDialog';
import { DraftNote } from '../components/DraftNote';
import { Modal, ModalTitle } from '../components/ModalDialog';
import { useUnsavedChanges } from '../shell/unsaved';
import { ItemAllergensField } from './ItemAllergens';
import {
  useEditDraft,
  useEditedElsewhere,
  useEditError,
  useEditSupplierChoice,
  useItemConflict,
  useSkuWarning,
  type InventoryBoardRef,
} from '../../app/inventory/useInventoryBoard';

const fieldLabels = itemFieldLabels;

const categoryList: Option[] = categoryOptions.map((c) => ({ value: c, label: c }));
const packageList: Option[] = packageTypeOptions.map((p) => ({ value: p, label: p }));

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.55)', zIndex: 40 });
const positioner = css({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 50,
  p: '3',
});
const content = css({
  bg: 'surface',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  boxShadow: '2xl',
  width: 'min(640px, 100%)',
  maxH: 'calc(100vh - 24px)',
  overflowY: 'auto',
  p: { base: '4', md: '6' },
});
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '3', my: '4' });

function useEditField(board: InventoryBoardRef, field: ItemField) {
  const value = useSelector(board, (s) => s.context.editDraft[field]);
  const onValue = useCallback((v: string) => board.send({ type: 'edit.change', field, value: v }), [board, field]);
  return { value, onValue };
}

function Text({
  board,
  field,
  label,
  numeric,
  warning,
  hint,
}: {
  board: InventoryBoardRef;
  field: ItemField;
  label: string;
  numeric?: boolean;
  warning?: string;
  hint?: string;
}) {
  const { value, onValue } = useEditField(board, field);
  const error = useEditError(board, field);
  return (
    <TextField
      id={`edit-${field}`}
      label={label}
      value={value}
      onValue={onValue}
      inputMode={numeric ? 'decimal' : undefined}
      error={error}
      warning={warning}
      hint={hint}
      autoComplete="off"
      maxLength={numeric ? undefined : MAX_NAME_LENGTH}
    />
  );
}

function SkuField({ board }: { board: InventoryBoardRef }) {
  const warning = useSkuWarning(board, true);
  return <Text board={board} field="sku" label="SKU" warning={warning} />;
}

function Choice({
  board,
  field,
  label,
  options,
  placeholder,
}: {
  board: InventoryBoardRef;
  field: ItemField;
  label: string;
  options: readonly Option[];
  placeholder?: string;
}) {
  const { value, onValue } = useEditField(board, field);
  return (
    <SelectField
      startOnUse
      id={`edit-${field}`}
      label={label}
      value={value}
      options={options}
      placeholder={placeholder}
      onValue={onValue}
    />
  );
}

function SupplierChoice({ board }: { board: InventoryBoardRef }) {
  const { onValue } = useEditField(board, 'supplierName');
  // Unchanged, the item's supplier shows as its own choice when two suppliers share the name (issue 25).
  const { current, options } = useEditSupplierChoice(board);
  return (
    <SelectField
      startOnUse
      id="edit-supplierName"
      label="Supplier Name"
      value={current}
      options={options}
      placeholder="Select a Supplier"
      onValue={onValue}
    />
  );
}

/** Issue 21: the item's allergens, kept in the Edit Item draft. */
function Allergens({ board }: { board: InventoryBoardRef }) {
  const { value, onValue } = useEditField(board, 'allergens');
  const name = useSelector(board, (s) => s.context.editDraft.name.trim());
  return <ItemAllergensField id="edit-allergens" name={name || 'this item'} value={value} onValue={onValue} />;
}

/** The Edit Item modal: open while the board's modal region is `open`; Ark owns focus and dismissal. */
/**
 * Where the focus goes when the dialog closes and no button opened it (a draft restored after a reload): the
 * edited item's Edit button when its card is drawn, else the list of items.
 */
function editButtonOf(id: string | null): HTMLElement | null {
  const button = id === null ? null : document.querySelector<HTMLElement>(`[data-edit-item="${CSS.escape(id)}"]`);
  return button ?? document.querySelector<HTMLElement>('[data-inventory-list]');
}

export function EditItemDialog({ board }: { board: InventoryBoardRef }) {
  const open = useSelector(board, (s) => s.hasTag('edit modal'));
  const editId = useSelector(board, (s) => s.context.editId);
  const changedElsewhere = useEditedElsewhere(board);
  const conflict = useItemConflict(board);
  const draft = useEditDraft(board);
  useUnsavedChanges(draft.dirty);
  return (
    <>
      <ConflictDialog conflict={conflict} what={`item ${conflict.name}`} labels={fieldLabels} />
      {/* Issue 23: mounted only while open, so a save or a cancel takes it away in the same render; with
          open={false} Ark's presence handling closed it in a second, synchronous render (flushSync) after
          reading its styles. */}
      {open ? (
        // A plain modal dialog (ModalDialog.tsx): nothing read or walked on open, the page behind not restyled.
        <Modal
          onClose={() => board.send({ type: 'edit.cancel' })}
          fallbackFocus={() => editButtonOf(editId)}
          closeOnOutside
          backdropClassName={backdrop}
          positionerClassName={positioner}
          contentClassName={content}
        >
          <ModalTitle className={css({ fontSize: '2xl', color: 'primary' })}>Edit Item</ModalTitle>
          {draft.restored ? (
            <DraftNote
              onDiscard={draft.discard}
              what="Your changes to this item were typed before and not saved yet."
            />
          ) : null}
          {changedElsewhere ? (
            <p
              role="status"
              className={css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', mt: '3', fontWeight: 'bold' })}
            >
              This item was changed in another tab. Your typing is kept; Save will ask which version to keep.
            </p>
          ) : null}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              board.send({ type: 'edit.commit' });
            }}
          >
            <div className={grid}>
              <SkuField board={board} />
              <Text board={board} field="name" label="Item Name" />
              <Choice
                board={board}
                field="category"
                label="Category"
                options={categoryList}
                placeholder="Select a Category"
              />
              <Text board={board} field="amountPerUnit" label="Amount per Unit" numeric />
              <Choice board={board} field="unit" label="Unit Measurement" options={unitOptions} />
              <Choice board={board} field="packageType" label="Package Type" options={packageList} />
              <Text board={board} field="costPerUnit" label="Cost per Unit" numeric hint={COST_PER_UNIT_HINT} />
              <Text board={board} field="quantity" label="On-hand Quantity" numeric />
              <Text board={board} field="whenToOrder" label="Re-order Qty" numeric />
              <SupplierChoice board={board} />
              <Allergens board={board} />
            </div>
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end' })}>
              <Button variant="outlineRed" onClick={() => board.send({ type: 'edit.cancel' })}>
                Cancel
              </Button>
              <Button type="submit" variant="solidGreen">
                Save
              </Button>
            </div>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
