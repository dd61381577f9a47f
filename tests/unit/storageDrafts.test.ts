// @vitest-environment jsdom
/**
 * Form drafts as stored (src/storage/drafts.ts), beyond tests/unit/drafts.test.ts: which forms keep
 * one and under which key, and what a stored draft must look like to be read (anything else reads
 * as no draft and is set aside, never applied to a form).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { draftForms, draftStore, toolkitDraftForms, toolkitDraftStore } from '../../src/storage/drafts';

beforeEach(() => localStorage.clear());

describe('which forms keep a draft, and where', () => {
  it('the six forms, each under draft:<form>', () => {
    expect(draftForms).toEqual(['newEvent', 'inventoryAdd', 'inventoryEdit', 'suppliers', 'employees', 'settings']);
    for (const form of draftForms) expect(draftStore(form).key).toBe(`draft:${form}`);
  });

  it('the Tool Kit’s six forms, one draft per event under draft:toolkit-<form>-<event id>', () => {
    expect(toolkitDraftForms).toEqual(['inventory', 'specialty', 'menu', 'note', 'price', 'rates', 'payment']);
    expect(toolkitDraftStore(4, 'note').key).toBe('draft:toolkit-note-4');
    expect(toolkitDraftStore(4, 'note').write({ value: { text: 'Cake' }, savedAt: 1 }).ok).toBe(true);
    expect(toolkitDraftStore(5, 'note').read()).toBeNull();
    expect(toolkitDraftStore(4, 'menu').read()).toBeNull();
    expect(toolkitDraftStore(4, 'note').read()).toEqual({ value: { text: 'Cake' }, savedAt: 1 });
  });
});

describe('a form draft is read only when it has the draft’s shape', () => {
  const check = (value: unknown) => draftStore('inventoryEdit').check(JSON.stringify(value)).ok;

  it.each([
    ['values only', { values: { name: 'Flour', quantity: 3 }, savedAt: 5 }],
    ['no values typed yet', { values: {}, savedAt: 0 }],
    ['an edit of a record', { values: { name: 'Flour' }, recordId: 'i1', base: { name: 'Rye' }, savedAt: 5 }],
    ['no record and no base', { values: { name: 'Flour' }, recordId: null, base: null, savedAt: 5 }],
  ])('%s is read', (_, draft) => {
    expect(check(draft)).toBe(true);
    localStorage.setItem('draft:inventoryEdit', JSON.stringify(draft));
    expect(draftStore('inventoryEdit').read()).toEqual(draft);
  });

  it.each([
    ['not a record', 'draft'],
    ['nothing', null],
    ['a list', [{ values: {}, savedAt: 1 }]],
    ['no values', { savedAt: 5 }],
    ['values that are a list', { values: ['Flour'], savedAt: 5 }],
    ['values that are null', { values: null, savedAt: 5 }],
    ['a value that is a flag', { values: { name: 'Flour', rush: true }, savedAt: 5 }],
    ['a value that is null', { values: { name: null }, savedAt: 5 }],
    ['no time', { values: { name: 'Flour' } }],
    ['a time as text', { values: { name: 'Flour' }, savedAt: '5' }],
    ['a record id that is a number', { values: {}, recordId: 7, savedAt: 5 }],
    ['a base that is a list', { values: {}, recordId: 'i1', base: ['Rye'], savedAt: 5 }],
    ['a base with a nested value', { values: {}, recordId: 'i1', base: { name: { first: 'Rye' } }, savedAt: 5 }],
    ['a base that is text', { values: {}, recordId: 'i1', base: 'Rye', savedAt: 5 }],
  ])('%s is no draft', (_, value) => {
    expect(check(value)).toBe(false);
    localStorage.setItem('draft:inventoryEdit', JSON.stringify(value));
    expect(draftStore('inventoryEdit').read()).toBeNull();
  });
});

describe('a Tool Kit draft is read only when it has a value and a time', () => {
  const check = (value: unknown) => toolkitDraftStore(9, 'price').check(JSON.stringify(value)).ok;

  it('any value, even none, with a time', () => {
    expect(check({ value: { name: 'Dinner', price: '12' }, savedAt: 3 })).toBe(true);
    expect(check({ value: null, savedAt: 3 })).toBe(true);
    expect(check({ value: [], savedAt: 0 })).toBe(true);
  });

  it.each([
    ['nothing', null],
    ['text', 'Dinner'],
    ['a list', [{ value: 1, savedAt: 3 }]],
    ['no value', { savedAt: 3 }],
    ['no time', { value: 1 }],
    ['a time as text', { value: 1, savedAt: '3' }],
  ])('%s is no draft', (_, value) => {
    expect(check(value)).toBe(false);
    localStorage.setItem('draft:toolkit-price-9', JSON.stringify(value));
    expect(toolkitDraftStore(9, 'price').read()).toBeNull();
  });
});
