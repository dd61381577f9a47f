import { describe, expect, it } from 'vitest';
import { createActor, type ContextFrom, type EventFromLogic } from 'xstate';
import { parseAmount, parsePercent } from '../../src/domain/money';
import { draftErrorMessage, pricingMachine } from '../../src/machines/toolkit/pricing.machine';
import type { PriceLine } from '../../src/storage/schemas';
import { createWorld, describeModel, failureAfter, type Effect } from '../support/model';

const writes: string[] = [];
/** The event's pricing list (through the events list) and its {id}-discountPercentage and {id}-taxPercentage keys. */
interface PricingStore {
  lines: PriceLine[];
  discount: number;
  tax: number;
}
const world = createWorld<PricingStore>();
const pricing = pricingMachine.provide({
  actions: {
    persistPricing: ({ context }) => {
      writes.push(`pricing:${context.lines.map((l) => `${l.name}=${l.price}`).join(',')}`);
      world.record(
        'persistPricing',
        context.lines.map((l) => l.id),
      );
      world.store.lines = context.lines;
    },
    persistDiscount: ({ context }) => {
      writes.push(`discount:${context.discountText}`);
      // As the app does (useToolkitActors): the value the totals use.
      world.record('persistDiscount', context.discount);
      world.store.discount = context.discount;
    },
    persistTax: ({ context }) => {
      writes.push(`tax:${context.taxText}`);
      world.record('persistTax', context.tax);
      world.store.tax = context.tax;
    },
    // Issue 25: the price form's and the percentages' drafts.
    persistDraft: ({ context }) =>
      world.record('persistDraft', { values: context.draft, editingId: context.editingId }),
    discardDraft: () => world.record('discardDraft'),
    persistRatesDraft: ({ context }) =>
      world.record('persistRatesDraft', { discountText: context.discountText, taxText: context.taxText }),
    discardRatesDraft: () => world.record('discardRatesDraft'),
  },
});
type Ctx = ContextFrom<typeof pricing>;
/** The draft's message, worked out here: a name and a number are needed, and the price is 0 to 10,000,000. */
const draftMessageOf = (d: Ctx['draft']) => {
  if (d.name.trim() === '' || parseAmount(d.price) === null) return draftErrorMessage;
  const price = Number(d.price);
  if (price < 0) return 'Price cannot be negative: enter a number from 0 to 10,000,000.';
  if (price > 10_000_000) return 'Price is too large: enter a number from 0 to 10,000,000.';
  return null;
};
const valid = (d: Ctx['draft']) => draftMessageOf(d) === null;
/** The message for a typed percentage, worked out here (empty means 0, which is fine). */
const percentMessageOf = (label: string, text: string) => {
  if (text.trim() === '') return null;
  const value = Number(text.trim());
  if (!Number.isFinite(value)) return `${label} must be a number from 0 to 100.`;
  if (value < 0) return `${label} cannot be negative: enter a number from 0 to 100.`;
  if (value > 100) return `${label} is too large: enter a number from 0 to 100.`;
  return null;
};
/** The line a draft saves as: trimmed name, the price as a number, the currency or CAD. */
const lineOf = (d: Ctx['draft'], id: string) => ({
  id,
  name: d.name.trim(),
  price: Number(d.price),
  currency: d.currency.trim() || 'CAD',
});
const blank = { name: '', price: '', currency: 'CAD' };
const cleared = (before: Ctx) => ({ ...before, draft: blank, editingId: null, draftError: null, draftRestored: false });
/**
 * Issue 25: after a change in the price form its draft is kept while it holds typing (not blank when
 * adding, not the line's own values when editing), else dropped.
 */
