import { useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import { samePanelProps } from './samePanelProps';
import { css } from 'styled-system/css';
import {
  formatAmount,
  formatMeasure,
  inventoryLineAmount,
  inventoryLineCost,
  packageTypes,
  specialtyAmount,
  specialtyTotal,
  specialtyUnits,
} from '../../domain/ingredients';
import { formatMoney } from '../../domain/money';
import { isPerGuest, type Per } from '../../domain/scaling';
import { Button } from '../components/Button';
import { LengthLimit, SelectField, type Option } from '../components/fields';
import { COST_PER_UNIT_HINT, MAX_NAME_LENGTH } from '../../domain/limits';
import { errorText, field, input, label, muted, panel, panelTitle } from '../events/styles';
import type { ToolkitActors } from '../../app/toolkit/useToolkitActors';
import { useConnect } from '../../app/shell/useConnect';
import {
  connectInventoryIngredients,
  ingredientFlag,
  inventoryLineAllergenView,
  specialtyFormActions,
  specialtyLineActions,
  type SpecialtyLineActions,
  type SpecialtyTextField,
} from '../../machines/toolkit/ingredients.connect';
import type { SpecialtyLine } from '../../machines/toolkit/specialtyIngredients.machine';
import { allergenLabel, cleanAllergens, type AllergenId } from '../../domain/allergens';
import { useAllergenPicker } from '../../app/toolkit/useAllergenPicker';
import { AllergenChecks, AllergensButton, AllergenTags } from './AllergenPicker';
import { inventoryDraft, specialtyDraft } from '../../machines/toolkit/toolkitDrafts.connect';
import { ToolkitDraftNote } from './ToolkitDraftNote';

const columns = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
  gap: '4',
  alignItems: 'start',
});
const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
  alignItems: 'end',
});
const lineList = css({ listStyle: 'none', p: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const line = css({ bg: 'stripe', p: '3', display: 'flex', flexDirection: 'column', gap: '2' });
const lineHead = css({
  display: 'flex',
  gap: '2',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
});
const total = css({ fontWeight: 'bold', fontSize: 'lg', borderTopWidth: '2px', borderColor: 'border', pt: '2' });
const summary = css({ cursor: 'pointer', color: 'link', fontWeight: 'bold' });
const radios = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '4',
  rowGap: '1',
  border: 'none',
  p: 0,
  m: 0,
  minW: 0,
});
const radioLabel = css({ display: 'inline-flex', gap: '2', alignItems: 'center', minH: '10', cursor: 'pointer' });
const box = css({ width: '5', height: '5', accentColor: 'var(--colors-primary)' });
const flagText = css({ color: 'alertFg', fontWeight: 'bold', overflowWrap: 'anywhere' });

/** Issue 21: the flag under an ingredient carrying an allergen the event avoids. */
function AllergenFlag({ flag }: { flag: string | null }) {
  return flag ? (
    <p className={flagText} role="note">
      ⚠ {flag}
    </p>
  ) : null;
}

