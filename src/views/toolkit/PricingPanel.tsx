import { memo } from 'react';
import { samePanelProps } from './samePanelProps';
import { css } from 'styled-system/css';
import { formatMoney } from '../../domain/money';
import { usePricing } from '../../app/toolkit/usePricing';
import { priceDraft, ratesDraft } from '../../machines/toolkit/toolkitDrafts.connect';
import { ToolkitDraftNote } from './ToolkitDraftNote';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { Button } from '../components/Button';
import { LengthLimit } from '../components/fields';
import { errorText, field, input, label, muted, panel, panelTitle, table } from '../events/styles';
import type { ToolkitActors } from '../../app/toolkit/useToolkitActors';
import type { PricingActions } from '../../machines/toolkit/pricing.connect';
import type { PriceDraft } from '../../machines/toolkit/pricing.machine';
import { CostingFigures } from './CostingFigures';

const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '2fr 1fr 1fr auto' },
  gap: '3',
  alignItems: 'end',
});
const totals = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(0, 1fr) auto' },
  columnGap: '4',
  rowGap: '2',
  alignItems: 'end',
  '& dt': { fontWeight: 'bold' },
  '& dd': {
    textAlign: { base: 'left', sm: 'right' },
    pb: { base: '3', sm: '2' },
    borderBottomWidth: { base: '1px', sm: '0' },
    borderColor: 'border',
  },
  '& output': { fontWeight: 'bold', fontSize: 'lg' },
});
const fixedRow = css({ fontStyle: 'italic', color: 'fgMuted' });
const tableWrap = css({ overflowX: 'auto' });
const pctInput = css({ maxW: '140px' });

/**
 * Discount or tax: a 0–100 % field with its refusal message (money.ts `checkPercent`) next to it. Drawn again only
 * when its own text or message changes (issue 23: not on every change of the totals around it).
 */
const PercentField = memo(function PercentField({
  id,
  label: text,
  text: value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  return (
    <dt className={field}>
      <label htmlFor={id} className={label}>
        {text} (%)
      </label>
      <input
        id={id}
        className={`${input} ${pctInput}`}
        // Text, not number (issue 25): a number input hands over '' for '-' or '12,5', which read as 0 %
        // and was stored; the machine sees what was typed and refuses it with its message instead.
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className={errorText} role="alert">
          {error}
        </span>
      ) : null}
    </dt>
  );
});

/**
 * The price form: drawn again only when the pricing tool's own draft, message or editing changes (issue 23), not
 * when a specialty line's cost or the staff's hours change the totals below it (its callbacks are the same functions
 * for the tool's life: `pricingActions`).
 */