const draftKept = (after: Ctx): Effect => {
  const line = after.lines.find((l) => l.id === after.editingId);
  const base = line ? { name: line.name, price: String(line.price), currency: line.currency } : blank;
  const typing = (['name', 'price', 'currency'] as const).some((k) => after.draft[k] !== base[k]);
  return typing ? ['persistDraft', { values: after.draft, editingId: after.editingId }] : ['discardDraft'];
};
/** After a change of discount or tax: kept while one is refused as typed (not the stored value), else dropped. */
const ratesKept = (after: Ctx): Effect => {
  const refused = (text: string, label: string, stored: number) =>
    percentMessageOf(label, text) !== null && text !== String(stored);
  return refused(after.discountText, 'Discount', after.discount) || refused(after.taxText, 'Tax', after.tax)
    ? ['persistRatesDraft', { discountText: after.discountText, taxText: after.taxText }]
    : ['discardRatesDraft'];
};
const lineIds = (lines: Array<{ id: string }>) => lines.map((l) => l.id);
/**
 * A typed percentage: 0 to 100 % (blank is 0) is stored at once and used by the totals; anything else
 * (not a number, negative, over 100) stays in the box with its message, and the totals keep the stored value.
 */
const typed = (key: 'discount' | 'tax') => {
  const textKey = key === 'discount' ? 'discountText' : 'taxText';
  const errorKey = key === 'discount' ? 'discountError' : 'taxError';
  const label = key === 'discount' ? 'Discount' : 'Tax';
  const textOf = (event: unknown) => (event as { text: string }).text;
  return {
    stored: {
      context: (before: Ctx, event: unknown) => {
        expect(percentMessageOf(label, textOf(event))).toBeNull();
        const value = textOf(event).trim() === '' ? 0 : Number(textOf(event));
        return { ...before, [textKey]: textOf(event), [errorKey]: null, [key]: value };
      },
      effects: ({ event, after }: { event: unknown; after: Ctx }) => [
        [
          key === 'discount' ? 'persistDiscount' : 'persistTax',
          textOf(event).trim() === '' ? 0 : Number(textOf(event)),
        ] as Effect,
        ratesKept(after),
      ],
    },
    kept: {
      context: (before: Ctx, event: unknown) => {
        const message = percentMessageOf(label, textOf(event));
        expect(message).not.toBeNull();
        return { ...before, [textKey]: textOf(event), [errorKey]: message };
      },
      effects: ({ after }: { after: Ctx }) => [ratesKept(after)],
    },
  };
};
/** Another tab's lines and percentages; a percentage typed here that means the same number stays as typed. */
const fromStorage = (before: Ctx, event: unknown) => {
  const e = event as { lines?: PriceLine[]; discount?: number; tax?: number };
  const text = (current: string, value: number | undefined) =>
    value === undefined || parsePercent(current) === value ? current : String(value);
  const discountText = text(before.discountText, e.discount);
  const taxText = text(before.taxText, e.tax);
  return {
    ...before,
    lines: e.lines ? (e.lines as Ctx['lines']) : before.lines,
    discountText,
    taxText,
    discount: e.discount ?? before.discount,
    tax: e.tax ?? before.tax,
    discountError: percentMessageOf('Discount', discountText),
    taxError: percentMessageOf('Tax', taxText),
  };
};
/** Lines p1 and p3 are never acted on: every walk must leave them as they were. */
const expectOthersKept = (lines: Array<{ id: string }>) => {
  expect(lines.find((l) => l.id === 'p1')).toEqual(p1);
  expect(lines.find((l) => l.id === 'p3')).toEqual(p3);
};

// Three lines; the walks act on the middle one (p2), and another tab changes or deletes it.
const p1 = { id: 'p1', name: 'Staff', price: 100, currency: 'CAD' };
const p2 = { id: 'p2', name: 'Rentals', price: 50, currency: 'CAD' };
const p3 = { id: 'p3', name: 'Flowers', price: 30, currency: 'CAD' };
const p2There = { ...p2, price: 75 };

