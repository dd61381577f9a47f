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
import {
  allergensText,
  draftAllergenNames,
  draftAllergens,
  itemAllergenNames,
  itemConflict,
} from '../../src/machines/inventory/inventoryBoard.connect';
import { inventoryBoardMachine } from '../../src/machines/inventory/inventoryBoard.machine';
import { recordConflict } from '../../src/machines/records/recordBook.connect';
import { recordBookMachine } from '../../src/machines/records/recordBook.machine';
import { conflictView, fieldWords } from '../../src/machines/sync/sync.connect';

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

describe('allergen ids in the conflict dialog are shown by name (issue 21)', () => {
  it('events: Allergies to avoid reads "Peanuts, Milk" on one side and "Sesame" on the other, not ids', () => {
    const [gala] = sampleEvents('2026-05-01');
    const stored = { ...gala!, dietary: { vegetarian: 0, vegan: 0, glutenFree: 0, avoid: ['milk'] } };
    const mine = { ...eventToForm(stored), AllergiesToAvoid: 'peanuts,milk' };
    const theirs = { ...stored, dietary: { ...stored.dietary, avoid: ['sesame'] } };
    const initial = getInitialSnapshot(eventsMachine, { events: [stored], today: '2026-05-01' });
    const snapshot = eventsMachine.resolveState({
      value: 'conflict',
      context: { ...initial.context, editBase: stored, draft: mine, theirs },
    });
    const view = connectConflict(eventsConflict(snapshot), send);
    const avoid = view.diffs.find((d) => d.field === 'AllergiesToAvoid');
    expect(avoid).toMatchObject({ mine: 'Peanuts, Milk', theirs: 'Sesame', changedHere: true, changedThere: true });
    // Merging still takes the stored text, not the words shown.
    expect(view.initialChoices.AllergiesToAvoid).toBe('mine');
  });

  it('inventory: Edit Item’s Allergens reads by name, "None" for none', () => {
    const item = { ...mock.inventoryItems[0]!, allergens: ['milk'] };
    const initial = getInitialSnapshot(inventoryBoardMachine, { items: [item], supplierNames: ['Acme'] });
    const snapshot = inventoryBoardMachine.resolveState({
      value: { modal: 'conflict', drag: 'idle' },
      context: {
        ...initial.context,
        editBase: item,
        editDraft: { ...draftFromItem(item), allergens: 'wheatGluten,milk' },
        theirs: { ...item, allergens: [] },
      },
    });
    const view = connectConflict(itemConflict(snapshot), send);
    expect(view.diffs).toEqual([
      { field: 'allergens', mine: 'Milk, Wheat and gluten', theirs: 'None', changedHere: true, changedThere: true },
    ]);
  });
});

describe('the sync conflict shows allergens by name too (issue 21)', () => {
  it('an inventory item changed on two devices: its allergens read as names; the merge keeps the stored ids', () => {
    const item = mock.inventoryItems[0]!;
    const view = conflictView({
      key: 'inventoryItems/x',
      collection: 'inventoryItems',
      record_id: item.id,
      mine: { ...item, allergens: ['peanuts', 'milk'] },
      theirs: { ...item, allergens: ['sesame'] },
      theirsRev: 2,
    })!;
    expect(view.diffs).toEqual([
      { field: 'allergens', mine: 'Peanuts, Milk', theirs: 'Sesame', changedHere: true, changedThere: true },
    ]);
    expect(view.merge({ allergens: 'mine' })).toMatchObject({ allergens: ['peanuts', 'milk'] });
  });
});

describe('the sync conflict names the record and its fields as the forms do', () => {
  const conflictOf = (collection: string, mine: object, theirs: object) =>
    conflictView({ key: `${collection}|1`, collection, record_id: '1', mine, theirs, theirsRev: 2 })!;

  it('an event: by its name, its fields by the event form’s labels', () => {
    const event = mock.events[0]!;
    const view = conflictOf('events', { ...event, NumberOfGuests: 40 }, { ...event, NumberOfGuests: 55 });
    expect(view.what).toBe(`event “${event.EventName}”`);
    expect(view.labels).toEqual({ NumberOfGuests: eventFieldLabels.NumberOfGuests });
  });

  it('an inventory item: by the inventory forms’ labels', () => {
    const item = mock.inventoryItems[0]!;
    expect(conflictOf('inventoryItems', { ...item, quantity: 3 }, { ...item, quantity: 9 }).labels).toEqual({
      quantity: 'On-hand Quantity',
    });
  });

  it('an employee: by their name, a field without a form label by its name in words', () => {
    const view = conflictOf(
      'employees',
      { id: '1', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '1' },
      { id: '1', firstName: 'Ada', lastName: 'Lovelace', phoneNumber: '2' },
    );
    expect(view.what).toBe('employee “Ada Lovelace”');
    expect(view.labels).toEqual({ phoneNumber: 'Phone number' });
    expect(fieldWords('supplierName')).toBe('Supplier name');
  });
});

describe('inventory board connect: allergens (issue 21)', () => {
  it('turns ticks into the draft’s text and back, and names an item’s allergens for its card', () => {
    expect(allergensText(['peanuts', 'wheatGluten'])).toBe('peanuts,wheatGluten');
    expect(draftAllergens('wheatGluten,peanuts')).toEqual(['peanuts', 'wheatGluten']);
    expect(draftAllergenNames('wheatGluten,peanuts')).toEqual(['Peanuts', 'Wheat and gluten']);
    expect(itemAllergenNames({ allergens: ['sesame', 'nope'] })).toEqual(['Sesame']);
    expect(itemAllergenNames({})).toEqual([]);
  });
});
