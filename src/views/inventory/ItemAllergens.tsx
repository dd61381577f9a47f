/**
 * Issue 21: an inventory item's allergens in the Add Item form and the Edit Item dialog. The ticks live
 * in the inventory board's draft (its `allergens` field, so drafts and conflicts keep them); the
 * picker (the Tool Kit's: src/app/toolkit/useAllergenPicker.ts) only opens, closes and sends each tick.
 */
import { css } from 'styled-system/css';
import { useAllergenPicker } from '../../app/toolkit/useAllergenPicker';
import { allergensText, draftAllergenNames, draftAllergens } from '../../machines/inventory/inventoryBoard.connect';
import { labelText } from '../components/fields';
import { AllergenChecks, AllergensButton, AllergenTags } from '../toolkit/AllergenPicker';

const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '1' });

export function ItemAllergensField({
  id,
  name,
  value,
  onValue,
}: {
  /** 'add-allergens' or 'edit-allergens'. */
  id: string;
  /** The item's name as typed, for the button's and the checkboxes' names. */
  name: string;
  /** The draft's Allergens text. */
  value: string;
  onValue: (text: string) => void;
}) {
  const picker = useAllergenPicker(draftAllergens(value), (selected) => onValue(allergensText(selected)));
  const names = draftAllergenNames(value);
  const labelId = `${id}-label`;
  return (
    <div role="group" aria-labelledby={labelId} className={css({ gridColumn: '1 / -1', minW: 0 })}>
      <span id={labelId} className={labelText}>
        Allergens
      </span>
      <div className={row}>
        <AllergensButton picker={picker} name={name} pickerId={`${id}-picker`} />
        {names.length ? null : <span className={css({ color: 'fgMuted', fontSize: 'sm' })}>None chosen</span>}
      </div>
      <AllergenTags tags={names} name={name} />
      <AllergenChecks picker={picker} name={name} pickerId={`${id}-picker`} />
    </div>
  );
}
