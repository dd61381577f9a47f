// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { applicableEditDraft, sameValues } from '../../src/domain/drafts';
import { buildBackup } from '../../src/domain/backup';
import { bindDataSet, isAccountDataKey, stashKey } from '../../src/storage/accounts';
import { draftStore, isDraftKey } from '../../src/storage/drafts';
import { isAppKey } from '../../src/storage/owned';

describe('form drafts (issue 25)', () => {
  beforeEach(() => window.localStorage.clear());

  it('a draft is written, read back and removed under draft:<form>', () => {
    expect(draftStore('newEvent').read()).toBeNull();
    expect(draftStore('newEvent').write({ values: { id: 0, EventName: 'Gala' }, savedAt: 5 }).ok).toBe(true);
    expect(window.localStorage.getItem('draft:newEvent')).toBe(
      JSON.stringify({ values: { id: 0, EventName: 'Gala' }, savedAt: 5 }),
    );
    expect(draftStore('newEvent').read()).toEqual({ values: { id: 0, EventName: 'Gala' }, savedAt: 5 });
    draftStore('newEvent').remove();
    expect(draftStore('newEvent').read()).toBeNull();
  });

  it('an unreadable draft reads as none', () => {
    window.localStorage.setItem('draft:suppliers', JSON.stringify({ values: { a: { nested: true } }, savedAt: 1 }));
    expect(draftStore('suppliers').read()).toBeNull();
  });

  it('drafts are the account’s data: they move with it, and never go into a backup', async () => {
    expect(isDraftKey('draft:inventoryAdd')).toBe(true);
    expect(isAccountDataKey('draft:inventoryAdd')).toBe(true);
    expect(isAppKey('draft:inventoryAdd')).toBe(false);
    const storage = window.localStorage;
    expect(bindDataSet('alice', storage).ok).toBe(true);
    storage.setItem('draft:inventoryAdd', JSON.stringify({ values: { name: 'Saffron' }, savedAt: 1 }));
    expect(bindDataSet('bob', storage).ok).toBe(true);
    // Bob does not see Alice's half-typed form; it waits with her data.
    expect(storage.getItem('draft:inventoryAdd')).toBeNull();
    expect(storage.getItem(stashKey('alice', 'draft:inventoryAdd'))).toContain('Saffron');
    expect(bindDataSet('alice', storage).ok).toBe(true);
    expect(storage.getItem('draft:inventoryAdd')).toContain('Saffron');
    const backup = await buildBackup(
      { events: '[]', 'draft:inventoryAdd': storage.getItem('draft:inventoryAdd')! },
      new Date(0),
      'test',
    );
    expect(Object.keys(backup.payload)).toEqual(['events']);
  });

  it('an edit draft applies only while its record still has the values editing began from', () => {
    const base = { name: 'Flour', sku: 'F1' };
    const saved = { values: { name: 'Rye flour', sku: 'F1' }, recordId: 'i1', base, savedAt: 1 };
    expect(applicableEditDraft(null, () => undefined)).toEqual({ status: 'none' });
    expect(applicableEditDraft(saved, () => ({ sku: 'F1', name: 'Flour' }))).toEqual({
      status: 'ok',
      recordId: 'i1',
      values: saved.values,
    });
    expect(applicableEditDraft(saved, () => ({ name: 'Flour (changed)', sku: 'F1' }))).toEqual({
      status: 'stale',
      recordId: 'i1',
    });
    expect(applicableEditDraft(saved, () => undefined)).toEqual({ status: 'stale', recordId: 'i1' });
    expect(sameValues({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameValues({ a: '1' }, { a: '1', b: '' })).toBe(false);
  });
});
