import { useId } from 'react';
import { css } from 'styled-system/css';
import { formatFigure, formatPercent, type EventCosting } from '../../domain/costing';

// fit-content: a label wraps rather than widening a narrow card. `compact` (the printed event sheet)
// runs the figures on as lines of text, so a typical event's sheet keeps to one page (and leaves out a
// labour cost of $0, the event having no staff).
const grid = css({
  display: 'grid',
  gridTemplateColumns: 'fit-content(55%) minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '1',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dd': { fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' },
});
const compactList = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '1',
  rowGap: '0',
  fontSize: 'sm',
  '& dt': { fontWeight: 'bold', color: 'fgMuted' },
  '& dt::after': { content: '":"' },
  '& dd': { mr: '3', fontVariantNumeric: 'tabular-nums' },
});
const heading = css({ fontFamily: 'heading', fontWeight: 'bold', color: 'secondary', fontSize: 'md' });
const flag = css({ color: 'alertFg', fontSize: 'sm' });
const loss = css({ color: 'alertFg', fontWeight: 'bold' });

/** Food and labour cost, price (after discount, before tax), margin and per-guest figures of one event (domain/costing.ts). */
export function CostingFigures({
  costing,
  heading: title,
  compact = false,
}: {
  costing: EventCosting;
  heading: string;
  compact?: boolean;
}) {
  const id = useId();
  const negative = costing.margin !== null && costing.margin < 0;
  return (
    <section
      aria-labelledby={id}
      className={css({ display: 'flex', flexDirection: 'column', gap: compact ? '0' : '2' })}
    >
      <h3 id={id} className={compact ? css({ fontWeight: 'bold', fontSize: 'sm' }) : heading}>
        {title}
      </h3>
      <dl className={compact ? compactList : grid} aria-labelledby={id}>
        <dt>Food cost</dt>
        <dd>{formatFigure(costing.foodCost)}</dd>
        {compact && costing.labourCost === 0 && !costing.unratedShifts ? null : (
          <>
            <dt>Labour cost</dt>
            <dd>{formatFigure(costing.labourCost)}</dd>
            <dt>Total cost</dt>
            <dd>{formatFigure(costing.cost)}</dd>
          </>
        )}
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
        <dt>Margin per guest</dt>
        <dd className={negative ? loss : undefined}>{formatFigure(costing.marginPerGuest)}</dd>
      </dl>
      {costing.unratedShifts ? (
        <p className={flag} role="note">
          {costing.unratedShifts === 1 ? '1 staff shift is' : `${costing.unratedShifts} staff shifts are`} counted at
          $0: give the employee an Hourly rate for a true labour cost.
        </p>
      ) : null}
      {costing.foreignCurrencies.length ? (
        <p className={flag} role="note">
          Includes price lines in {costing.foreignCurrencies.join(', ')} at face value: convert them to CAD for a true
          margin.
        </p>
      ) : null}
      {costing.guests > 0 ? null : <p className={flag}>No guests yet: per-guest figures are shown as —.</p>}
    </section>
  );
}
