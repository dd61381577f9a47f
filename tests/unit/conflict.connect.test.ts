import { describe, expect, it } from 'vitest';
import { getInitialSnapshot } from 'xstate';
import { eventFieldLabels, eventToForm } from '../../src/domain/events';
import { draftFromItem } from '../../src/domain/inventory';
import { supplierForm } from '../../src/domain/inventoryRecords';
import { buildMockData } from '../../src/domain/mockData';
import { sampleEvents } from '../../src/domain/sampleEvents';
import { connectConflict, sameConflictSource, type ConflictEvent } from '../../src/machines/conflict.connect';
import { eventsConflict } from '../../src/machines/events/events.connect';
import { eventsMachine } from '../../src/machines/events/events.machine';
import { itemConflict } from '../../src/machines/inventory/inventoryBoard.connect';
import { inventoryBoardMachine } from '../../src/machines/inventory/inventoryBoard.machine';
import { recordConflict } from '../../src/machines/records/recordBook.connect';
import { recordBookMachine } from '../../src/machines/records/recordBook.machine';

/** The one conflict-dialog connect, and where each of the three machines keeps its conflict (no React). */
const sent: ConflictEvent[] = [];
const mock = buildMockData('2026-05-01');
const send = (event: ConflictEvent) => sent.push(event);

describe('connectConflict', () => {
  const toDraft = (r: { name: string; qty: number }) => ({ name: r.name, qty: String(r.qty) });
  const base = { name: 'Cream', qty: 1 };

  it('lists the fields that differ, with who changed them, and defaults each to the side that changed it', () => {
    const view = connectConflict(
      {
        open: true,
        name: 'Cream',
        base,
        mine: { name: 'Cream', qty: '2' },
        theirs: { name: 'Single cream', qty: 1 },
        toDraft,
      },
      send,
    );
    expect(view.deletedElsewhere).toBe(false);
    expect(view.diffs).toEqual([
      { field: 'name', mine: 'Cream', theirs: 'Single cream', changedHere: false, changedThere: true },
      { field: 'qty', mine: '2', theirs: '1', changedHere: true, changedThere: false },
    ]);
    expect(view.initialChoices).toEqual({ name: 'theirs', qty: 'mine' });
  });

  it('says when the record was deleted elsewhere, and shows nothing while closed', () => {
    const deleted = connectConflict(
      { open: true, name: 'Cream', base, mine: toDraft(base), theirs: null, toDraft },
      send,
    );
    expect(deleted).toMatchObject({ deletedElsewhere: true, diffs: [] });
    const closed = connectConflict({ open: false, name: '', base: null, mine: null, theirs: null, toDraft }, send);
    expect(closed).toMatchObject({ open: false, deletedElsewhere: false, diffs: [], initialChoices: {} });
  });

  it('sends the three ways out', () => {
    sent.length = 0;
    const view = connectConflict({ open: true, name: '', base, mine: toDraft(base), theirs: base, toDraft }, send);
    view.keepTheirs();
    view.keepMine();
    view.merge({ qty: 'mine' });
    expect(sent).toEqual([
      { type: 'conflict.keepTheirs' },
      { type: 'conflict.keepMine' },
      { type: 'conflict.merge', choices: { qty: 'mine' } },
    ]);
  });

  it('compares sources field by field (the hook recomputes only on a change)', () => {
    const a = { open: true, name: 'x', base, mine: {}, theirs: base, toDraft };
    expect(sameConflictSource(a, { ...a })).toBe(true);
    expect(sameConflictSource(a, { ...a, mine: {} })).toBe(false);
  });
});

describe('the machines’ conflict sources', () => {
  it('events: the draft against the stored event, named by the event', () => {
    const [gala] = sampleEvents('2026-05-01');
    const mine = { ...eventToForm(gala!), EventName: 'Gala (mine)' };
    const theirs = { ...gala!, NumberOfGuests: gala!.NumberOfGuests + 10 };
    const initial = getInitialSnapshot(eventsMachine, { events: [gala!], today: '2026-05-01' });
    const snapshot = eventsMachine.resolveState({
      value: 'conflict',
      context: { ...initial.context, editBase: gala!, draft: mine, theirs },
    });
    const view = connectConflict(eventsConflict(snapshot), send);
    expect(view.name).toBe(gala!.EventName);
    expect(view.diffs.map((d) => d.field).sort()).toEqual(['EventName', 'NumberOfGuests']);
    expect(Object.keys(eventFieldLabels)).toEqual(expect.arrayContaining(view.diffs.map((d) => d.field)));
    expect(connectConflict(eventsConflict(initial), send).open).toBe(false);
  });

  it('inventory: Edit Item’s draft against the stored item', () => {
    const item = mock.inventoryItems[0]!;
    const initial = getInitialSnapshot(inventoryBoardMachine, { items: [item], supplierNames: ['Acme'] });
    const snapshot = inventoryBoardMachine.resolveState({
      value: { modal: 'conflict', drag: 'idle' },
      context: {
        ...initial.context,
        editBase: item,
        editDraft: { ...draftFromItem(item), quantity: '4' },
        theirs: null,
      },
    });
    expect(connectConflict(itemConflict(snapshot), send)).toMatchObject({
      open: true,
      name: item.name,
      deletedElsewhere: true,
    });
  });

  it('records: the form’s draft against the stored record, through the form', () => {
    const acme = mock.suppliers[0]!;
    const initial = getInitialSnapshot(recordBookMachine, { records: [acme], form: supplierForm, saved: null });
    const snapshot = recordBookMachine.resolveState({
      value: 'conflict',
      context: {
        ...initial.context,
        editBase: acme,
        draft: { ...supplierForm.toDraft(acme), phone: '555-0199' },
        theirs: { ...acme, email: 'orders@elsewhere.ca' },
      },
    });
    const view = connectConflict(recordConflict(snapshot), send);
    expect(view.diffs.map((d) => [d.field, d.changedHere, d.changedThere])).toEqual([
      ['email', false, true],
      ['phone', true, false],
    ]);
    expect(view.initialChoices).toEqual({ email: 'theirs', phone: 'mine' });
  });
});
