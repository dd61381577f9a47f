import { useId } from 'react';
import { css } from 'styled-system/css';
import { formatFigure, formatPercent, type EventCosting } from '../../domain/costing';

const grid = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '1',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dd': { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
});
const heading = css({ fontFamily: 'heading', fontWeight: 'bold', color: 'secondary', fontSize: 'md' });
const flag = css({ color: 'alertFg', fontSize: 'sm' });
const loss = css({ color: 'alertFg', fontWeight: 'bold' });

/** Food cost, price (after discount, before tax), margin and per-guest figures of one event (domain/costing.ts). */
export function CostingFigures({ costing, heading: title }: { costing: EventCosting; heading: string }) {
  const id = useId();
  const negative = costing.margin !== null && costing.margin < 0;
  return (
    <section aria-labelledby={id} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h3 id={id} className={heading}>
        {title}
      </h3>
      <dl className={grid} aria-labelledby={id}>
        <dt>Food cost</dt>
        <dd>{formatFigure(costing.foodCost)}</dd>
        <dt>Price (after discount, before tax)</dt>
        <dd>{formatFigure(costing.price)}</dd>
        <dt>Margin</dt>
        <dd className={negative ? loss : undefined}>{formatFigure(costing.margin)}</dd>
        <dt>Margin %</dt>
        <dd className={negative ? loss : undefined}>{formatPercent(costing.marginPercent)}</dd>
        <dt>Cost per guest</dt>
        <dd>{formatFigure(costing.costPerGuest)}</dd>
        <dt>Price per guest</dt>
        <dd>{formatFigure(costing.pricePerGuest)}</dd>
      </dl>
      {costing.foreignCurrencies.length ? (
        <p className={flag} role="note">
          Includes price lines in {costing.foreignCurrencies.join(', ')} at face value: convert them to CAD for a true margin.
        </p>
      ) : null}
      {costing.guests > 0 ? null : <p className={flag}>No guests yet: per-guest figures are shown as —.</p>}
    </section>
  );
}
