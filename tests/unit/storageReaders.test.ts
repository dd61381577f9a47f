// @vitest-environment jsdom
/**
 * The small readers of src/storage that live apart from keys.ts to keep the landing page light: the
 * auth session as supabase-js stores it (authSession.ts, storedUser.ts), and every event's staff lists
 * and ingredient lists at once with their cross-tab watchers (staffLists.ts, ingredientLists.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authSessionStorage,
  hasPendingRevocations,
  hasStoredSession,
  readStoredTokens,
  subscribeStoredSession,
} from '../../src/storage/authSession';
import { readStoredUser } from '../../src/storage/storedUser';
import { readStaffLists, staffListChanges, watchStaffLists } from '../../src/storage/staffLists';
import { readIngredientLists, watchIngredientLists } from '../../src/storage/ingredientLists';
import { customersStore } from '../../src/storage/customers';
import { businessProfileStore } from '../../src/storage/businessProfile';
import { colorModeStore, soundMutedStore } from '../../src/storage/preferences';

const KEY = 'sb-test-auth-token';
const session = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ access_token: 'A1', refresh_token: 'R1', ...extra });

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the auth session supabase-js keeps', () => {
  it('the adapter reads, writes and removes supabase-js’s own key as plain text', () => {
    expect(authSessionStorage.getItem(KEY)).toBeNull();
    authSessionStorage.setItem(KEY, 'opaque');
    expect(localStorage.getItem(KEY)).toBe('opaque');
    expect(authSessionStorage.getItem(KEY)).toBe('opaque');
    authSessionStorage.removeItem(KEY);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('a storage that refuses: reads as nothing stored, a write or removal is dropped without throwing', () => {
    localStorage.setItem(KEY, session());
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(denied);
    expect(authSessionStorage.getItem(KEY)).toBeNull();
    expect(() => authSessionStorage.setItem(KEY, 'x')).not.toThrow();
    expect(() => authSessionStorage.removeItem(KEY)).not.toThrow();
    expect(hasStoredSession(KEY)).toBe(false);
    expect(readStoredTokens(KEY)).toEqual({ accessToken: null, refreshToken: null });
    expect(hasPendingRevocations()).toBe(false);
  });

  it('a stored session counts only with both tokens as text', () => {
    expect(hasStoredSession(KEY)).toBe(false);
    localStorage.setItem(KEY, session());
    expect(hasStoredSession(KEY)).toBe(true);
    for (const text of [
      session({ access_token: 1 }),
      session({ refresh_token: null }),
      JSON.stringify({ access_token: 'A1' }),
      'null',
      '"A1"',
      '{oops',
    ]) {
      localStorage.setItem(KEY, text);
      expect(hasStoredSession(KEY), text).toBe(false);
    }
  });

  it('reads the tokens, each null when missing or not text', () => {
    expect(readStoredTokens(KEY)).toEqual({ accessToken: null, refreshToken: null });
    localStorage.setItem(KEY, session());
    expect(readStoredTokens(KEY)).toEqual({ accessToken: 'A1', refreshToken: 'R1' });
    localStorage.setItem(KEY, session({ refresh_token: 5 }));
    expect(readStoredTokens(KEY)).toEqual({ accessToken: 'A1', refreshToken: null });
    localStorage.setItem(KEY, session({ access_token: ['A'] }));
    expect(readStoredTokens(KEY)).toEqual({ accessToken: null, refreshToken: 'R1' });
    localStorage.setItem(KEY, '{oops');
    expect(readStoredTokens(KEY)).toEqual({ accessToken: null, refreshToken: null });
    localStorage.setItem(KEY, '');
    expect(readStoredTokens(KEY)).toEqual({ accessToken: null, refreshToken: null });
  });

  it('a revocation waits when its key is there, whatever it holds', () => {
    expect(hasPendingRevocations()).toBe(false);
    localStorage.setItem('pendingRevocations', '[]');
    expect(hasPendingRevocations()).toBe(true);
  });

  it('another tab storing or removing the session (or clearing storage) is told, other keys are not, until stopped', () => {
    const seen: boolean[] = [];
    const stop = subscribeStoredSession(KEY, (present) => seen.push(present));
    localStorage.setItem(KEY, session());
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(seen).toEqual([true]);
    localStorage.removeItem(KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'events' }));
    expect(seen).toEqual([true, false]);
    localStorage.setItem(KEY, session());
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(seen).toEqual([true, false, true]);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(seen).toEqual([true, false, true]);
  });

  it('the stored user: its id and e-mail, null without a user id as text', () => {
    expect(readStoredUser(KEY)).toBeNull();
    localStorage.setItem(KEY, session({ user: { id: 'u1', email: 'ada@example.com' } }));
    expect(readStoredUser(KEY)).toEqual({ id: 'u1', email: 'ada@example.com' });
    localStorage.setItem(KEY, session({ user: { id: 'u1', email: 7 } }));
    expect(readStoredUser(KEY)).toEqual({ id: 'u1', email: null });
    for (const text of [session({ user: { id: 1 } }), session(), session({ user: null }), '{oops', '']) {
      localStorage.setItem(KEY, text);
      expect(readStoredUser(KEY), text).toBeNull();
    }
  });
});

const assignment = (id: string) => ({
  id,
  employeeId: 'E1',
  name: 'Ada',
  role: 'Server',
  shiftStart: '17:00',
  shiftEnd: '23:00',
});
const line = (lineId: string) => ({
  lineId,
  id: 'INV-1',
  name: 'Flour',
  category: 'Dry Storage',
  supplierName: 'Mill Co',
  costPerUnit: 2,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'bag',
  quantity: 3,
});

describe('every event’s staff lists', () => {
  it('by event id as text, leaving out events with no staff', () => {
    localStorage.setItem('staffList-4', JSON.stringify([assignment('S1'), assignment('S2')]));
    localStorage.setItem('staffList-5', '[]');
    const lists = readStaffLists([4, 5, 6]);
    expect(Object.keys(lists)).toEqual(['4']);
    expect(lists['4']!.map((a) => a.id)).toEqual(['S1', 'S2']);
  });

  it('one watcher for every staff list changed in another tab, or storage cleared; nothing else', () => {
    const onChange = vi.fn();
    const stop = watchStaffLists(onChange);
    for (const key of [
      'staffList-4',
      null,
      'staffList-123',
      'staffList-',
      'staffList-4x',
      'xstaffList-4',
      'ingredientList-4',
    ])
      window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(onChange).toHaveBeenCalledTimes(3);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'staffList-4' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('what changed since an earlier answer: the events whose list changed since, not before; other keys count for nothing', () => {
    const changed = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key }));
    const start = staffListChanges(0).now;
    changed('staffList-4');
    const first = staffListChanges(start);
    expect(first).toEqual({ now: start + 1, all: false, eventIds: [4] });
    // Asked again from that answer: the change already given is not given again.
    expect(staffListChanges(first.now)).toEqual({ now: first.now, all: false, eventIds: [] });
    changed('staffList-12');
    expect(staffListChanges(first.now)).toEqual({ now: first.now + 1, all: false, eventIds: [12] });
    // Keys that are no staff list (another collection, a look-alike) are no change of the lists.
    for (const key of ['events', 'customers', 'ingredientList-4', 'staffList-4x', 'xstaffList-4', 'staffList-'])
      changed(key);
    expect(staffListChanges(first.now + 1)).toEqual({ now: first.now + 1, all: false, eventIds: [] });
  });

  it('storage cleared (or swapped) in another tab: every list may have changed, no event named', () => {
    const start = staffListChanges(0).now;
    window.dispatchEvent(new StorageEvent('storage', { key: 'staffList-4' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(staffListChanges(start)).toEqual({ now: start + 2, all: true, eventIds: [] });
  });
});

describe('every event’s ingredient lists', () => {
  it('by event id as text, leaving out events with no list', () => {
    localStorage.setItem('ingredientList-7', JSON.stringify([line('L1')]));
    localStorage.setItem('ingredientList-8', '[]');
    const lists = readIngredientLists([7, 8, 9]);
    expect(Object.keys(lists)).toEqual(['7']);
    expect(lists['7']!.map((l) => l.lineId)).toEqual(['L1']);
  });

  it('a list changed in another tab is read and given with its event id; a cleared storage is said; nothing else', () => {
    const onList = vi.fn();
    const onCleared = vi.fn();
    const stop = watchIngredientLists(onList, onCleared);
    localStorage.setItem('ingredientList-12', JSON.stringify([line('L3')]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'ingredientList-12' }));
    expect(onList).toHaveBeenCalledTimes(1);
    expect(onList.mock.calls[0]![0]).toBe(12);
    expect(onList.mock.calls[0]![1].map((l: { lineId: string }) => l.lineId)).toEqual(['L3']);
    for (const key of ['ingredientList-', 'ingredientList-1x', 'xingredientList-1', 'staffList-12'])
      window.dispatchEvent(new StorageEvent('storage', { key }));
    expect(onList).toHaveBeenCalledTimes(1);
    expect(onCleared).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onCleared).toHaveBeenCalledTimes(1);
    expect(onList).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: 'ingredientList-12' }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(onList).toHaveBeenCalledTimes(1);
    expect(onCleared).toHaveBeenCalledTimes(1);
  });
});

describe('the customers and the business profile (whole values)', () => {
  it('customers: none until saved; a list of records with ids, each field read as text; anything else is refused with why', () => {
    expect(customersStore.read()).toEqual([]);
    expect(customersStore.write([{ id: 'C1', firstName: 'Ada', lastName: 'Hart', email: '', phone: '' }]).ok).toBe(
      true,
    );
    localStorage.setItem('customers', JSON.stringify([{ id: 'C1', firstName: 'Ada', phone: 5550100 }]));
    expect(customersStore.read()).toEqual([{ id: 'C1', firstName: 'Ada', lastName: '', email: '', phone: '5550100' }]);
    for (const text of ['{"id":"C1"}', '[{"firstName":"Ada"}]', '[null]'])
      expect(customersStore.check(text)).toEqual({ ok: false, reason: 'value: must be a list of customers with ids' });
  });

  it('business profile: null until saved; a saved one read; one without a business name as text refused with why', () => {
    expect(businessProfileStore.read()).toBeNull();
    expect(businessProfileStore.check('null')).toEqual({ ok: true, value: null });
    expect(businessProfileStore.check('{"businessName":"Hart Catering"}')).toMatchObject({
      ok: true,
      value: { businessName: 'Hart Catering', address: '' },
    });
    for (const text of ['{"businessName":5}', '[]', '"Hart"'])
      expect(businessProfileStore.check(text)).toEqual({ ok: false, reason: 'businessName: must be text' });
  });
});

describe('the preferences every page reads', () => {
  it('a sound setting that is not true or false reads as the default (muted) and is refused with why', () => {
    localStorage.setItem('soundMuted', '"maybe"');
    expect(soundMutedStore.read()).toBe(true);
    expect(soundMutedStore.check('"maybe"')).toMatchObject({ ok: false });
    expect(soundMutedStore.check('1')).toMatchObject({ ok: false });
    expect(soundMutedStore.check('false')).toEqual({ ok: true, value: false });
    localStorage.setItem('soundMuted', 'false');
    expect(soundMutedStore.read()).toBe(false);
  });

  it('a colour mode other than light, dark or system reads as light', () => {
    localStorage.setItem('colorMode', '"purple"');
    expect(colorModeStore.read()).toBe('light');
    localStorage.setItem('colorMode', '"system"');
    expect(colorModeStore.read()).toBe('system');
  });
});

describe('the watchers without a window (server-side or a worker)', () => {
  it('watch nothing and stop without throwing', () => {
    vi.stubGlobal('window', undefined);
    try {
      const stops = [
        watchStaffLists(() => {}),
        watchIngredientLists(
          () => {},
          () => {},
        ),
      ];
      for (const stop of stops) expect(() => stop()).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
