/**
 * The Menu and Notes tools' lists when storage gives them back (issue 23): the same lines keep the lists as
 * they are (the tools showing them do not render again), any difference in a line or the list takes storage's.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { menuNotesMachine, sameLinesOr } from '../../src/machines/toolkit/menuNotes.machine';
import type { MenuLine } from '../../src/domain/allergens';

const noop = () => undefined;
const start = (menu: MenuLine[], notes: { id?: string; notes: string }[]) =>
  createActor(
    menuNotesMachine.provide({
      actions: {
        persistMenu: noop,
        persistNotes: noop,
        persistMenuDraft: noop,
        discardMenuDraft: noop,
        persistNoteDraft: noop,
        discardNoteDraft: noop,
      },
    }),
    { input: { menu, notes } },
  ).start();

const soup: MenuLine = { id: 'm1', name: 'Soup', allergens: ['celery'] };
const tart: MenuLine = { id: 'm2', name: 'Tart', allergens: [] };

describe('storage giving the lists back', () => {
  it('keeps both lists as they are when storage holds the same lines (new objects, same fields)', () => {
    const actor = start([soup, tart], [{ id: 'n1', notes: 'Gate code' }, { notes: 'Old note without id' }]);
    const { menu, notes } = actor.getSnapshot().context;
    actor.send({
      type: 'storage.change',
      menu: [{ ...soup, allergens: ['celery'] }, { ...tart }],
      notes: [{ id: 'n1', notes: 'Gate code' }, { notes: 'Old note without id' }],
    });
    expect(actor.getSnapshot().context.menu).toBe(menu);
    expect(actor.getSnapshot().context.notes).toBe(notes);
  });

  it('takes storage’s list when a line differs in any field, in its list field, in order or in number', () => {
    const actor = start([soup, tart], [{ id: 'n1', notes: 'Gate code' }]);
    const changes: [MenuLine[], { id?: string; notes: string }[]][] = [
      [[{ ...soup, allergens: ['celery', 'milk'] }, tart], [{ id: 'n1', notes: 'Gate code' }]],
      [[{ ...soup, allergens: ['milk'] }, tart], [{ id: 'n1', notes: 'Gate code 4411' }]],
      [[tart, { ...soup, allergens: ['milk'] }], [{ id: 'n2', notes: 'Gate code 4411' }]],
      [
        [tart],
        [
          { id: 'n2', notes: 'Gate code 4411' },
          { id: 'n3', notes: 'Parking' },
        ],
      ],
      [
        [{ ...tart, name: 'Pie' }],
        [
          { id: 'n2', notes: 'Gate code 4411' },
          { id: 'n3', notes: 'Parking' },
        ],
      ],
    ];
    for (const [menu, notes] of changes) {
      const before = actor.getSnapshot().context;
      actor.send({ type: 'storage.change', menu, notes });
      const after = actor.getSnapshot().context;
      expect(after.menu).toEqual(menu);
      expect(after.notes).toEqual(notes);
      expect(after.menu === before.menu && after.notes === before.notes).toBe(false);
    }
  });

  it('compares field by field: a field more or fewer, or another value, is another line', () => {
    const line = { id: 'a', name: 'A', allergens: ['egg'] };
    const list = [line];
    expect(sameLinesOr(list, [{ id: 'a', name: 'A', allergens: ['egg'] }])).toBe(list);
    expect(sameLinesOr(list, [line])).toBe(list);
    for (const other of [
      { id: 'a', name: 'A', allergens: ['egg'], extra: 1 },
      { id: 'a', name: 'A' },
      { id: 'a', name: 'B', allergens: ['egg'] },
      { id: 'b', name: 'A', allergens: ['egg'] },
      { id: 'a', name: 'A', allergens: ['egg', 'milk'] },
      { id: 'a', name: 'A', allergens: ['milk'] },
      { id: 'a', name: 'A', allergens: 'egg' },
    ]) {
      const next = [other as typeof line];
      expect(sameLinesOr(list, next)).toBe(next);
    }
    const empty: (typeof line)[] = [];
    expect(sameLinesOr(list, empty)).toBe(empty);
  });
});