const PriceForm = memo(function PriceForm({
  actorRef,
  draft,
  error,
  editing,
  change,
  add,
  commit,
  cancel,
}: {
  actorRef: ToolkitActors['pricing'];
  draft: PriceDraft;
  error: string | null;
  editing: boolean;
  change: PricingActions['change'];
  add: () => void;
  commit: () => void;
  cancel: () => void;
}) {
  return (
    <form
      className={formGrid}
      onSubmit={(e) => {
        e.preventDefault();
        if (editing) commit();
        else add();
      }}
    >
      <ToolkitDraftNote actorRef={actorRef} of={priceDraft} what="This price was typed before and not saved yet." />
      <div className={field}>
        <label htmlFor="price-name" className={label}>
          Item Name
        </label>
        <input
          id="price-name"
          className={input}
          value={draft.name}
          maxLength={MAX_NAME_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'price-error price-name-limit' : 'price-name-limit'}
          onChange={(e) => change('name', e.target.value)}
        />
        <LengthLimit id="price-name-limit" label="Item Name" value={draft.name} max={MAX_NAME_LENGTH} />
      </div>
      <div className={field}>
        <label htmlFor="price-price" className={label}>
          Price
        </label>
        <input
          id="price-price"
          className={input}
          inputMode="decimal"
          value={draft.price}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'price-error' : undefined}
          onChange={(e) => change('price', e.target.value)}
        />
      </div>
      <div className={field}>
        <label htmlFor="price-currency" className={label}>
          Currency
        </label>
        <input
          id="price-currency"
          className={input}
          value={draft.currency}
          maxLength={MAX_NAME_LENGTH}
          aria-describedby="price-currency-limit"
          onChange={(e) => change('currency', e.target.value)}
        />
        <LengthLimit id="price-currency-limit" label="Currency" value={draft.currency} max={MAX_NAME_LENGTH} />
      </div>
      <div className={css({ display: 'flex', gap: '2' })}>
        {editing ? (
          <>
            <Button type="submit" variant="solidGreen">
              Save
            </Button>
            <Button variant="outlineRed" onClick={cancel}>
              Cancel
            </Button>
          </>
        ) : (
          <Button type="submit" variant="solidGreen">
            Add Price
          </Button>
        )}
      </div>
      {error ? (
        <p id="price-error" className={errorText} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
});

function PricingPanelTool({ actors }: { actors: ToolkitActors }) {
  const p = usePricing(actors);
  return (
    <section className={panel} aria-labelledby="pricing-title">
      <h2 id="pricing-title" className={panelTitle}>
        Pricing
      </h2>
      <PriceForm
        actorRef={actors.pricing}
        draft={p.draft}
        error={p.error}
        editing={p.editing}
        change={p.change}
        add={p.add}
        commit={p.commit}
        cancel={p.cancel}
      />
      <div className={tableWrap}>
        <table className={table} aria-label="Price list">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Price</th>
              <th scope="col">
                <span className={css({ srOnly: true })}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {p.lines.map((l) => (
              <tr key={l.id} aria-current={p.editingId === l.id ? 'true' : undefined}>
                <td>{l.name}</td>
                <td>{formatMoney(l.price, l.currency)}</td>
                <td className={css({ whiteSpace: 'nowrap' })}>
                  <span
                    className={css({
                      display: 'flex',
                      flexDirection: { base: 'column', sm: 'row' },
                      gap: '2',
                      justifyContent: 'flex-end',
                    })}
                  >
                    <Button
                      size="sm"
                      variant="outlineBlue"
                      aria-label={`Edit price ${l.name}`}
                      onClick={() => p.edit(l.id)}
                      disabled={p.editing}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outlineRed"
                      aria-label={`Delete price ${l.name}`}
                      onClick={() => p.remove(l.id)}
                      disabled={p.editing}
                    >
                      Delete
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
            <tr className={fixedRow}>
              <td>Total Inventory Items</td>
              <td>{p.invTotal === null ? '—' : formatMoney(p.invTotal)}</td>
              <td />
            </tr>
            <tr className={fixedRow}>
              <td>Total Specialty Ingredients</td>
              <td>{p.spTotal === null ? '—' : formatMoney(p.spTotal)}</td>
              <td />
            </tr>
          </tbody>
        </table>
      </div>
      <ToolkitDraftNote
        actorRef={actors.pricing}
        of={ratesDraft}
        what="The discount or tax typed before was not accepted and is shown again as typed."
      />
      {p.summary === null ? (
        <p className={errorText} role="alert">
          Error fetching total event ingredient cost.
        </p>
      ) : (
        <>
          <dl className={totals}>
            <dt>Total before discount and tax</dt>
            <dd>
              <output aria-label="Total before discount and tax">{formatMoney(p.summary.total)}</output>
            </dd>
            <PercentField
              id="discount-pct"
              label="Discount"
              text={p.discountText}
              error={p.discountError}
              onChange={p.setDiscount}
            />
            <dd>
              <span className={muted}>Total after discount </span>
              <output aria-label="Total after discount">{formatMoney(p.summary.discounted)}</output>
            </dd>
            <PercentField id="tax-pct" label="Tax" text={p.taxText} error={p.taxError} onChange={p.setTax} />
            <dd>
              <span className={muted}>Total after tax </span>
              <output aria-label="Total after tax">{formatMoney(p.summary.taxed)}</output>
            </dd>
          </dl>
          <p className={muted}>All amounts are in CAD.</p>
          {p.foreign.length ? (
            <p className={errorText} role="note">
              Price lines in {p.foreign.join(', ')} are added to the CAD totals at face value: convert them to CAD for a
              true total.
            </p>
          ) : null}
          <CostingFigures costing={p.costing} heading="Cost, price and margin" />
        </>
      )}
    </section>
  );
}

/** Renders again only for its own actors' changes or another list to avoid (see samePanelProps). */
export const PricingPanel = memo(PricingPanelTool, samePanelProps);