describeModel('pricing', {
  machine: pricing,
  // Issue 25: also opened with saved drafts: an edit of p2 with a refused discount, and an edit of a line gone since.
  inputs: [
    { lines: [p1, p2, p3], discount: 0, tax: 0 },
    {
      lines: [p1, p2, p3],
      discount: 0,
      tax: 0,
      draft: { values: { name: 'Rentals', price: '55', currency: 'CAD' }, editingId: 'p2' },
      ratesDraft: { discountText: '150', taxText: '0' },
    },
    {
      lines: [p1, p2, p3],
      discount: 0,
      tax: 0,
      draft: { values: { name: 'Chairs', price: '9', currency: 'CAD' }, editingId: 'p9' },
    },
  ],
  world,
  store: (input) => ({ lines: input.lines, discount: input.discount, tax: input.tax }),
  // The lines as shown; the discount and tax the totals use (a refused one is never stored).
  persisted: (context) => ({ lines: context.lines, discount: context.discount, tax: context.tax }),
  external: (event, store) => {
    if (event.type !== 'storage.change') return;
    if (event.lines) store.lines = event.lines;
    if (event.discount !== undefined) store.discount = event.discount;
    if (event.tax !== undefined) store.tax = event.tax;
  },
  reset: () => void (writes.length = 0),
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.lines.filter((l) => /^p\d$/.test(l.id)).map((l) => `${l.id}=${l.price}`),
      Math.min(s.context.lines.filter((l) => !/^p\d$/.test(l.id)).length, 1),
      s.context.draft.name !== '',
      s.context.draft.price,
      s.context.draftError !== null,
      s.context.discountText,
      s.context.taxText,
    ]),
  limit: 40000,
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'name', value: 'Rentals' },
      { type: 'draft.change', field: 'price', value: '49.99' },
      // Over the 10,000,000 ceiling: refused with the limits.ts message ('abc' is pinned below).
      { type: 'draft.change', field: 'price', value: '1e20' },
    ],
    'price.add': [{ type: 'price.add' }],
    'price.edit': (s) =>
      s.context.lines.some((l) => l.id === 'p2') ? [{ type: 'price.edit' as const, id: 'p2' }] : [],
    'edit.commit': [{ type: 'edit.commit' }],
    'edit.cancel': [{ type: 'edit.cancel' }],
    'price.delete': [{ type: 'price.delete', id: 'p2' }],
    // The boundary 100 % is stored; 150 % is kept as typed with its message ('-' and -15 are pinned below).
    'discount.change': [
      { type: 'discount.change', text: '100' },
      { type: 'discount.change', text: '150' },
    ],
    // Blank means 0 (stored); not a number is only kept in the box.
    'tax.change': [
      { type: 'tax.change', text: ' ' },
      { type: 'tax.change', text: 'x' },
    ],
    'storage.change': [
      { type: 'storage.change', lines: [p1, p2There, p3] },
      { type: 'storage.change', lines: [p1, p3] },
      { type: 'storage.change', discount: 10 },
    ],
    'draft.discard': [{ type: 'draft.discard' }],
    'rates.discardDraft': [{ type: 'rates.discardDraft' }],
  },
  transitions: {
    '(machine)|draft.change|0': {
      context: (before, event) => {
        const { field, value } = event as { field: keyof Ctx['draft']; value: string };
        return { ...before, draft: { ...before.draft, [field]: value }, draftError: null };
      },
      effects: ({ after }) => [draftKept(after)],
    },
    '(machine)|discount.change|0': typed('discount').stored,
    '(machine)|discount.change|1': typed('discount').kept,
    '(machine)|tax.change|0': typed('tax').stored,
    '(machine)|tax.change|1': typed('tax').kept,
    '(machine)|storage.change|0': { context: fromStorage },
    // Discard draft: the form empties (an edit is left) and its draft is dropped.
    '(machine)|draft.discard|0': { target: 'adding', context: cleared, effects: [['discardDraft']] },
    // Discard draft of the percentages: the stored discount and tax again, the draft dropped.
    '(machine)|rates.discardDraft|0': {
      context: (before) => ({
        ...before,
        discountText: String(before.discount),
        taxText: String(before.tax),
        discountError: percentMessageOf('Discount', String(before.discount)),
        taxError: percentMessageOf('Tax', String(before.tax)),
        ratesRestored: false,
      }),
      effects: [['discardRatesDraft']],
    },
    // A restored draft resumes its edit while the line is there; else (or with no edit) the typing is a new line.
    'restoring||0': {
      target: 'editing',
      check: ({ before }) => expect(before.lines.some((l) => l.id === before.editingId)).toBe(true),
    },
    'restoring||1': { target: 'adding', context: (before) => ({ ...before, editingId: null }) },
    // A valid draft is appended under a new id and written; the form clears.
    'adding|price.add|0': {
      context: (before, _event, after) => {
        expect(valid(before.draft)).toBe(true);
        const added = after.lines.at(-1)!;
        expect(lineIds(before.lines)).not.toContain(added.id);
        return { ...cleared(before), lines: [...before.lines, lineOf(before.draft, added.id)], seq: before.seq + 1 };
      },
      effects: ({ after }) => [['persistPricing', lineIds(after.lines)], ['discardDraft']],
    },
    'adding|price.add|1': {
      context: (before) => {
        expect(valid(before.draft)).toBe(false);
        return { ...before, draftError: draftMessageOf(before.draft) };
      },
    },
    'adding|price.edit|0': {
      target: 'editing',
      context: (before, event) => {
        const l = before.lines.find((x) => x.id === (event as { id: string }).id)!;
        return {
          ...before,
          editingId: l.id,
          draftError: null,
          draft: { name: l.name, price: String(l.price), currency: l.currency },
          draftRestored: false,
        };
      },
      // The form now holds the line's own values: any draft of the form is dropped.
      effects: [['discardDraft']],
    },
    'adding|price.delete|0': {
      context: (before, event) => ({
        ...before,
        lines: before.lines.filter((l) => l.id !== (event as { id: string }).id),
      }),
      effects: ({ after }) => [['persistPricing', lineIds(after.lines)]],
    },
    // Save replaces the line under edit, by id, and writes the lines.
    'editing|edit.commit|0': {
      target: 'adding',
      context: (before) => {
        expect(valid(before.draft)).toBe(true);
        return {
          ...cleared(before),
          lines: before.lines.map((l) => (l.id === before.editingId ? lineOf(before.draft, l.id) : l)),
        };
      },
      effects: ({ after }) => [['persistPricing', lineIds(after.lines)], ['discardDraft']],
    },
    'editing|edit.commit|1': {
      context: (before) => {
        expect(valid(before.draft)).toBe(false);
        return { ...before, draftError: draftMessageOf(before.draft) };
      },
    },
    'editing|edit.cancel|0': { target: 'adding', context: cleared, effects: [['discardDraft']] },
    'editing|storage.change|0': {
      target: 'adding',
      context: (before, event) => {
        const lines = (event as { lines?: PriceLine[] }).lines;
        expect(lines && !lines.some((l) => l.id === before.editingId)).toBe(true);
        return { ...fromStorage(before, event), editingId: null };
      },
    },
    'editing|storage.change|1': {
      context: (before, event) => {
        const lines = (event as { lines?: PriceLine[] }).lines;
        expect(!lines || lines.some((l) => l.id === before.editingId)).toBe(true);
        return fromStorage(before, event);
      },
    },
  },
  states: {
    restoring: () => {
      throw new Error('restoring is transient');
    },
    adding: (s) => {
      expect(s.hasTag('adding')).toBe(true);
      expect(s.context.editingId).toBeNull();
      expectOthersKept(s.context.lines);
    },
    editing: (s) => {
      expect(s.hasTag('editing')).toBe(true);
      expect(s.context.editingId).toBe('p2');
      expect(s.context.lines.some((l) => l.id === s.context.editingId)).toBe(true);
      expectOthersKept(s.context.lines);
    },
  },
  sequences: [
    [{ type: 'price.edit', id: 'no-such-line' }],
    [
      { type: 'price.edit', id: 'p2' },
      { type: 'storage.change', lines: [p1, p2There, p3] },
    ],
    [
      { type: 'price.edit', id: 'p2' },
      { type: 'storage.change', lines: [p1, p3] },
    ],
  ],
});

