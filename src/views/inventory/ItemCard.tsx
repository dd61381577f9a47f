import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useSelector } from '@xstate/react';
import { memo, useCallback } from 'react';
import { css, cx } from 'styled-system/css';
import { isLowStock, LOW_STOCK_MESSAGE, unitLabel } from '../../domain/inventory';
import type { InventoryItem } from '../../machines/inventory/inventoryBoard.machine';
import { Button } from '../components/Button';
import type { InventoryBoardRef } from '../../app/inventory/useInventoryBoard';
import { itemAllergenNames } from '../../machines/inventory/inventoryBoard.connect';
import { AllergenTags } from '../toolkit/AllergenPicker';

const card = css({
  bg: 'surface',
  color: 'fg',
  border: '1px solid',
  borderColor: 'border',
  p: '3',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '3',
  alignItems: 'start',
});
const low = css({ outline: '3px solid', outlineColor: 'accent', outlineOffset: '-3px', bg: 'alertBg' });
const dragging = css({ boxShadow: 'xl', opacity: 0.9, zIndex: 10, position: 'relative' });
const handle = css({
  cursor: 'grab',
  touchAction: 'none',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surfaceRaised',
  color: 'fg',
  w: '10',
  h: '10',
  fontSize: 'xl',
  lineHeight: '1',
  _active: { cursor: 'grabbing' },
});
const title = css({
  fontFamily: 'heading',
  fontWeight: 'bold',
  fontSize: 'lg',
  overflowWrap: 'anywhere',
  lineClamp: 3,
});
const qty = css({ fontSize: 'md' });
const qtyLow = css({ fontSize: 'xl', fontWeight: 'extrabold', color: 'alertFg' });
const badge = css({
  display: 'inline-block',
  ml: '2',
  px: '2',
  fontSize: 'sm',
  fontWeight: 'bold',
  bg: 'accent',
  color: 'onSolid',
});
const details = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '3',
  rowGap: '1',
  mt: '2',
  fontSize: 'sm',
  '& dt': { fontWeight: 'semibold', color: 'fgMuted' },
});
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' });

export interface ItemCardProps {
  board: InventoryBoardRef;
  item: InventoryItem;
  index: number;
  /** List length: only some cards are in the DOM, so each says where it sits (aria-setsize/posinset). */
  count: number;
  top: number;
  measure: (node: HTMLElement | null) => void;
}

/** One inventory card: the sortable wrapper re-renders on every drag step, its body only when the item or its expansion changes. */
export const ItemCard = memo(function ItemCard({ board, item, index, count, top, measure }: ItemCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  // A stable ref: a new callback each render would make the virtualiser re-measure (and force a
  // layout) for every card on every drag step.
  const ref = useCallback(
    (node: HTMLLIElement | null) => {
      setNodeRef(node);
      measure(node);
    },
    [setNodeRef, measure],
  );
  const isLow = isLowStock(item);
  return (
    <li
      ref={ref}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      aria-label={item.name || item.sku}
      className={css({ position: 'absolute', left: 0, right: 0, pb: '2' })}
      style={{ top, transform: CSS.Translate.toString(transform), transition }}
    >
      <article className={cx(card, isLow && low, isDragging && dragging)} data-low-stock={isLow || undefined}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={handle}
          aria-label={`Reorder ${item.name || item.sku}`}
          {...attributes}
          {...listeners}
        >
          ⠿
        </button>
        <CardBody board={board} item={item} />
      </article>
    </li>
  );
});

const CardBody = memo(function CardBody({ board, item }: { board: InventoryBoardRef; item: InventoryItem }) {
  const expanded = useSelector(board, (s) => s.context.expanded[item.id] === true);
  const isLow = isLowStock(item);
  const detailsId = `item-details-${item.id}`;
  const allergenNames = itemAllergenNames(item);
  return (
    <div className={css({ minW: 0 })}>
      <h3 className={title} title={item.name}>
        {item.name || '(no name)'}
      </h3>
      <p className={isLow ? qtyLow : qty}>
        On-hand Quantity: {item.quantity}
        {isLow ? (
          <span className={badge} role="img" aria-label={LOW_STOCK_MESSAGE}>
            ⚠ Low stock
          </span>
        ) : null}
      </p>
      {allergenNames.length ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2', fontSize: 'sm' })}>
          <span className={css({ fontWeight: 'semibold', color: 'fgMuted' })}>Allergens</span>
          <AllergenTags tags={allergenNames} name={item.name || item.sku} />
        </div>
      ) : null}
      {expanded ? (
        <dl id={detailsId} className={details}>
          <dt>SKU</dt>
          <dd>{item.sku}</dd>
          <dt>Category</dt>
          <dd>{item.category || '—'}</dd>
          <dt>Amount per Unit</dt>
          <dd>
            {item.amountPerUnit} {unitLabel(item.unit)}
          </dd>
          <dt>Package Type</dt>
          <dd>{item.packageType}</dd>
          <dt>Cost per Unit</dt>
          <dd>{item.costPerUnit.toFixed(2)}</dd>
          <dt>Re-order Qty</dt>
          <dd>{item.whenToOrder}</dd>
          <dt>Supplier Name</dt>
          <dd>{item.supplierName || '—'}</dd>
        </dl>
      ) : null}
      <div className={actions}>
        <Button
          size="sm"
          variant="outlineBlue"
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          onClick={() => board.send({ type: 'item.toggle', id: item.id })}
        >
          {expanded ? 'Hide Details' : 'More Details'}
        </Button>
        <Button
          size="sm"
          variant="outlineGreen"
          aria-label={`Edit item ${item.name || item.sku}`}
          data-edit-item={item.id}
          onClick={() => board.send({ type: 'edit.open', id: item.id })}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="outlineRed"
          aria-label={`Delete item ${item.name || item.sku}`}
          onClick={() => board.send({ type: 'item.delete', id: item.id })}
        >
          Delete
        </Button>
      </div>
    </div>
  );
});
