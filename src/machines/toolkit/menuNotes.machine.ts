/**
 * The Menu and Notes tools of one event. Menu items are added even when empty (spec); a blank or
 * whitespace-only note is not added. Both lists live in the event and are stored through the named
 * persist actions. Another tab's save (`storage.change`) replaces the lists and keeps the text being
 * typed. Notes are found by id (given on read); menu items are plain strings in the spec.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export type Note = { id?: string; notes: string };
export type NoteLine = Note & { id: string };

export interface MenuNotesContext {
  menuItems: string[];
  notes: NoteLine[];
  menuText: string;
  noteText: string;
  /** Counter for new note ids. */
  seq: number;
}

export type MenuNotesEvent =
  /** The menu item input. */
  | { type: 'menu.change'; text: string }
  /** The menu add button. */
  | { type: 'menu.add' }
  /** A menu row's delete button. */
  | { type: 'menu.delete'; index: number }
  /** The note input. */
  | { type: 'note.change'; text: string }
  /** The note add button. */
  | { type: 'note.add' }
  /** A note's delete button. */
  | { type: 'note.delete'; id: string }
  /** Another tab saved this event's menu or notes (the Tool Kit's watcher). */
  | { type: 'storage.change'; menuItems: string[]; notes: Note[] };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const menuNotesSecrets = {
  events: { 'menu.change': [], 'menu.delete': [], 'note.change': [], 'note.delete': [], 'storage.change': [] },
} as const satisfies SecretsOf<MenuNotesEvent, MenuNotesContext>;

const withIds = (notes: Note[]): NoteLine[] =>
  notes.map((n, i) => (n.id ? (n as NoteLine) : { ...n, id: `note-line-${i}` }));

const stub = (name: string) => () => {
  throw new Error(`menuNotes: provide ${name}`);
};

export const menuNotesMachine = setup({
  types: {
    context: {} as MenuNotesContext,
    events: {} as MenuNotesEvent,
    input: {} as { menuItems: string[]; notes: Note[] },
  },
  actions: {
    setMenuText: assign({
      menuText: ({ event }) => {
        assertEvent(event, 'menu.change');
        return event.text;
      },
    }),
    appendMenuItem: assign({
      menuItems: ({ context }) => [...context.menuItems, context.menuText],
      menuText: () => '',
    }),
    removeMenuItem: assign({
      menuItems: ({ context, event }) => {
        assertEvent(event, 'menu.delete');
        return context.menuItems.filter((_, i) => i !== event.index);
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
      seq: context.seq + 1,
    })),
    removeNote: assign({
      notes: ({ context, event }) => {
        assertEvent(event, 'note.delete');
        return context.notes.filter((n) => n.id !== event.id);
      },
    }),
    setListsFromStorage: assign(({ event }) => {
      assertEvent(event, 'storage.change');
      return { menuItems: event.menuItems, notes: withIds(event.notes) };
    }),
    /** Stores the event's menuItems. */
    persistMenu: stub('persistMenu'),
    /** Stores the event's notes. */
    persistNotes: stub('persistNotes'),
  },
  guards: {
    hasNoteText: ({ context }) => context.noteText.trim() !== '',
    hasMenuRow: ({ context, event }) =>
      event.type === 'menu.delete' && event.index >= 0 && event.index < context.menuItems.length,
    hasNote: ({ context, event }) => event.type === 'note.delete' && context.notes.some((n) => n.id === event.id),
  },
}).createMachine({
  id: 'menuNotes',
  meta: { secrets: menuNotesSecrets },
  context: ({ input }) => ({
    menuItems: input.menuItems,
    notes: withIds(input.notes),
    menuText: '',
    noteText: '',
    seq: 0,
  }),
  initial: 'ready',
  states: {
    ready: {
      on: {
        'menu.change': { actions: 'setMenuText' },
        'menu.add': { actions: ['appendMenuItem', 'persistMenu'] },
        'menu.delete': { guard: 'hasMenuRow', actions: ['removeMenuItem', 'persistMenu'] },
        'note.change': { actions: 'setNoteText' },
        'note.add': { guard: 'hasNoteText', actions: ['appendNote', 'persistNotes'] },
        'note.delete': { guard: 'hasNote', actions: ['removeNote', 'persistNotes'] },
        'storage.change': { actions: 'setListsFromStorage' },
      },
    },
  },
});
