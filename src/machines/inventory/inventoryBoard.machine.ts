/**
 * Inventory board: the add form, the ordered list of item cards with the set of expanded cards, and
 * two parallel regions: the Edit Item modal (closed/open) and drag-and-drop (idle/dragging).
 * Every change to the list is persisted by `persistItems`; another tab's changes arrive as
 * `storage.items` / `storage.suppliers` from the invoked storage watcher. The Edit Item form
 * survives them; saving it when another tab changed or deleted that item meanwhile goes to the
 * modal's `conflict` state (keep theirs, keep mine, or merge field by field), never overwriting.
 * Issue 11: Save in the modal refuses what the add form refuses (a SKU, whole counts, numbers, none
 * negative or above the ceilings of limits.ts) and says why next to each field (`editErrors`); the
 * add form keeps the spec's alert and silent rules and adds messages for negative or too large values.
 * Issue 25: Delete works at once, as the spec says, and the toast's Undo puts the item back exactly:
 * its id, its place in the list, and its order-placed flag (`deleted` keeps what each delete took).
 *
 * Drafts (issue 25): the add form's values and the Edit Item dialog's are kept as they are typed
 * (`persistAddDraft`, `persistEditDraft`) and come back through `input` after a reload or a visit
 * elsewhere ("Draft restored."). The modal starts in `restoring`: a saved Edit Item draft reopens the
 * dialog on its item only while that item still has the values editing began from; if the item was
 * changed or deleted meanwhile the draft is dropped (`discardEditDraft`) and the caterer told
 * (`notifyEditDraftDropped`). Discard draft, Cancel and a successful save drop a draft.
 */
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import { mergeDrafts, type Side } from '../../domain/conflict';
import {
  addRangeErrors,
  applyEdit,
  draftFromItem,
  emptyItemDraft,
  hasCountsAndSku,
  hasValidNumbers,
  isEditDraftValid,
  itemErrors,
  itemFromDraft,
  moveItem,
  nextItemId,
  restoreDeletedItem,
  type DeletedItem,
  type ItemDraft,
  type ItemErrors,
  type ItemField,
  type SupplierRef,
} from '../../domain/inventory';
import type { InventoryItem } from '../../storage/schemas';
/** The record this machine lists, for the views (which do not import src/storage). */
export type { InventoryItem };
import type { SecretsOf } from '../../domain/inspection';
import { applicableEditDraft } from '../../domain/drafts';

/** A saved Edit Item draft: the item's id, its values when editing began, and the values typed. */
export interface SavedEditDraft {
  recordId: string;
  base: ItemDraft;
  values: ItemDraft;
}

export interface InventoryBoardInput {
  items: InventoryItem[];
  supplierNames: string[];
  /** The suppliers with their ids: an item saved with a supplier name unique to one supplier keeps its id. */
  suppliers?: SupplierRef[];
  /** The add form's saved draft (issue 25). */
  addDraft?: ItemDraft | null;
  /** The Edit Item dialog's saved draft (issue 25). */
  editDraft?: SavedEditDraft | null;
}

export interface InventoryBoardContext {
  items: InventoryItem[];
  supplierNames: string[];
  suppliers: SupplierRef[];
  /** Ids of expanded cards; every other card is collapsed. */
  expanded: Record<string, true>;
  /** The add form. */
  draft: ItemDraft;
  /** The add form's messages (issue 11: negative or too large), next to their fields. */
  draftErrors: ItemErrors;
  /** The Edit Item dialog's messages: why Save refused. */
  editErrors: ItemErrors;
  /** The Edit Item modal's form and the item it edits (meaningful while `modal.open`). */
  editId: string | null;
  editDraft: ItemDraft;
  /** The item as it was when Edit was pressed: what the modal's changes are based on. */
  editBase: InventoryItem | null;
  /** In `modal.conflict`: the stored version now (null when another tab deleted it). */
  theirs: InventoryItem | null;
  /** The card being dragged (meaningful while `drag.dragging`). */
  activeId: string | null;
  /** Items deleted on this page that an Undo may still put back (issue 25), each with its place. */
  deleted: DeletedItem[];
  /** The add form's values came from its saved draft (issue 25). */
  addRestored: boolean;
  /** The Edit Item dialog's values came from its saved draft. */
  editRestored: boolean;
  /** Until the page has opened: the saved Edit Item draft (then null). */
  savedEdit: SavedEditDraft | null;
}