describe('pricing (pinned rules)', () => {
  const start = () =>
    createActor(pricing, {
      input: { lines: [{ name: 'Staff', price: 100, currency: 'CAD' }], discount: 5, tax: 13 },
    }).start();
  it('hydrates discount and tax from the per-event keys', () => {
    const s = start().getSnapshot();
    expect([s.context.discountText, s.context.taxText]).toEqual(['5', '13']);
  });
  it('adds a line with the default currency CAD; rejects a bad draft with a message', () => {
    writes.length = 0;
    const actor = start();
    actor.send({ type: 'draft.change', field: 'name', value: 'Rentals' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.draftError).toBe(draftErrorMessage);
    actor.send({ type: 'draft.change', field: 'price', value: '49.99' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.lines.map(({ name, price, currency }) => ({ name, price, currency }))).toEqual([
      { name: 'Staff', price: 100, currency: 'CAD' },
      { name: 'Rentals', price: 49.99, currency: 'CAD' },
    ]);
    expect(writes).toEqual(['pricing:Staff=100,Rentals=49.99']);
  });
  it('edit mode: choose a row, Save replaces it, Cancel leaves it unchanged', () => {
    const actor = start();
    const id = actor.getSnapshot().context.lines[0]!.id;
    actor.send({ type: 'price.edit', id });
    expect(actor.getSnapshot().context.draft).toEqual({ name: 'Staff', price: '100', currency: 'CAD' });
    actor.send({ type: 'draft.change', field: 'price', value: '120' });
    actor.send({ type: 'edit.cancel' });
    expect(actor.getSnapshot().context.lines[0]?.price).toBe(100);
    actor.send({ type: 'price.edit', id });
    actor.send({ type: 'draft.change', field: 'price', value: '120' });
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.lines[0]).toMatchObject({ id, price: 120 });
    expect(actor.getSnapshot().can({ type: 'price.delete', id })).toBe(true);
    actor.send({ type: 'price.edit', id });
    expect(actor.getSnapshot().can({ type: 'price.delete', id })).toBe(false);
  });
  it('another tab’s save replaces the lines and percentages but keeps the draft and the edit', () => {
    const actor = createActor(pricing, { input: { lines: [p1, p2, p3], discount: 5, tax: 13 } }).start();
    actor.send({ type: 'price.edit', id: 'p2' });
    actor.send({ type: 'draft.change', field: 'name', value: 'Rentals (half typ' });
    actor.send({ type: 'tax.change', text: '13.' });
    actor.send({ type: 'storage.change', lines: [p1, p2There, p3] });
    actor.send({ type: 'storage.change', discount: 8 });
    actor.send({ type: 'storage.change', tax: 13 });
    let s = actor.getSnapshot();
    expect(s.value).toBe('editing');
    expect(s.context.draft.name).toBe('Rentals (half typ');
    expect(s.context.lines).toEqual([p1, p2There, p3]);
    expect([s.context.discountText, s.context.taxText]).toEqual(['8', '13.']);
    // The line under edit deleted elsewhere: back to adding, the draft kept to add it again.
    actor.send({ type: 'storage.change', lines: [p1, p3] });
    s = actor.getSnapshot();
    expect(s.value).toBe('adding');
    expect(s.context.draft.name).toBe('Rentals (half typ');
  });
  it('deletes the middle line by id and writes the lines without it', () => {
    writes.length = 0;
    const actor = createActor(pricing, { input: { lines: [p1, p2, p3], discount: 0, tax: 0 } }).start();
    actor.send({ type: 'price.delete', id: 'p2' });
    expect(actor.getSnapshot().context.lines).toEqual([p1, p3]);
    expect(writes).toEqual(['pricing:Staff=100,Flowers=30']);
  });
  it('stores discount and tax only from 0 to 100 %; 150 % or -15 % is kept as typed with its message, and the totals keep the stored value', () => {
    writes.length = 0;
    const actor = start();
    actor.send({ type: 'discount.change', text: '-15' });
    expect(actor.getSnapshot().context.discountError).toBe(
      'Discount cannot be negative: enter a number from 0 to 100.',
    );
    actor.send({ type: 'discount.change', text: '150' });
    expect(actor.getSnapshot().context.discountError).toBe('Discount is too large: enter a number from 0 to 100.');
    expect(actor.getSnapshot().context.discount).toBe(5);
    actor.send({ type: 'discount.change', text: 'abc' });
    expect(actor.getSnapshot().context.discountError).toBe('Discount must be a number from 0 to 100.');
    actor.send({ type: 'tax.change', text: '250' });
    expect(actor.getSnapshot().context.taxError).toBe('Tax is too large: enter a number from 0 to 100.');
    actor.send({ type: 'tax.change', text: '' });
    actor.send({ type: 'discount.change', text: '100' });
    expect(writes).toEqual(['tax:', 'discount:100']);
    const s = actor.getSnapshot().context;
    expect([s.discount, s.tax, s.discountError, s.taxError]).toEqual([100, 0, null, null]);
  });
  it('a legacy stored discount of 150 % is read, used and flagged with the message', () => {
    const s = createActor(pricing, { input: { lines: [], discount: 150, tax: 0 } })
      .start()
      .getSnapshot().context;
    expect([s.discountText, s.discount]).toEqual(['150', 150]);
    expect(s.discountError).toBe('Discount is too large: enter a number from 0 to 100.');
  });
  it('a price of 1e20 is refused with the limits.ts message; a non-numeric one with the form message', () => {
    const actor = start();
    actor.send({ type: 'draft.change', field: 'name', value: 'Gold' });
    actor.send({ type: 'draft.change', field: 'price', value: '1e20' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.draftError).toBe('Price is too large: enter a number from 0 to 10,000,000.');
    actor.send({ type: 'draft.change', field: 'price', value: 'abc' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.draftError).toBe(draftErrorMessage);
    expect(actor.getSnapshot().context.lines).toHaveLength(1);
  });
  it('a price with thousands separators is read (1,250.50); a comma typed for cents (10,50) is refused by name, nothing added', () => {
    const actor = start();
    const before = actor.getSnapshot().context.lines;
    actor.send({ type: 'draft.change', field: 'name', value: 'Tent' });
    actor.send({ type: 'draft.change', field: 'price', value: '10,50' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.draftError).toBe(
      'Price: use a point for cents, e.g. 10.50 (a comma only separates thousands, as in 1,000).',
    );
    expect(actor.getSnapshot().context.lines).toEqual(before);
    expect(actor.getSnapshot().context.draft.price).toBe('10,50');
    actor.send({ type: 'draft.change', field: 'price', value: '1,250.50' });
    actor.send({ type: 'price.add' });
    expect(actor.getSnapshot().context.draftError).toBeNull();
    expect(actor.getSnapshot().context.lines.at(-1)).toMatchObject({ name: 'Tent', price: 1250.5 });
  });
});

describe('pricing (pinned: names, currency, ids, tax)', () => {
  const start = (lines: PriceLine[] = [p1, p2, p3]) =>
    createActor(pricing, { input: { lines, discount: 5, tax: 13 } }).start();
  const add = (actor: ReturnType<typeof start>, name: string, price: string, currency?: string) => {
    actor.send({ type: 'draft.change', field: 'name', value: name });
    actor.send({ type: 'draft.change', field: 'price', value: price });
    if (currency !== undefined) actor.send({ type: 'draft.change', field: 'currency', value: currency });
    actor.send({ type: 'price.add' });
  };
  it('a blank or whitespace name is refused with the form’s words', () => {
    const actor = start();
    add(actor, '   ', '10');
    expect(actor.getSnapshot().context.draftError).toBe('Enter an item name and a numeric price.');
    expect(actor.getSnapshot().context.lines).toEqual([p1, p2, p3]);
  });
  it('the name is stored trimmed; a blank or whitespace currency is stored as CAD, another one trimmed', () => {
    const actor = start([]);
    add(actor, '  Rentals  ', '10', '   ');
    add(actor, 'Linen', '5', ' USD ');
    expect(actor.getSnapshot().context.lines.map(({ name, price, currency }) => ({ name, price, currency }))).toEqual([
      { name: 'Rentals', price: 10, currency: 'CAD' },
      { name: 'Linen', price: 5, currency: 'USD' },
    ]);
  });
  it('an edit keeps the trimmed name and its id', () => {
    const actor = start();
    actor.send({ type: 'price.edit', id: 'p2' });
    actor.send({ type: 'draft.change', field: 'name', value: ' Rentals XL ' });
    actor.send({ type: 'draft.change', field: 'currency', value: '' });
    actor.send({ type: 'edit.commit' });
    expect(actor.getSnapshot().context.lines[1]).toEqual({ ...p2, name: 'Rentals XL', currency: 'CAD' });
  });
  it('lines stored without ids get one by position, from the input and from another tab', () => {
    const { id: _1, ...noId1 } = p1;
    const { id: _3, ...noId3 } = p3;
    const actor = start([noId1, p2, noId3]);
    expect(lineIds(actor.getSnapshot().context.lines)).toEqual(['price-0', 'p2', 'price-2']);
    actor.send({ type: 'storage.change', lines: [p2, noId3] });
    expect(lineIds(actor.getSnapshot().context.lines)).toEqual(['p2', 'price-1']);
  });
  it('two lines added one after the other get different ids, counted from 0', () => {
    const actor = start([]);
    add(actor, 'One', '1');
    add(actor, 'Two', '2');
    const [first, second] = lineIds(actor.getSnapshot().context.lines);
    expect(first).toMatch(/^price-[0-9a-z]+-0$/);
    expect(second).toMatch(/^price-[0-9a-z]+-1$/);
  });
  it('a valid tax is what the totals use and what is stored; an empty one means 0', () => {
    world.effects.length = 0;
    const actor = start();
    actor.send({ type: 'tax.change', text: '7.5' });
    expect(actor.getSnapshot().context.tax).toBe(7.5);
    actor.send({ type: 'discount.change', text: '12.5' });
    expect(actor.getSnapshot().context.discount).toBe(12.5);
    actor.send({ type: 'tax.change', text: '' });
    expect(actor.getSnapshot().context.tax).toBe(0);
    expect(world.effects).toEqual([
      ['persistTax', 7.5],
      ['discardRatesDraft'],
      ['persistDiscount', 12.5],
      ['discardRatesDraft'],
      ['persistTax', 0],
      ['discardRatesDraft'],
    ]);
  });
});

describe('pricing drafts (issue 25, pinned)', () => {
  it('a refused discount is kept as typed and comes back from its draft; the totals keep the stored value', () => {
    world.effects.length = 0;
    const actor = createActor(pricing, { input: { lines: [p1], discount: 10, tax: 13 } }).start();
    actor.send({ type: 'discount.change', text: '150' });
    expect(world.effects).toEqual([['persistRatesDraft', { discountText: '150', taxText: '13' }]]);
    const again = createActor(pricing, {
      input: { lines: [p1], discount: 10, tax: 13, ratesDraft: { discountText: '150', taxText: '13' } },
    }).start();
    const s = again.getSnapshot().context;
    expect([s.discountText, s.discount, s.ratesRestored]).toEqual(['150', 10, true]);
    expect(s.discountError).toBe('Discount is too large: enter a number from 0 to 100.');
    again.send({ type: 'rates.discardDraft' });
    expect([again.getSnapshot().context.discountText, again.getSnapshot().context.ratesRestored]).toEqual([
      '10',
      false,
    ]);
  });
  it('an edit draft resumes on its line; a line deleted since leaves the typing as a new line', () => {
    const values = { name: 'Rentals', price: '55', currency: 'CAD' };
    const resumed = createActor(pricing, {
      input: { lines: [p1, p2], discount: 0, tax: 0, draft: { values, editingId: 'p2' } },
    }).start();
    expect(resumed.getSnapshot().value).toBe('editing');
    expect(resumed.getSnapshot().context).toMatchObject({ draft: values, editingId: 'p2', draftRestored: true });
    const gone = createActor(pricing, {
      input: { lines: [p1], discount: 0, tax: 0, draft: { values, editingId: 'p2' } },
    }).start();
    expect(gone.getSnapshot().value).toBe('adding');
    expect(gone.getSnapshot().context).toMatchObject({ draft: values, editingId: null, draftRestored: true });
  });
});

describe('pricing (unprovided effects)', () => {
  it('without a provided persistPricing, persistDiscount or persistTax, a change fails loudly, naming what to provide', () => {
    const failure = (event: EventFromLogic<typeof pricingMachine>) =>
      failureAfter(pricingMachine, { lines: [p1], discount: 0, tax: 0 }, [event]);
    expect(failure({ type: 'price.delete', id: 'p1' })).toContain('pricing: provide persistPricing');
    expect(failure({ type: 'discount.change', text: '5' })).toContain('pricing: provide persistDiscount');
    expect(failure({ type: 'tax.change', text: '5' })).toContain('pricing: provide persistTax');
  });
});
