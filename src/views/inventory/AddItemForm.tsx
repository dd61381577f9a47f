import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import { categoryOptions, packageTypeOptions, unitOptions, type ItemField } from '../../domain/inventory';
import { COST_PER_UNIT_HINT, MAX_NAME_LENGTH } from '../../domain/limits';
import { Button } from '../components/Button';
import { SelectField, TextField, type Option } from '../components/fields';
import { DraftNote } from '../components/DraftNote';
import { useUnsavedChanges } from '../shell/unsaved';
import { ItemAllergensField } from './ItemAllergens';
import {
  useAddDraft,
  useAddError,
  useAddSupplierOptions,
  useSkuWarning,
  type InventoryBoardRef,
} from '../../app/inventory/useInventoryBoard';

const categoryList: Option[] = categoryOptions.map((c) => ({ value: c, label: c }));
const packageList: Option[] = packageTypeOptions.map((p) => ({ value: p, label: p }));

const form = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  p: '4',
  alignContent: 'start',
});

function useDraftField(board: InventoryBoardRef, field: ItemField) {
  const value = useSelector(board, (s) => s.context.draft[field]);
  const onValue = useCallback((v: string) => board.send({ type: 'form.change', field, value: v }), [board, field]);
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
  numeric?: 'decimal' | 'numeric';
  warning?: string;
  hint?: string;
}) {
  const { value, onValue } = useDraftField(board, field);
  const error = useAddError(board, field);
  return (
    <TextField
      id={`add-${field}`}
      label={label}
      value={value}
      onValue={onValue}
      inputMode={numeric}
      autoComplete="off"
      error={error}
      warning={warning}
      hint={hint}
      maxLength={numeric ? undefined : MAX_NAME_LENGTH}
    />
  );
}

function SkuField({ board }: { board: InventoryBoardRef }) {
  const warning = useSkuWarning(board, false);
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
  const { value, onValue } = useDraftField(board, field);
  return (
    <SelectField
      id={`add-${field}`}
      label={label}
      value={value}
      options={options}
      placeholder={placeholder}
      onValue={onValue}
    />
  );
}

function SupplierChoice({ board }: { board: InventoryBoardRef }) {
  // Two suppliers of one name are two choices, told apart by Supplier ID (issue 25).
  const options = useAddSupplierOptions(board);
  return (
    <Choice
      board={board}
      field="supplierName"
      label="Supplier Name"
      options={options}
      placeholder="Select a Supplier"
    />
  );
}

/** Issue 21: the new item's allergens, kept in the add form's draft. */
function Allergens({ board }: { board: InventoryBoardRef }) {
  const { value, onValue } = useDraftField(board, 'allergens');
  const name = useSelector(board, (s) => s.context.draft.name.trim());
  return <ItemAllergensField id="add-allergens" name={name || 'the new item'} value={value} onValue={onValue} />;
}

/** The add-item form of spec sections 3 and 5; its rules live in the board machine. */
export function AddItemForm({ board }: { board: InventoryBoardRef }) {
  const draft = useAddDraft(board);
  useUnsavedChanges(draft.dirty);
  return (
    <form
      aria-labelledby="add-item-heading"
      className={form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        board.send({ type: 'item.add' });
      }}
    >
      <h2 id="add-item-heading" className={css({ gridColumn: '1 / -1', fontSize: 'xl', color: 'secondary' })}>
        Add Item
      </h2>
      {draft.restored ? (
        <div className={css({ gridColumn: '1 / -1' })}>
          <DraftNote onDiscard={draft.discard} what="This item was typed before and not added yet." />
        </div>
      ) : null}
      <SkuField board={board} />
      <Text board={board} field="name" label="Item Name" />
      <Choice board={board} field="category" label="Category" options={categoryList} placeholder="Select a Category" />
      <Text board={board} field="amountPerUnit" label="Amount per Unit" numeric="decimal" />
      <Choice board={board} field="unit" label="Unit Measurement" options={unitOptions} />
      <Choice board={board} field="packageType" label="Package Type" options={packageList} />
      <Text board={board} field="costPerUnit" label="Cost per Unit" numeric="decimal" hint={COST_PER_UNIT_HINT} />
      <Text board={board} field="quantity" label="On-hand Quantity" numeric="numeric" />
      <Text board={board} field="whenToOrder" label="Re-order Qty" numeric="numeric" />
      <SupplierChoice board={board} />
      <Allergens board={board} />
      <div className={css({ gridColumn: '1 / -1' })}>
        <Button type="submit" variant="solidGreen">
          Add Item
        </Button>
      </div>
    </form>
  );
}