export type InventoryBoardEvent =
  /** Add form input typed or chosen. */
  | { type: 'form.change'; field: ItemField; value: string }
  /** Add form submitted. */
  | { type: 'item.add' }
  /** A card's expand/collapse button. */
  | { type: 'item.toggle'; id: string }
  /** A card's Delete button. */
  | { type: 'item.delete'; id: string }
  /** The Undo action of the delete toast of this item. */
  | { type: 'delete.undo'; id: string }
  /** A card's Edit button. */
  | { type: 'edit.open'; id: string }
  /** Edit Item modal input. */
  | { type: 'edit.change'; field: ItemField; value: string }
  /** Edit Item modal Save. */
  | { type: 'edit.commit' }
  /** Edit Item modal Cancel, Escape or outside click. */
  | { type: 'edit.cancel' }
  /** dnd-kit onDragStart (mouse, touch or keyboard lift). */
  | { type: 'drag.start'; id: string }
  /** dnd-kit onDragEnd; `overId` is null when dropped outside any list. */
  | { type: 'drag.end'; overId: string | null }
  /** dnd-kit onDragCancel (Escape while dragging). */
  | { type: 'drag.cancel' }
  /** Another tab saved inventoryItems. */
  | { type: 'storage.items'; items: InventoryItem[] }
  /** Another tab saved suppliers (their names feed the Supplier Name choices). */
  | { type: 'storage.suppliers'; names: string[]; suppliers?: SupplierRef[] }
  /** The storage refused a save of this item: another tab changed it at the same moment. */
  | { type: 'save.conflict'; mine: InventoryItem; theirs: InventoryItem | null }
  /** Conflict dialog: keep the other tab's version, drop this modal's changes. */
  | { type: 'conflict.keepTheirs' }
  /** Conflict dialog: save this modal's values over the other tab's version. */
  | { type: 'conflict.keepMine' }
  /** Conflict dialog: the other tab's version with the fields chosen as mine taken from this modal. */
  | { type: 'conflict.merge'; choices: Record<string, Side> }
  /** The add form's Discard draft button. */
  | { type: 'form.discardDraft' }
  /** The Edit Item dialog's Discard draft button: back to the item's stored values. */
  | { type: 'edit.discardDraft' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const inventoryBoardSecrets = {
  events: {
    'form.change': [],
    'item.toggle': [],
    'item.delete': [],
    'delete.undo': [],
    'edit.open': [],
    'edit.change': [],
    'drag.start': [],
    'drag.end': [],
    'storage.items': [],
    'storage.suppliers': [],
    'save.conflict': [],
    'conflict.merge': [],
  },
} as const satisfies SecretsOf<InventoryBoardEvent, InventoryBoardContext>;

const found = (context: Pick<InventoryBoardContext, 'items'>, id: string) => {
  const item = context.items.find((i) => i.id === id);
  return item ? draftFromItem(item) : undefined;
};
const sameItem = (a: InventoryItem, b: InventoryItem) =>
  JSON.stringify(draftFromItem(a)) === JSON.stringify(draftFromItem(b));

/** True when the item in the Edit Item modal was changed or deleted elsewhere since Edit was pressed. */
export function isEditedElsewhere(context: InventoryBoardContext): boolean {
  if (context.editId === null || context.editBase === null) return false;
  const current = context.items.find((i) => i.id === context.editId);
  return !current || !sameItem(current, context.editBase);
}

const deleteActions = ['rememberOrderFlag', 'stashDeleted', 'removeItem', 'persistItems', 'notifyDeleted'] as const;
const undoActions = ['restoreItem', 'persistItems', 'restoreOrderFlag', 'notifyRestored'] as const;

export const inventoryBoardMachine = setup({
  types: {
    context: {} as InventoryBoardContext,
    events: {} as InventoryBoardEvent,
    input: {} as InventoryBoardInput,
    tags: {} as 'edit modal' | 'dragging' | 'conflict',
  },
  actions: {
    setDraftField: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const { [event.field]: _cleared, ...draftErrors } = context.draftErrors;
      return { draft: { ...context.draft, [event.field]: event.value }, draftErrors };
    }),
    setDraftErrors: assign({ draftErrors: ({ context }) => addRangeErrors(context.draft) }),
    addItem: assign({
      items: ({ context }) => {
        const id = nextItemId(Date.now(), new Set(context.items.map((i) => i.id)));
        return [...context.items, itemFromDraft(context.draft, id, context.supplierNames, context.suppliers)];
      },
    }),
    resetForm: assign({ draft: () => emptyItemDraft(), draftErrors: () => ({}), addRestored: () => false }),
    /** Issue 25: the Edit Item draft saved before a reload, on its (unchanged) item. */
    loadEditDraft: assign(({ context }) => {
      const saved = context.savedEdit!;
      const item = context.items.find((i) => i.id === saved.recordId)!;
      return {
        editId: item.id,
        editDraft: { ...draftFromItem(item), ...saved.values },
        editBase: item,
        editErrors: {},
        editRestored: true,
        savedEdit: null,
      };
    }),
    forgetSavedEdit: assign({ savedEdit: () => null }),
    /** Discard draft in the dialog: the item's stored values again. */
    reloadEdit: assign(({ context }) => ({
      editDraft: context.editBase ? draftFromItem(context.editBase) : context.editDraft,
      editErrors: {},
      editRestored: false,
    })),
    toggleExpanded: assign({
      expanded: ({ context, event }) => {
        if (event.type !== 'item.toggle') return context.expanded;
        const next = { ...context.expanded };
        if (next[event.id]) delete next[event.id];
        else next[event.id] = true;
        return next;
      },
    }),
    /** What Undo needs to put the item back exactly: the item and its place (the next item's id, and its index). */
    stashDeleted: assign({
      deleted: ({ context, event }) => {
        assertEvent(event, 'item.delete');
        const index = context.items.findIndex((i) => i.id === event.id);
        const entry: DeletedItem = {
          item: context.items[index]!,
          index,
          beforeId: context.items[index + 1]?.id ?? null,
          afterId: context.items[index - 1]?.id ?? null,
        };
        return [...context.deleted.filter((d) => d.item.id !== event.id), entry];
      },
    }),
    restoreItem: assign(({ context, event }) => {
      assertEvent(event, 'delete.undo');
      const entry = context.deleted.find((d) => d.item.id === event.id)!;
      return { items: restoreDeletedItem(context.items, entry), deleted: context.deleted.filter((d) => d !== entry) };
    }),
    removeItem: assign(({ context, event }) => {
      if (event.type !== 'item.delete') return {};
      const { [event.id]: _gone, ...expanded } = context.expanded;
      return { items: context.items.filter((i) => i.id !== event.id), expanded };
    }),
    loadEdit: assign(({ context, event }) => {
      if (event.type !== 'edit.open') return {};
      const item = context.items.find((i) => i.id === event.id)!;
      return { editId: item.id, editDraft: draftFromItem(item), editBase: item, editErrors: {}, editRestored: false };
    }),
    setEditField: assign(({ context, event }) => {
      assertEvent(event, 'edit.change');
      const { [event.field]: _cleared, ...editErrors } = context.editErrors;
      return { editDraft: { ...context.editDraft, [event.field]: event.value }, editErrors };
    }),
    /** Why Save refused, next to each field (issue 11: the same rules as the add form). */
    setEditErrors: assign({ editErrors: ({ context }) => itemErrors(context.editDraft) }),
    commitEdit: assign({
      items: ({ context }) =>
        context.items.map((i) => (i.id === context.editId ? applyEdit(i, context.editDraft, context.suppliers) : i)),
    }),
    clearEdit: assign({
      editId: null,
      editDraft: () => emptyItemDraft(),
      editBase: null,
      theirs: null,
      editErrors: () => ({}),
      editRestored: false,
    }),
    setTheirs: assign({ theirs: ({ context }) => context.items.find((i) => i.id === context.editId) ?? null }),
    /** The modal continues from their version: a Save from here is no longer stale. */
    adoptTheirs: assign({ editBase: ({ context }) => context.theirs ?? context.editBase }),
    /** Keep mine: the modal's values over their version, or the item again if they deleted it. */
    writeMine: assign({
      items: ({ context }) => {
        const theirs = context.items.find((i) => i.id === context.editId);
        if (!theirs)
          return context.editBase
            ? [...context.items, applyEdit(context.editBase, context.editDraft, context.suppliers)]
            : context.items;
        return context.items.map((i) => (i === theirs ? applyEdit(theirs, context.editDraft, context.suppliers) : i));
      },
    }),
    mergeEditDraft: assign({
      editDraft: ({ context, event }) => {
        assertEvent(event, 'conflict.merge');
        return mergeDrafts(context.editDraft, draftFromItem(context.theirs!), event.choices);
      },
    }),
    loadConflict: assign(({ context, event }) => {
      assertEvent(event, 'save.conflict');
      // The stored list arrived just before (storage.items): their version is the one in it.
      return {
        editId: event.mine.id,
        editDraft: draftFromItem(event.mine),
        editBase: event.theirs ?? event.mine,
        theirs: context.items.find((i) => i.id === event.mine.id) ?? null,
      };
    }),
    setActive: assign({ activeId: ({ event }) => (event.type === 'drag.start' ? event.id : null) }),
    clearActive: assign({ activeId: null }),
    moveActiveItem: assign({
      items: ({ context, event }) =>
        event.type === 'drag.end' && event.overId !== null && context.activeId !== null
          ? moveItem(context.items, context.activeId, event.overId)
          : context.items,
    }),
    setItems: assign({ items: ({ context, event }) => (event.type === 'storage.items' ? event.items : context.items) }),
    setSupplierNames: assign(({ context, event }) => {
      assertEvent(event, 'storage.suppliers');
      return { supplierNames: event.names, suppliers: event.suppliers ?? context.suppliers };
    }),
    persistItems: () => {
      throw new Error('inventoryBoard: provide persistItems');
    },
    /** Reads whether the deleted item was marked order placed (selectedItems), for Undo. */
    rememberOrderFlag: () => {
      throw new Error('inventoryBoard: provide rememberOrderFlag');
    },
    /** Puts the restored item's order-placed mark back if it was removed meanwhile. */
    restoreOrderFlag: () => {
      throw new Error('inventoryBoard: provide restoreOrderFlag');
    },
    /** The toast with Undo; it says when upcoming events use the item. */
    notifyDeleted: () => {
      throw new Error('inventoryBoard: provide notifyDeleted');
    },
    notifyRestored: () => {
      throw new Error('inventoryBoard: provide notifyRestored');
    },
    /** Keeps the add form's values as its draft (provided: src/storage drafts). */
    persistAddDraft: () => {
      throw new Error('inventoryBoard: provide persistAddDraft');
    },
    discardAddDraft: () => {
      throw new Error('inventoryBoard: provide discardAddDraft');
    },
    /** Keeps the Edit Item dialog's values, with the item's id and its values when editing began. */
    persistEditDraft: () => {
      throw new Error('inventoryBoard: provide persistEditDraft');
    },
    discardEditDraft: () => {
      throw new Error('inventoryBoard: provide discardEditDraft');
    },
    /** Tells the caterer a saved Edit Item draft was dropped: its item changed or was deleted since. */
    notifyEditDraftDropped: () => {
      throw new Error('inventoryBoard: provide notifyEditDraftDropped');
    },
    /** The spec's real window.alert('Please enter valid numerical values.'). */
    alertInvalidNumbers: () => {
      throw new Error('inventoryBoard: provide alertInvalidNumbers');
    },
  },
  guards: {
    isEditDraftApplicable: ({ context }) =>
      applicableEditDraft(context.savedEdit, (id) => found(context, id)).status === 'ok',
    hasSavedEdit: ({ context }) => context.savedEdit !== null,
    hasInvalidNumbers: ({ context }) => !hasValidNumbers(context.draft),
    canAddItem: ({ context }) => hasCountsAndSku(context.draft),
    hasRangeErrors: ({ context }) => Object.keys(addRangeErrors(context.draft)).length > 0,
    hasItem: ({ context, event }) =>
      (event.type === 'edit.open' ||
        event.type === 'item.delete' ||
        event.type === 'item.toggle' ||
        event.type === 'drag.start') &&
      context.items.some((i) => i.id === event.id),
    /** The toast's item was deleted here and is not in the list again (another tab may have put one back). */
    canUndo: ({ context, event }) =>
      event.type === 'delete.undo' &&
      context.deleted.some((d) => d.item.id === event.id) &&
      !context.items.some((i) => i.id === event.id),
    isEditValid: ({ context }) => isEditDraftValid(context.editDraft),
    isEditStale: ({ context }) => isEditedElsewhere(context),
    hasTheirs: ({ context }) => context.theirs !== null,
    isMergeValid: ({ context, event }) =>
      event.type === 'conflict.merge' &&
      context.theirs !== null &&
      isEditDraftValid(mergeDrafts(context.editDraft, draftFromItem(context.theirs), event.choices)),
    isMoveToOtherCard: ({ context, event }) =>
      event.type === 'drag.end' &&
      event.overId !== null &&
      event.overId !== context.activeId &&
      context.items.some((i) => i.id === event.overId),
  },
  actors: {
    watchStorage: fromCallback(() => {
      throw new Error('inventoryBoard: provide watchStorage');
    }),
  },
}).createMachine({
  id: 'inventoryBoard',
  meta: { secrets: inventoryBoardSecrets },
  context: ({ input }) => ({
    items: input.items,
    supplierNames: input.supplierNames,
    suppliers: input.suppliers ?? [],
    expanded: {},
    draft: input.addDraft ? { ...emptyItemDraft(), ...input.addDraft } : emptyItemDraft(),
    draftErrors: {},
    editErrors: {},
    editId: null,
    editDraft: emptyItemDraft(),
    editBase: null,
    theirs: null,
    activeId: null,
    deleted: [],
    addRestored: !!input.addDraft,
    editRestored: false,
    savedEdit: input.editDraft ?? null,
  }),
  invoke: { id: 'storageSync', src: 'watchStorage' },
  type: 'parallel',
  on: {
    'form.change': { actions: ['setDraftField', 'persistAddDraft'] },
    'form.discardDraft': { actions: ['resetForm', 'discardAddDraft'] },
    // Spec section 5, in order: the alert for non-numeric amount/cost, then (issue 11) messages for
    // negative or too large values, then the spec's silent rule (counts whole and a SKU).
    'item.add': [
      { guard: 'hasInvalidNumbers', actions: 'alertInvalidNumbers' },
      { guard: 'hasRangeErrors', actions: 'setDraftErrors' },
      { guard: 'canAddItem', actions: ['addItem', 'persistItems', 'resetForm', 'discardAddDraft'] },
    ],
    'item.toggle': { guard: 'hasItem', actions: 'toggleExpanded' },
    'storage.suppliers': { actions: 'setSupplierNames' },
  },
  states: {
    modal: {
      initial: 'restoring',
      on: { 'save.conflict': { target: '.conflict', actions: 'loadConflict' } },
      states: {
        // Transient (issue 25): an Edit Item draft saved before a reload reopens its dialog, if its item is unchanged.
        restoring: {
          always: [
            { guard: 'isEditDraftApplicable', target: 'open', actions: 'loadEditDraft' },
            {
              guard: 'hasSavedEdit',
              target: 'closed',
              actions: ['forgetSavedEdit', 'discardEditDraft', 'notifyEditDraftDropped'],
            },
            { target: 'closed' },
          ],
        },
        closed: {
          on: {
            'edit.open': { guard: 'hasItem', target: 'open', actions: 'loadEdit' },
            // Issue 25: at once (the spec's delete without confirmation), with Undo in the toast.
            'item.delete': { guard: 'hasItem', actions: deleteActions },
            'delete.undo': { guard: 'canUndo', actions: undoActions },
            'storage.items': { actions: 'setItems' },
          },
        },
        open: {
          tags: ['edit modal'],
          on: {
            'edit.change': { actions: ['setEditField', 'persistEditDraft'] },
            'edit.discardDraft': { actions: ['reloadEdit', 'discardEditDraft'] },
            'edit.commit': [
              // Another tab changed or deleted this item since Edit: ask, never overwrite.
              { guard: 'isEditStale', target: 'conflict', actions: 'setTheirs' },
              {
                guard: 'isEditValid',
                target: 'closed',
                actions: ['commitEdit', 'persistItems', 'clearEdit', 'discardEditDraft'],
              },
              // Issue 11: nothing is saved, the modal stays open and says why next to each field.
              { actions: 'setEditErrors' },
            ],
            'edit.cancel': { target: 'closed', actions: ['clearEdit', 'discardEditDraft'] },
            'item.delete': { guard: 'hasItem', actions: deleteActions },
            'delete.undo': { guard: 'canUndo', actions: undoActions },
            // The values being typed survive other tabs' saves; a change to this very item shows at Save.
            'storage.items': { actions: 'setItems' },
          },
        },
        conflict: {
          tags: ['edit modal', 'conflict'],
          on: {
            'conflict.keepTheirs': { target: 'closed', actions: ['clearEdit', 'discardEditDraft'] },
            'conflict.keepMine': [
              {
                guard: 'isEditValid',
                target: 'closed',
                actions: ['writeMine', 'persistItems', 'clearEdit', 'discardEditDraft'],
              },
              { target: 'open', actions: ['adoptTheirs', 'setEditErrors'] },
            ],
            'conflict.merge': [
              {
                guard: 'isMergeValid',
                target: 'closed',
                actions: ['mergeEditDraft', 'writeMine', 'persistItems', 'clearEdit', 'discardEditDraft'],
              },
              { guard: 'hasTheirs', target: 'open', actions: ['mergeEditDraft', 'adoptTheirs', 'setEditErrors'] },
            ],
            'item.delete': { guard: 'hasItem', actions: [...deleteActions, 'setTheirs'] },
            'delete.undo': { guard: 'canUndo', actions: [...undoActions, 'setTheirs'] },
            'storage.items': { actions: ['setItems', 'setTheirs'] },
          },
        },
      },
    },
    drag: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'drag.start': { guard: 'hasItem', target: 'dragging', actions: 'setActive' } },
        },
        dragging: {
          tags: ['dragging'],
          on: {
            // A drop outside any list (or back on itself) is ignored.
            'drag.end': [
              {
                guard: 'isMoveToOtherCard',
                target: 'idle',
                actions: ['moveActiveItem', 'persistItems', 'clearActive'],
              },
              { target: 'idle', actions: 'clearActive' },
            ],
            'drag.cancel': { target: 'idle', actions: 'clearActive' },
          },
        },
      },
    },
  },
});
