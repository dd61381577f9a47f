/**
 * The ownership rule of src/storage/owned.ts, key by key: which keys are the signed-in account's
 * (base keys, set-aside entries, earlier builds' `.corrupt.` backups), which per-event keys name an
 * event, and which keys move with an account when another signs in (drafts yes, preferences no).
 */
import { describe, expect, it } from 'vitest';
import {
  businessKeys,
  collectionKeys,
  deletedEventIdsKey,
  isAccountDataKey,
  isAccountKey,
  isAppKey,
  isBaseKey,
  isDraftKey,
  isPerEventKey,
  isRecoveredKey,
  legacyCorruptOf,
  ownedKeyOf,
  perEventIdOf,
  preferenceKeys,
} from '../../src/storage/owned';

describe('the keys the app reads itself', () => {
  it('are the five collections, the two preferences, the money side’s whole values and the deleted event ids', () => {
    expect(collectionKeys).toEqual(['inventoryItems', 'suppliers', 'employees', 'events', 'selectedItems']);
    expect(preferenceKeys).toEqual(['colorMode', 'soundMuted']);
    expect(businessKeys).toEqual(['businessProfile', 'documentNumbers', 'issuedDocuments', 'customers']);
    expect(deletedEventIdsKey).toBe('deletedEventIds');
    for (const key of [...collectionKeys, ...preferenceKeys, ...businessKeys, deletedEventIdsKey]) {
      expect(isBaseKey(key), key).toBe(true);
      expect(ownedKeyOf(key), key).toEqual({ kind: 'base', key });
      expect(isAppKey(key), key).toBe(true);
      expect(isRecoveredKey(key), key).toBe(false);
      expect(legacyCorruptOf(key), key).toBeNull();
    }
  });

  it('are not keys that only look like them', () => {
    for (const key of ['Events', 'event', 'events ', 'xevents', 'colormode', 'deletedEventId', 'sb-auth-token', '']) {
      expect(isBaseKey(key), key).toBe(false);
      expect(ownedKeyOf(key), key).toBeNull();
      expect(isAppKey(key), key).toBe(false);
    }
  });
});

describe('per-event keys', () => {
  it.each([
    ['ingredientList-4', 4],
    ['staffList-12', 12],
    ['4-discountPercentage', 4],
    ['37-taxPercentage', 37],
  ])('%s belongs to event %d', (key, id) => {
    expect(perEventIdOf(key)).toBe(id);
    expect(isPerEventKey(key)).toBe(true);
    expect(ownedKeyOf(key)).toEqual({ kind: 'base', key });
    expect(isAccountDataKey(key)).toBe(true);
  });

  it.each([
    'ingredientList-',
    'ingredientList-x',
    'ingredientList-4a',
    'xingredientList-4',
    'staffList-4-5',
    'ingredientlist-4',
    '-discountPercentage',
    'x-taxPercentage',
    '4-taxPercentagex',
    'a4-discountPercentage',
    '4-otherPercentage',
    'ingredientList-4-taxPercentage',
  ])('%s is not a per-event key', (key) => {
    expect(perEventIdOf(key)).toBeNull();
    expect(isPerEventKey(key)).toBe(false);
    expect(ownedKeyOf(key)).toBeNull();
  });
});

describe('set-aside entries', () => {
  it('name the key they were read from, up to the next colon', () => {
    expect(ownedKeyOf('recovered:4-taxPercentage:abc~2')).toEqual({ kind: 'recovered', source: '4-taxPercentage' });
    expect(ownedKeyOf('recovered:events')).toEqual({ kind: 'recovered', source: 'events' });
    expect(isRecoveredKey('recovered:events:abc')).toBe(true);
    expect(isAppKey('recovered:events:abc')).toBe(true);
    expect(legacyCorruptOf('recovered:events:abc')).toBeNull();
  });

  it('whose name cannot be split still belong to the account, with an empty source', () => {
    expect(ownedKeyOf('recovered:')).toEqual({ kind: 'recovered', source: '' });
    expect(ownedKeyOf('recovered::x')).toEqual({ kind: 'recovered', source: '' });
    expect(isRecoveredKey('recovered:')).toBe(true);
  });

  it('need the whole prefix at the start', () => {
    for (const key of ['recovered', 'recoveredevents:1', 'xrecovered:events:1', 'Recovered:events:1'])
      expect(ownedKeyOf(key), key).toBeNull();
  });
});

describe('earlier builds’ `.corrupt.` backups', () => {
  it('give the key and the time they were taken', () => {
    expect(legacyCorruptOf('events.corrupt.1700000000000')).toEqual({ key: 'events', time: 1700000000000 });
    expect(legacyCorruptOf('7-discountPercentage.corrupt.42')).toEqual({ key: '7-discountPercentage', time: 42 });
    expect(isRecoveredKey('events.corrupt.1')).toBe(true);
    expect(isAppKey('events.corrupt.1')).toBe(true);
  });

  it('need digits only after `.corrupt.`, and nothing after them', () => {
    for (const key of [
      'events.corrupt.',
      'events.corrupt.12x',
      'events.corrupt.x12',
      'events.corrupt.1.2',
      'events.corrupt1',
    ])
      expect(ownedKeyOf(key), key).toBeNull();
  });
});

describe('other accounts’ keys', () => {
  it('are the owner key and everything under `account:`', () => {
    expect(isAccountKey('dataOwner')).toBe(true);
    expect(isAccountKey('account:A:events')).toBe(true);
    expect(isAccountKey('account:')).toBe(true);
    expect(isAccountKey('dataOwners')).toBe(false);
    expect(isAccountKey('xaccount:A:events')).toBe(false);
    expect(isAccountKey('events')).toBe(false);
  });
});

describe('what moves with an account', () => {
  it('form drafts move with the account, though they are not app keys', () => {
    expect(isDraftKey('draft:event')).toBe(true);
    expect(isDraftKey('draft:')).toBe(true);
    expect(isDraftKey('xdraft:event')).toBe(false);
    expect(isDraftKey('drafts')).toBe(false);
    expect(isAccountDataKey('draft:event')).toBe(true);
    expect(isAppKey('draft:event')).toBe(false);
  });

  it('data keys, set-aside entries and their backups move; the browser’s preferences and foreign keys stay', () => {
    for (const key of ['events', 'suppliers', 'businessProfile', 'deletedEventIds', 'recovered:colorMode:1'])
      expect(isAccountDataKey(key), key).toBe(true);
    for (const key of [
      'colorMode',
      'soundMuted',
      'soundMuted.corrupt.3',
      'sb-auth-token',
      'account:A:events',
      'dataOwner',
    ])
      expect(isAccountDataKey(key), key).toBe(false);
    expect(isAccountDataKey('suppliers.corrupt.3')).toBe(true);
  });
});
