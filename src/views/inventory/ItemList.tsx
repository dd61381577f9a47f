import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  TraversalOrder,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import type { InventoryItem } from '../../machines/inventory/inventoryBoard.machine';
import { ItemCard } from './ItemCard';
import { useItemIds, type InventoryBoardRef } from '../../app/inventory/useInventoryBoard';

const scroller = css({
  height: { base: '70vh', md: 'calc(100vh - 220px)' },
  minH: '320px',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  pr: '1',
});

const nameOf = (items: InventoryItem[], id: unknown) => {
  const item = items.find((i) => i.id === id);
  return item ? item.name || item.sku : 'item';
};
const positionOf = (items: InventoryItem[], id: unknown) => items.findIndex((i) => i.id === id) + 1;

/**
 * The reorderable, virtualised list of item cards. Only the cards in view (plus a margin, plus the
 * one being dragged) are mounted; dnd-kit sorts among the mounted ones, which always include the
 * neighbours a keyboard move or a drag reaches.
 */
export function ItemList({ board }: { board: InventoryBoardRef }) {
  const items = useSelector(board, (s) => s.context.items);
  const activeId = useSelector(board, (s) => s.context.activeId);
  // The same array after a save that changed an item but not the order: the sortable context stays as it was,
  // so only the saved card is drawn again (issue 23).
  const ids = useItemIds(board);
  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  const scrollRef = useRef<HTMLDivElement>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 132,
    overscan: 4,
    useFlushSync: false,
    getItemKey: (index) => ids[index]!,
    rangeExtractor,
  });

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    // Instant scrolling: with smooth scrolling a keyboard step waits for the scroll animation to find its target.
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, scrollBehavior: 'auto' }),
  );

  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) =>
        `Picked up ${nameOf(items, active.id)}, position ${positionOf(items, active.id)} of ${items.length}.`,
      onDragOver: ({ active, over }) =>
        over?.id === active.id
          ? undefined
          : over
            ? `${nameOf(items, active.id)} moved to position ${positionOf(items, over.id)} of ${items.length}.`
            : `${nameOf(items, active.id)} is outside the list.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${nameOf(items, active.id)} dropped at position ${positionOf(items, over.id)} of ${items.length}.`
          : `${nameOf(items, active.id)} dropped outside the list; order unchanged.`,
      onDragCancel: ({ active }) =>
        `Reordering cancelled. ${nameOf(items, active.id)} returned to position ${positionOf(items, active.id)}.`,
    }),
    [items],
  );

  if (items.length === 0) {
    return (
      <p className={css({ color: 'fgMuted', p: '4', border: '1px dashed', borderColor: 'border' })}>
        No inventory items yet. Add one with the form.
      </p>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      // The list scrolls before the page (dnd-kit's default tries the page first, which can leave the
      // list stuck once the page reaches its end under a still pointer).
      autoScroll={{ acceleration: 28, threshold: { x: 0, y: 0.15 }, order: TraversalOrder.ReversedTreeOrder }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To reorder an item, press Space to pick it up. Use the arrow keys to move it, Space again to drop it, or Escape to cancel.',
        },
      }}
      onDragStart={(e: DragStartEvent) => board.send({ type: 'drag.start', id: String(e.active.id) })}
      onDragEnd={(e: DragEndEvent) => board.send({ type: 'drag.end', overId: e.over ? String(e.over.id) : null })}
      onDragCancel={() => board.send({ type: 'drag.cancel' })}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <div ref={scrollRef} className={scroller} tabIndex={-1} data-inventory-list>
          <ul
            aria-label="Inventory items"
            style={{
              height: virtualizer.getTotalSize(),
              position: 'relative',
              listStyle: 'none',
              margin: 0,
              padding: 0,
            }}
          >
            {virtualizer.getVirtualItems().map((row) => (
              <ItemCard
                key={row.key}
                board={board}
                item={items[row.index]!}
                index={row.index}
                count={items.length}
                top={row.start}
                measure={virtualizer.measureElement}
              />
            ))}
          </ul>
        </div>
      </SortableContext>
    </DndContext>
  );
}
