/**
 * The Menu and Notes tools of one event. Menu items are added even when empty (spec); a blank or
 * whitespace-only note is not added. Both lists live in the event and are stored through the named
 * persist actions. Another tab's save (`storage.change`) replaces the lists and keeps the text being
 * typed. Notes are found by id (given on read). Menu items are plain strings in the spec; here each is
 * a line with a stable id and its allergens (issue 21, src/domain/allergens.ts), found by id, so a
 * delete or a tag never lands on another dish after another tab's save.
 *
 * Drafts (issue 25): the menu item and the note being typed are each kept as they change
 * (`persistMenuDraft`, `persistNoteDraft`; dropped once the box is empty again) and come back through
 * `input` when this event's Tool Kit opens again (`menuRestored`, `noteRestored`). Adding, or the box's
 * Discard draft (`menu.discardDraft`, `note.discardDraft`), drops the draft.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { cleanAllergens, type AllergenId, type MenuLine } from '../../domain/allergens';
import type { SecretsOf } from '../../domain/inspection';
import { sameFields } from '../../domain/sameFields';

export type Note = { id?: string; notes: string };
export type NoteLine = Note & { id: string };

export interface MenuNotesContext {
  menu: MenuLine[];
  notes: NoteLine[];
  menuText: string;
  noteText: string;
  /** Counter for new note and menu line ids. */
  seq: number;
  /** The menu item box's text came from its saved draft (issue 25). */
  menuRestored: boolean;
  /** The note box's text came from its saved draft. */
  noteRestored: boolean;
}

export interface MenuNotesInput {
  menu: MenuLine[];
  notes: Note[];
  /** The menu item box's saved draft (issue 25). */
  menuDraft?: string | null;
  /** The note box's saved draft. */
  noteDraft?: string | null;
}

