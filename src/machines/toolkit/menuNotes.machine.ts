/**
 * The Menu and Notes tools of one event. Menu items are added even when empty (spec); a blank or
 * whitespace-only note is not added. Both lists live in the event and are stored through the named
 * persist actions.
 */
import { assertEvent, assign, setup } from 'xstate';

export interface MenuNotesContext {
  menuItems: string[];
  notes: Array<{ notes: string }>;
  menuText: string;
  noteText: string;
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
  | { type: 'note.delete'; index: number };

const stub = (name: string) => () => {
  throw new Error(`menuNotes: provide ${name}`);
};

export const menuNotesMachine = setup({
  types: {
    context: {} as MenuNotesContext,
    events: {} as MenuNotesEvent,
    input: {} as { menuItems: string[]; notes: Array<{ notes: string }> },
  },
  actions: {
    setMenuText: assign({
      menuText: ({ event }) => {
        assertEvent(event, 'menu.change');
        return event.text;
      },
    }),
    appendMenuItem: assign({ menuItems: ({ context }) => [...context.menuItems, context.menuText], menuText: () => '' }),
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
    appendNote: assign({ notes: ({ context }) => [...context.notes, { notes: context.noteText.trim() }], noteText: () => '' }),
    removeNote: assign({
      notes: ({ context, event }) => {
        assertEvent(event, 'note.delete');
        return context.notes.filter((_, i) => i !== event.index);
      },
    }),
    /** Stores the event's menuItems. */
    persistMenu: stub('persistMenu'),
    /** Stores the event's notes. */
    persistNotes: stub('persistNotes'),
  },
  guards: {
    hasNoteText: ({ context }) => context.noteText.trim() !== '',
    hasMenuRow: ({ context, event }) => event.type === 'menu.delete' && event.index >= 0 && event.index < context.menuItems.length,
    hasNote: ({ context, event }) => event.type === 'note.delete' && event.index >= 0 && event.index < context.notes.length,
  },
}).createMachine({
  id: 'menuNotes',
  context: ({ input }) => ({ menuItems: input.menuItems, notes: input.notes, menuText: '', noteText: '' }),
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
      },
    },
  },
});
