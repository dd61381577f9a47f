/**
 * The data actors of one open Tool Kit, hydrated from the event and its per-event keys, with their side
 * effects provided: event fields go through the events list (`event.patch`), the per-event keys
 * through their accessors, and the quantity prompt is the browser's window.prompt.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { parsePercent } from '../../domain/money';
import { inventoryIngredientsMachine, type QuantityPromptInput } from '../../machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../machines/toolkit/menuNotes.machine';
import { pricingMachine } from '../../machines/toolkit/pricing.machine';
import { specialtyIngredientsMachine } from '../../machines/toolkit/specialtyIngredients.machine';
import { discountPercentageStore, ingredientListStore, inventoryItemsStore, taxPercentageStore, type CateringEvent } from '../../storage';
import { reportWrite, type EventsRef } from '../events/useEventsActor';

export function useToolkitActors(event: CateringEvent, eventsRef: EventsRef) {
  const id = event.id;
  const [start] = useState(() => ({
    lines: ingredientListStore(id).read(),
    items: inventoryItemsStore.read(),
    discount: discountPercentageStore(id).read(),
    tax: taxPercentageStore(id).read(),
  }));
  const patch = (p: Partial<CateringEvent>) => eventsRef.send({ type: 'event.patch', id, patch: p });

  const inventory = useActorRef(
    inventoryIngredientsMachine.provide({
      actions: { persistLines: ({ context }) => reportWrite(ingredientListStore(id).write(context.lines)) },
      actors: {
        promptQuantity: fromPromise<string | null, QuantityPromptInput>(async ({ input }) =>
          window.prompt(`Enter the new quantity needed for ${input.name}:`, String(input.current)),
        ),
      },
    }),
    { input: { lines: start.lines, items: start.items } },
  );
  const specialty = useActorRef(
    specialtyIngredientsMachine.provide({ actions: { persistLines: ({ context }) => patch({ ingredients: context.lines }) } }),
    { input: { lines: event.ingredients ?? [] } },
  );
  const menuNotes = useActorRef(
    menuNotesMachine.provide({
      actions: {
        persistMenu: ({ context }) => patch({ menuItems: context.menuItems }),
        persistNotes: ({ context }) => patch({ notes: context.notes }),
      },
    }),
    { input: { menuItems: event.menuItems ?? [], notes: event.notes ?? [] } },
  );
  const pricing = useActorRef(
    pricingMachine.provide({
      actions: {
        persistPricing: ({ context }) => patch({ pricing: context.lines }),
        persistDiscount: ({ context }) => reportWrite(discountPercentageStore(id).write(parsePercent(context.discountText) ?? 0)),
        persistTax: ({ context }) => reportWrite(taxPercentageStore(id).write(parsePercent(context.taxText) ?? 0)),
      },
    }),
    { input: { lines: event.pricing ?? [], discount: start.discount, tax: start.tax } },
  );
  useEffect(() => inventoryItemsStore.subscribe((items) => inventory.send({ type: 'inventory.change', items })), [inventory]);
  return { inventory, specialty, menuNotes, pricing };
}

export type ToolkitActors = ReturnType<typeof useToolkitActors>;
