/**
 * The data actors of one open Tool Kit, hydrated from the event and its per-event keys, with their side
 * effects provided: event fields go through the events list (`event.patch`), the per-event keys
 * through their accessors (the ingredient list by line id), and the quantity prompt is the browser's
 * window.prompt. Other tabs' saves reach the tools as `storage.change`: the event's lists from the
 * events list (which follows the `events` key), the per-event keys from their own watchers. The
 * tools keep what is being typed; nothing is remounted. Closing the Tool Kit tells this tab's other
 * views of the per-event keys (the event's details with its costing) to read them again.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  inventoryIngredientsMachine,
  type QuantityPromptInput,
} from '../../machines/toolkit/inventoryIngredients.machine';
import { menuNotesMachine } from '../../machines/toolkit/menuNotes.machine';
import { menuLinesOf, menuPatch } from '../../domain/allergens';
import { pricingMachine } from '../../machines/toolkit/pricing.machine';
import { specialtyIngredientsMachine } from '../../machines/toolkit/specialtyIngredients.machine';
import {
  announceLocalChange,
  discountPercentageStore,
  ingredientListStore,
  inventoryItemsStore,
  taxPercentageStore,
  type CateringEvent,
  type ChosenIngredient,
} from '../../storage';
import type { EventsRef } from '../events/useEventsActor';
import { createPersister, createValueWriter } from '../shell/persister';
import { inspect } from '../../views/shell/inspector';
import { dropToolkitDraft, keepToolkitDraft, readToolkitDrafts } from './toolkitDrafts';
import { inventoryPickOf } from '../../machines/toolkit/inventoryIngredients.machine';
import { useStaffTool } from '../staff/useStaffTool';

export function useToolkitActors(event: CateringEvent, eventsRef: EventsRef) {
  const id = event.id;
  const [start] = useState(() => {
    const lines = ingredientListStore(id).read();
    return {
      lines,
      lines$: { send: null as ((lines: ChosenIngredient[]) => void) | null },
      items: inventoryItemsStore.read(),
      discount: discountPercentageStore(id).read(),
      tax: taxPercentageStore(id).read(),
      discountWriter: createValueWriter(discountPercentageStore(id), `Discount of event ${id}`),
      taxWriter: createValueWriter(taxPercentageStore(id), `Tax of event ${id}`),
      // Issue 25: what this event's Tool Kit forms held as typed when it was last open.
      drafts: readToolkitDrafts(id),
    };
  });
  // A failed write is kept and retried; another tab's change to the same line at the same moment is kept and shown.
  const [ingredientLines] = useState(() =>
    createPersister(ingredientListStore(id), start.lines, {
      label: `Ingredients of event ${id}`,
      onConflicts: (_, stored) => start.lines$.send?.(stored),
    }),
  );
  useEffect(
    () => () => {
      ingredientLines.stop();
      start.discountWriter.stop();
      start.taxWriter.stop();
    },
    [ingredientLines, start],
  );
  const patch = (p: Partial<CateringEvent>) => eventsRef.send({ type: 'event.patch', id, patch: p });
  // Each machine is provided once (issue 23, fifth pass): `provide` builds the machine's whole tree again (~1.5 ms at
  // 4x CPU each), and useActorRef only ever uses the first; the effects close over this mount's `start`, id and refs.

  const inventory = useActorRef(
    useState(() =>
      inventoryIngredientsMachine.provide({
        actions: {
          persistLines: ({ context, self }) => {
            start.lines$.send = (stored) => self.send({ type: 'storage.change', lines: stored });
            ingredientLines.save(context.lines);
          },
          persistDraft: ({ context }) => keepToolkitDraft(id, 'inventory', inventoryPickOf(context)),
          discardDraft: () => dropToolkitDraft(id, 'inventory'),
        },
        actors: {
          promptQuantity: fromPromise<string | null, QuantityPromptInput>(async ({ input }) =>
            window.prompt(`Enter the new quantity needed for ${input.name}:`, String(input.current)),
          ),
        },
      }),
    )[0],
    {
      input: { lines: start.lines, items: start.items, guests: event.NumberOfGuests, draft: start.drafts.inventory },
      inspect,
    },
  );
  const specialty = useActorRef(
    useState(() =>
      specialtyIngredientsMachine.provide({
        actions: {
          persistLines: ({ context }) => patch({ ingredients: context.lines }),
          persistDraft: ({ context }) =>
            keepToolkitDraft(id, 'specialty', { values: context.draft, editingId: context.editingId }),
          discardDraft: () => dropToolkitDraft(id, 'specialty'),
        },
      }),
    )[0],
    {
      input: { lines: event.ingredients ?? [], guests: event.NumberOfGuests, draft: start.drafts.specialty },
      inspect,
    },
  );
  const menuNotes = useActorRef(
    useState(() =>
      menuNotesMachine.provide({
        actions: {
          // The spec's text list, and beside it each item's id and allergens (issue 21).
          persistMenu: ({ context }) => patch(menuPatch(context.menu)),
          persistNotes: ({ context }) => patch({ notes: context.notes }),
          persistMenuDraft: ({ context }) => keepToolkitDraft(id, 'menu', context.menuText),
          discardMenuDraft: () => dropToolkitDraft(id, 'menu'),
          persistNoteDraft: ({ context }) => keepToolkitDraft(id, 'note', context.noteText),
          discardNoteDraft: () => dropToolkitDraft(id, 'note'),
        },
      }),
    )[0],
    {
      input: {
        menu: menuLinesOf(event),
        notes: event.notes ?? [],
        menuDraft: start.drafts.menu,
        noteDraft: start.drafts.note,
      },
      inspect,
    },
  );
  const pricing = useActorRef(
    useState(() =>
      pricingMachine.provide({
        actions: {
          persistPricing: ({ context }) => patch({ pricing: context.lines }),
          persistDiscount: ({ context }) => void start.discountWriter.write(context.discount),
          persistTax: ({ context }) => void start.taxWriter.write(context.tax),
          persistDraft: ({ context }) =>
            keepToolkitDraft(id, 'price', { values: context.draft, editingId: context.editingId }),
          discardDraft: () => dropToolkitDraft(id, 'price'),
          persistRatesDraft: ({ context }) =>
            keepToolkitDraft(id, 'rates', { discountText: context.discountText, taxText: context.taxText }),
          discardRatesDraft: () => dropToolkitDraft(id, 'rates'),
        },
      }),
    )[0],
    {
      input: {
        lines: event.pricing ?? [],
        discount: start.discount,
        tax: start.tax,
        draft: start.drafts.price,
        ratesDraft: start.drafts.rates,
      },
      inspect,
    },
  );
  useEffect(
    () => inventoryItemsStore.subscribe((items) => inventory.send({ type: 'inventory.change', items })),
    [inventory],
  );
  useEffect(() => {
    const stops = [
      ingredientListStore(id).subscribe((lines) => {
        ingredientLines.rebase(lines);
        inventory.send({ type: 'storage.change', lines });
      }),
      discountPercentageStore(id).subscribe((discount) => pricing.send({ type: 'storage.change', discount })),
      taxPercentageStore(id).subscribe((tax) => pricing.send({ type: 'storage.change', tax })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [id, ingredientLines, inventory, pricing]);
  // The event's own lists, as the events list holds them now (its own patches come back unchanged).
  useEffect(
    () => specialty.send({ type: 'storage.change', lines: event.ingredients ?? [] }),
    [specialty, event.ingredients],
  );
  useEffect(
    () =>
      menuNotes.send({
        type: 'storage.change',
        menu: menuLinesOf({ menuItems: event.menuItems, menuLines: event.menuLines }),
        notes: event.notes ?? [],
      }),
    [menuNotes, event.menuItems, event.menuLines, event.notes],
  );
  useEffect(() => pricing.send({ type: 'storage.change', lines: event.pricing ?? [] }), [pricing, event.pricing]);
  useEffect(() => {
    inventory.send({ type: 'guests.change', guests: event.NumberOfGuests });
    specialty.send({ type: 'guests.change', guests: event.NumberOfGuests });
  }, [inventory, specialty, event.NumberOfGuests]);
  // Last, so the Tool Kit's own watchers are gone when the others are told.
  useEffect(
    () => () =>
      [ingredientListStore(id).key, discountPercentageStore(id).key, taxPercentageStore(id).key].forEach((key) =>
        announceLocalChange(key),
      ),
    [id],
  );
  const staff = useStaffTool(event, eventsRef);
  // One object while the Tool Kit is open: the tools are memoised on it (src/views/toolkit/samePanelProps.ts).
  return useMemo(
    () => ({ inventory, specialty, menuNotes, pricing, staff }),
    [inventory, specialty, menuNotes, pricing, staff],
  );
}

export type ToolkitActors = ReturnType<typeof useToolkitActors>;