/** The labelled choice of what a typed quantity counts: the whole event (fixed) or one guest. */
function PerChoice({ name, value, onChange }: { name: string; value: Per; onChange: (per: Per) => void }) {
  return (
    <fieldset className={`${field} ${css({ border: 'none', p: 0, m: 0, minW: 0 })}`}>
      <legend className={label}>Quantity is</legend>
      <div className={radios}>
        {(
          [
            ['event', 'Per event (fixed)'],
            ['guest', 'Per guest'],
          ] as const
        ).map(([per, text]) => (
          <label key={per} className={radioLabel}>
            <input
              type="radio"
              name={name}
              value={per}
              checked={value === per}
              onChange={() => onChange(per)}
              className={box}
            />
            {text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** 'For 40 guests: 6 box' under a per-guest quantity. */
function scaledHint(per: Per, guests: number, quantity: number | null, unit: string): string {
  if (per !== 'guest') return '';
  if (!(guests > 0)) return 'This event has no guests yet.';
  return quantity === null ? `Scaled to ${guests} guests.` : `For ${guests} guests: ${formatAmount(quantity)} ${unit}`;
}

function InventoryIngredients({ actorRef, avoid }: { actorRef: ToolkitActors['inventory']; avoid: AllergenId[] }) {
  const inv = useConnect(actorRef, connectInventoryIngredients);
  return (
    <section className={panel} aria-labelledby="inventory-ingredients-title">
      <h3 id="inventory-ingredients-title" className={panelTitle}>
        Add Items from Inventory.
      </h3>
      <form
        className={formGrid}
        onSubmit={(e) => {
          e.preventDefault();
          inv.add();
        }}
      >
        <ToolkitDraftNote
          actorRef={actorRef}
          of={inventoryDraft}
          what="This ingredient was chosen before and not added yet."
        />
        <SelectField
          id="inv-category"
          label="Category"
          value={inv.category}
          options={inv.categoryOptions}
          placeholder="Select Category"
          onValue={inv.selectCategory}
          triggerClassName={input}
          startOnUse
        />
        <SelectField
          id="inv-item"
          label="Inventory Item"
          value={inv.itemId}
          options={inv.itemOptions}
          placeholder="Select Item"
          onValue={inv.selectItem}
          disabled={!inv.category}
          triggerClassName={input}
          startOnUse
        />
        <p className={`${muted} ${css({ gridColumn: '1 / -1' })}`} aria-live="polite">
          {inv.selected
            ? `Cost per ${formatAmount(inv.selected.amountPerUnit)} ${inv.selected.unit} ${inv.selected.packageType}: ${formatMoney(inv.selected.costPerUnit)}`
            : 'Choose an item to see its cost per pack size.'}
        </p>
        {inv.selected ? (
          <div className={css({ gridColumn: '1 / -1' })}>
            <AllergenFlag flag={ingredientFlag(inv.selected.allergens, avoid)} />
          </div>
        ) : null}
        <PerChoice name="inv-per" value={inv.per} onChange={inv.setPer} />
        <div className={field}>
          <label htmlFor="inv-quantity" className={label}>
            {inv.per === 'guest' ? 'Quantity Needed per Guest' : 'Quantity Needed'}
          </label>
          <input
            id="inv-quantity"
            className={input}
            inputMode="decimal"
            value={inv.quantityText}
            aria-invalid={inv.quantityError ? true : undefined}
            aria-describedby={
              inv.quantityError ? 'inv-quantity-error' : inv.per === 'guest' ? 'inv-quantity-hint' : undefined
            }
            onChange={(e) => inv.changeQuantity(e.target.value)}
          />
          {inv.per === 'guest' ? (
            <span id="inv-quantity-hint" className={muted}>
              {scaledHint('guest', inv.guests, null, '')}
            </span>
          ) : null}
          {inv.quantityError ? (
            <span id="inv-quantity-error" className={errorText} role="alert">
              {inv.quantityError}
            </span>
          ) : null}
        </div>
        <div>
          <Button type="submit" variant="solidGreen" disabled={!inv.canAdd}>
            Add Ingredient
          </Button>
        </div>
      </form>
      {inv.lineError ? (
        <p className={errorText} role="alert">
          {inv.lineError}
        </p>
      ) : null}
      {inv.lines.length ? (
        <ul aria-label="Inventory ingredients" className={lineList}>
          {inv.lines.map((l) => {
            const allergens = inventoryLineAllergenView(l, inv.items, avoid);
            return (
              <li key={l.lineId} className={line}>
                <div className={lineHead}>
                  <span>
                    <strong>{l.name}</strong> — {formatMeasure(inventoryLineAmount(l), l.unit)}
                    {isPerGuest(l) ? (
                      <span className={muted}>
                        {' '}
                        ({formatAmount(l.perGuest)} {l.packageType} per guest)
                      </span>
                    ) : null}
                  </span>
                  <span className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <label className={radioLabel}>
                      <input
                        type="checkbox"
                        className={box}
                        checked={isPerGuest(l)}
                        aria-label={`Per guest: ${l.name}`}
                        onChange={(e) => inv.setLinePer(l.lineId ?? '', e.target.checked ? 'guest' : 'event')}
                      />
                      Per guest
                    </label>
                    <Button
                      size="sm"
                      variant="outlineBlue"
                      aria-label={`Edit Quantity of ${l.name}`}
                      onClick={() => inv.editQuantity(l.lineId ?? '')}
                    >
                      Edit Quantity
                    </Button>
                    <Button
                      size="sm"
                      variant="outlineRed"
                      aria-label={`Delete ${l.name}`}
                      onClick={() => inv.remove(l.lineId ?? '')}
                    >
                      Delete
                    </Button>
                  </span>
                </div>
                <details>
                  <summary className={summary}>Details</summary>
                  <dl
                    className={css({
                      display: 'grid',
                      gridTemplateColumns: 'max-content 1fr',
                      columnGap: '3',
                      mt: '1',
                    })}
                  >
                    <dt>Supplier</dt>
                    <dd>{l.supplierName || '—'}</dd>
                    <dt>Quantity Needed</dt>
                    <dd>
                      {formatAmount(l.quantity)} {l.packageType}
                      {isPerGuest(l)
                        ? ` (${formatAmount(l.perGuest)} per guest x ${inv.guests} guests)`
                        : ' (per event)'}
                    </dd>
                    <dt>Cost</dt>
                    <dd>{formatMoney(inventoryLineCost(l))}</dd>
                  </dl>
                </details>
                <AllergenTags tags={allergens.tags} name={l.name} />
                <AllergenFlag flag={allergens.flag} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={muted}>No inventory items added yet.</p>
      )}
      <p className={total}>Total Cost: {inv.total === null ? 'unavailable' : formatMoney(inv.total)}</p>
    </section>
  );
}

type TextField = SpecialtyTextField;

/** Issue 21: a specialty ingredient's allergens (tags, the Allergens button and its checkboxes). */
function SpecialtyAllergens({
  id,
  name,
  stored,
  onChange,
}: {
  id: string;
  name: string;
  stored: unknown;
  onChange: (chosen: AllergenId[]) => void;
}) {
  const chosen = cleanAllergens(stored);
  const picker = useAllergenPicker(chosen, onChange);
  const pickerId = `sp-allergens-${id}`;
  return (
    <div className={css({ mt: '2' })}>
      <AllergensButton picker={picker} name={name} pickerId={pickerId} />
      <AllergenTags tags={chosen.map(allergenLabel)} name={name} />
      <AllergenChecks picker={picker} name={name} pickerId={pickerId} />
    </div>
  );
}

const asOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));

const specialtyFields: Array<{
  key: TextField;
  label: string;
  /** A number, typed as text (commas read, not dropped as the browser's number input does). */
  numeric?: boolean;
  options?: Option[];
}> = [
  { key: 'name', label: 'Ingredient Name' },
  { key: 'unitQuantity', label: 'Unit Quantity', numeric: true },
  { key: 'units', label: 'Unit of Measure', options: asOptions(specialtyUnits) },
  { key: 'quantityNeeded', label: 'Quantity Needed', numeric: true },
  { key: 'packageType', label: 'Package Type', options: asOptions(packageTypes) },
  { key: 'costPerUnit', label: 'Cost per Unit', numeric: true },
  { key: 'supplierName', label: 'Supplier Name' },
];

/**
 * A specialty line's details, allergens and flag: rendered again only when its line, the guests or the list to
 * avoid changes (issue 23), not when another line is added, edited or removed, nor when an edit starts or ends.
 */
const SpecialtyLineDetails = memo(function SpecialtyLineDetails({
  line: l,
  guests,
  avoid,
  actions,
}: {
  line: SpecialtyLine;
  guests: number;
  avoid: AllergenId[];
  actions: SpecialtyLineActions;
}) {
  return (
    <>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: '3',
          fontSize: 'sm',
        })}
      >
        <dt>Quantity Needed</dt>
        <dd>
          {formatAmount(l.quantityNeeded)}
          {isPerGuest(l) ? ` (${formatAmount(l.perGuest)} per guest x ${guests} guests)` : ' (per event)'}
        </dd>
        <dt>Package Type</dt>
        <dd>{l.packageType}</dd>
        <dt>Cost per Unit</dt>
        <dd>{formatMoney(l.costPerUnit)}</dd>
        <dt>Cost</dt>
        <dd>{formatMoney(l.quantityNeeded * l.costPerUnit)}</dd>
        <dt>Supplier</dt>
        <dd>{l.supplierName || '—'}</dd>
        <dt>On Hand</dt>
        <dd>{l.onHand ? 'Yes' : 'No (need to order)'}</dd>
      </dl>
      <SpecialtyAllergens
        id={l.id}
        name={l.name}
        stored={l.allergens}
        onChange={(chosen) => actions.setAllergens(l.id, chosen)}
      />
      <AllergenFlag flag={ingredientFlag(l.allergens, avoid)} />
    </>
  );
}, samePanelProps);

/**
 * One of the specialty form's selects (Unit of Measure, Package Type): drawn again only when its own value
 * changes, not on every keystroke in the other fields nor on a save that leaves it as it was (issue 23: the
 * two Ark selects were a third of the script of an add or an edit at 4x); Ark's select starts on first use.
 */
const SpecialtySelect = memo(function SpecialtySelect({
  field,
  label,
  options,
  value,
  change,
}: {
  field: SpecialtyTextField;
  label: string;
  options: Option[];
  value: string;
  change: (f: SpecialtyTextField, value: string) => void;
}) {
  return (
    <SelectField
      id={`sp-${field}`}
      label={label}
      value={value}
      options={options}
      onValue={(chosen) => change(field, chosen)}
      triggerClassName={input}
      startOnUse
    />
  );
});

/**
 * The specialty form: drawn again for its own draft, errors and mode, and for the guests its per-guest hint
 * scales by, never for the lines (issue 23: with one hook for the form and the list, an add, edit or delete of a
 * line drew all seven fields again twice, for the save and for storage's answer, and a delete did for nothing).
 */
const SpecialtyForm = memo(function SpecialtyForm({ actorRef }: { actorRef: ToolkitActors['specialty'] }) {
  const draft = useSelector(actorRef, (s) => s.context.draft);
  const errors = useSelector(actorRef, (s) => s.context.draftErrors);
  const guests = useSelector(actorRef, (s) => s.context.guests);
  const editing = useSelector(actorRef, (s) => s.hasTag('editing'));
  const act = useMemo(() => specialtyFormActions((event) => actorRef.send(event)), [actorRef]);
  return (
    <form
      className={formGrid}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        act.save();
      }}
    >
      <ToolkitDraftNote
        actorRef={actorRef}
        of={specialtyDraft}
        what="This specialty ingredient was typed before and not saved yet."
      />
      {specialtyFields.map((f) =>
        f.options ? (
          <SpecialtySelect
            key={f.key}
            field={f.key}
            label={f.label}
            options={f.options}
            value={draft[f.key]}
            change={act.change}
          />
        ) : (
          <div key={f.key} className={field}>
            {f.key === 'quantityNeeded' ? <PerChoice name="sp-per" value={draft.per} onChange={act.setPer} /> : null}
            <label htmlFor={`sp-${f.key}`} className={label}>
              {f.key === 'quantityNeeded' && draft.per === 'guest' ? 'Quantity Needed per Guest' : f.label}
            </label>
            <input
              id={`sp-${f.key}`}
              className={input}
              inputMode={f.numeric ? 'decimal' : undefined}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={
                [
                  f.key === 'costPerUnit' ? 'sp-costPerUnit-hint' : '',
                  errors[f.key] ? `sp-${f.key}-error` : '',
                  f.numeric ? '' : `sp-${f.key}-limit`,
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              maxLength={f.numeric ? undefined : MAX_NAME_LENGTH}
              value={draft[f.key]}
              onChange={(e) => act.change(f.key, e.target.value)}
            />
            {f.numeric ? null : (
              <LengthLimit id={`sp-${f.key}-limit`} label={f.label} value={draft[f.key]} max={MAX_NAME_LENGTH} />
            )}
            {f.key === 'costPerUnit' ? (
              <span id="sp-costPerUnit-hint" className={muted}>
                {COST_PER_UNIT_HINT}
              </span>
            ) : null}
            {f.key === 'quantityNeeded' && draft.per === 'guest' ? (
              <span className={muted}>{scaledHint('guest', guests, null, '')}</span>
            ) : null}
            {errors[f.key] ? (
              <span id={`sp-${f.key}-error`} className={errorText} role="alert">
                {errors[f.key]}
              </span>
            ) : null}
          </div>
        ),
      )}
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontWeight: 'bold', minH: '10' })}>
        <input
          type="checkbox"
          checked={draft.onHand}
          onChange={(e) => act.setOnHand(e.target.checked)}
          className={css({ width: '5', height: '5' })}
        />
        On Hand
      </label>
      <div className={css({ display: 'flex', gap: '2', gridColumn: '1 / -1' })}>
        {editing ? (
          <>
            <Button type="submit" variant="solidGreen">
              Save Ingredient
            </Button>
            <Button variant="outlineRed" onClick={act.cancel}>
              Cancel Edit
            </Button>
          </>
        ) : (
          <Button type="submit" variant="solidGreen">
            Add Specialty Ingredient
          </Button>
        )}
      </div>
    </form>
  );
});

function SpecialtyIngredients({ actorRef, avoid }: { actorRef: ToolkitActors['specialty']; avoid: AllergenId[] }) {
  const lines = useSelector(actorRef, (s) => s.context.lines);
  const guests = useSelector(actorRef, (s) => s.context.guests);
  const editing = useSelector(actorRef, (s) => s.hasTag('editing'));
  const spTotal = useMemo(() => specialtyTotal(lines), [lines]);
  const actions = useMemo(() => specialtyLineActions((event) => actorRef.send(event)), [actorRef]);
  return (
    <section className={panel} aria-labelledby="specialty-title">
      <h3 id="specialty-title" className={panelTitle}>
        Add Specialty Ingredients.
      </h3>
      <SpecialtyForm actorRef={actorRef} />
      {lines.length ? (
        <ul aria-label="Specialty ingredients" className={lineList}>
          {lines.map((l) => (
            <li key={l.id} className={line}>
              <div className={lineHead}>
                <span>
                  <strong>{l.name}</strong> — {formatMeasure(specialtyAmount(l), l.units)}
                </span>
                <span className={css({ display: 'flex', gap: '2' })}>
                  <Button
                    size="sm"
                    variant="outlineBlue"
                    aria-label={`Edit ${l.name}`}
                    onClick={() => actions.edit(l.id)}
                    disabled={editing}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outlineRed"
                    aria-label={`Delete ${l.name}`}
                    onClick={() => actions.remove(l.id)}
                    disabled={editing}
                  >
                    Delete
                  </Button>
                </span>
              </div>
              <SpecialtyLineDetails line={l} guests={guests} avoid={avoid} actions={actions} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>No specialty ingredients yet.</p>
      )}
      <p className={total}>Total Cost: {spTotal === null ? 'unavailable' : formatMoney(spTotal)}</p>
    </section>
  );
}

function IngredientsPanelTool({ actors, avoid }: { actors: ToolkitActors; avoid: AllergenId[] }) {
  return (
    <section
      aria-labelledby="ingredients-title"
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <h2 id="ingredients-title" className={panelTitle}>
        Ingredients
      </h2>
      <div className={columns}>
        <InventoryIngredients actorRef={actors.inventory} avoid={avoid} />
        <SpecialtyIngredients actorRef={actors.specialty} avoid={avoid} />
      </div>
    </section>
  );
}

/** Renders again only for its own actors' changes or another list to avoid (see samePanelProps). */
export const IngredientsPanel = memo(IngredientsPanelTool, samePanelProps);