export type MenuNotesEvent =
  /** The menu item input. */
  | { type: 'menu.change'; text: string }
  /** The menu add button. */
  | { type: 'menu.add' }
  /** A menu row's delete button. */
  | { type: 'menu.delete'; id: string }
  /** A menu row's allergen picker changed its allergens. */
  | { type: 'menu.allergens'; id: string; allergens: AllergenId[] }
  /** The note input. */
  | { type: 'note.change'; text: string }
  /** The note add button. */
  | { type: 'note.add' }
  /** A note's delete button. */
  | { type: 'note.delete'; id: string }
  /** Another tab saved this event's menu or notes (the Tool Kit's watcher). */
  | { type: 'storage.change'; menu: MenuLine[]; notes: Note[] }
  /** The menu item box's Discard draft button. */
  | { type: 'menu.discardDraft' }
  /** The note box's Discard draft button. */
  | { type: 'note.discardDraft' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const menuNotesSecrets = {
  events: {
    'menu.change': [],
    'menu.delete': [],
    'menu.allergens': [],
    'note.change': [],
    'note.delete': [],
    'storage.change': [],
  },
} as const satisfies SecretsOf<MenuNotesEvent, MenuNotesContext>;

const withIds = (notes: Note[]): NoteLine[] =>
  notes.map((n, i) => (n.id ? (n as NoteLine) : { ...n, id: `note-line-${i}` }));

/**
 * The lines kept as they are when storage gives the same ones back, alike field by field (this tool's own save, or
 * the other list's: menu and notes are stored together), so the tool showing them does not render again (issue 23).
 */
export function sameLinesOr<T extends object>(current: T[], next: T[]): T[] {
  return current.length === next.length && next.every((line, i) => sameFields(current[i]!, line)) ? current : next;
}

const stub = (name: string) => () => {
  throw new Error(`menuNotes: provide ${name}`);
};

export const menuNotesMachine = setup({
  types: {
    context: {} as MenuNotesContext,
    events: {} as MenuNotesEvent,
    input: {} as MenuNotesInput,
  },
  actions: {
    setMenuText: assign({
      menuText: ({ event }) => {
        assertEvent(event, 'menu.change');
        return event.text;
      },
    }),
    appendMenuItem: assign(({ context }) => ({
      menu: [
        ...context.menu,
        { id: `menu-${Date.now().toString(36)}-${context.seq}`, name: context.menuText, allergens: [] },
      ],
      menuText: '',
      menuRestored: false,
      seq: context.seq + 1,
    })),
    clearMenuText: assign({ menuText: '', menuRestored: false }),
    clearNoteText: assign({ noteText: '', noteRestored: false }),
    removeMenuItem: assign({
      menu: ({ context, event }) => {
        assertEvent(event, 'menu.delete');
        return context.menu.filter((l) => l.id !== event.id);
      },
    }),
    setMenuAllergens: assign({
      menu: ({ context, event }) => {
        assertEvent(event, 'menu.allergens');
        const allergens = cleanAllergens(event.allergens);
        return context.menu.map((l) => (l.id === event.id ? { ...l, allergens } : l));
      },
    }),
    setNoteText: assign({
      noteText: ({ event }) => {
        assertEvent(event, 'note.change');
        return event.text;
      },
    }),
    appendNote: assign(({ context }) => ({
      notes: [
        ...context.notes,
        { id: `note-${Date.now().toString(36)}-${context.seq}`, notes: context.noteText.trim() },
      ],
      noteText: '',
      noteRestored: false,
      seq: context.seq + 1,
    })),
    removeNote: assign({
      notes: ({ context, event }) => {
        assertEvent(event, 'note.delete');
        return context.notes.filter((n) => n.id !== event.id);
      },
    }),
    setListsFromStorage: assign(({ context, event }) => {
      assertEvent(event, 'storage.change');
      return { menu: sameLinesOr(context.menu, event.menu), notes: sameLinesOr(context.notes, withIds(event.notes)) };
    }),
    /** Stores the event's menuItems and, beside them, its menu lines (ids and allergens). */
    persistMenu: stub('persistMenu'),
    /** Stores the event's notes. */
    persistNotes: stub('persistNotes'),
    /** Keeps the menu item being typed (`context.menuText`) as this event's draft. */
    persistMenuDraft: stub('persistMenuDraft'),
    discardMenuDraft: stub('discardMenuDraft'),
    /** Keeps the note being typed (`context.noteText`) as this event's draft. */
    persistNoteDraft: stub('persistNoteDraft'),
    discardNoteDraft: stub('discardNoteDraft'),
    keepMenuDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(context.menuText !== '' ? 'persistMenuDraft' : 'discardMenuDraft');
    }),
    keepNoteDraft: enqueueActions(({ context, enqueue }) => {
      enqueue(context.noteText !== '' ? 'persistNoteDraft' : 'discardNoteDraft');
    }),
  },
  guards: {
    hasNoteText: ({ context }) => context.noteText.trim() !== '',
    hasMenuRow: ({ context, event }) =>
      (event.type === 'menu.delete' || event.type === 'menu.allergens') && context.menu.some((l) => l.id === event.id),
    /** The allergens differ from the row's (the same set writes nothing). */
    changesAllergens: ({ context, event }) =>
      event.type === 'menu.allergens' &&
      context.menu.some((l) => l.id === event.id && l.allergens.join() !== cleanAllergens(event.allergens).join()),
    hasNote: ({ context, event }) => event.type === 'note.delete' && context.notes.some((n) => n.id === event.id),
  },
}).createMachine({
  id: 'menuNotes',
  meta: { secrets: menuNotesSecrets },
  context: ({ input }) => ({
    menu: input.menu,
    notes: withIds(input.notes),
    menuText: input.menuDraft ?? '',
    noteText: input.noteDraft ?? '',
    seq: 0,
    menuRestored: !!input.menuDraft,
    noteRestored: !!input.noteDraft,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'menu.change': { actions: ['setMenuText', 'keepMenuDraft'] },
        'menu.add': { actions: ['appendMenuItem', 'persistMenu', 'discardMenuDraft'] },
        'menu.discardDraft': { actions: ['clearMenuText', 'discardMenuDraft'] },
        'menu.delete': { guard: 'hasMenuRow', actions: ['removeMenuItem', 'persistMenu'] },
        // A row another tab deleted meanwhile is not there: its allergens are not written to another dish.
        'menu.allergens': { guard: 'changesAllergens', actions: ['setMenuAllergens', 'persistMenu'] },
        'note.change': { actions: ['setNoteText', 'keepNoteDraft'] },
        'note.add': { guard: 'hasNoteText', actions: ['appendNote', 'persistNotes', 'discardNoteDraft'] },
        'note.discardDraft': { actions: ['clearNoteText', 'discardNoteDraft'] },
        'note.delete': { guard: 'hasNote', actions: ['removeNote', 'persistNotes'] },
        'storage.change': { actions: 'setListsFromStorage' },
      },
    },
  },
});
