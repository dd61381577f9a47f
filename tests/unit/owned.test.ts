// @vitest-environment jsdom
/**
 * The one rule of owned.ts that says which keys are the signed-in account's, and each path that uses
 * it: reading the Recovered data list, discarding an entry, the backup, the restore and the account
 * switch. Another account's stash (`account:<id>:…`) ends with whatever its owner's key was, a
 * legacy `<key>.corrupt.<ts>` backup included: none of those paths may take it for the reader's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindDataSet, stashKey } from '../../src/storage/accounts';
import { readAppData, replaceAppData } from '../../src/storage/batch';
import { isAccountDataKey, isAppKey, isRecoveredKey, legacyCorruptOf, ownedKeyOf } from '../../src/storage/owned';
import { listRecovered, removeRecovered } from '../../src/storage/recovered';
import { countRecovered, discard } from '../../src/storage/recoveredActions';
import { setWriteGuard } from '../../src/storage/raw';
import { buildBackup, canonicalPayload, readBackup, serialiseBackup, sha256Hex } from '../../src/domain/backup';

/** Account A's set-aside values, as they wait while B is signed in. */
const legacyOfA = stashKey('A', 'events.corrupt.1700000000000');
const recoveredOfA = stashKey('A', 'recovered:events:abc123');

describe('the ownership rule', () => {
  it('takes the app’s base keys, set-aside entries and legacy backups of base keys as the account’s', () => {
    expect(ownedKeyOf('events')).toEqual({ kind: 'base', key: 'events' });
    expect(ownedKeyOf('4-taxPercentage')).toEqual({
      kind: 'base',
      key: '4-taxPercentage',
    });
    expect(ownedKeyOf('recovered:events:abc')).toEqual({
      kind: 'recovered',
      source: 'events',
    });
    expect(ownedKeyOf('events.corrupt.1700000000000')).toEqual({
      kind: 'legacyCorrupt',
      source: 'events',
      time: 1700000000000,
    });
    expect(ownedKeyOf('ingredientList-4.corrupt.5')).toEqual({
      kind: 'legacyCorrupt',
      source: 'ingredientList-4',
      time: 5,
    });
  });

  it('never takes another account’s stash or the owner key, whatever they end with', () => {
    for (const key of [
      legacyOfA,
      recoveredOfA,
      stashKey('A', 'events'),
      'dataOwner',
      'dataOwner.corrupt.1',
      'account:A:colorMode.corrupt.2',
    ]) {
      expect(ownedKeyOf(key), key).toBeNull();
      expect(isAppKey(key), key).toBe(false);
      expect(isRecoveredKey(key), key).toBe(false);
      expect(isAccountDataKey(key), key).toBe(false);
      expect(legacyCorruptOf(key), key).toBeNull();
    }
  });

  it('takes a `.corrupt.` backup only of a key the app reads', () => {
    for (const key of ['sb-auth-token.corrupt.1', 'other-site.corrupt.2', '.corrupt.3'])
      expect(ownedKeyOf(key), key).toBeNull();
  });

  it('moves data keys and set-aside entries with an account, never the device’s preferences', () => {
    expect(isAccountDataKey('events.corrupt.1')).toBe(true);
    expect(isAccountDataKey('recovered:events:x')).toBe(true);
    expect(isAccountDataKey('colorMode')).toBe(false);
    expect(isAccountDataKey('colorMode.corrupt.1')).toBe(false);
  });
});

describe('paths that use the rule, with account A’s set-aside values stashed while B is signed in', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('dataOwner', 'B');
    localStorage.setItem(legacyOfA, '[A secret legacy');
    localStorage.setItem(
      recoveredOfA,
      JSON.stringify({
        key: 'events',
        time: 1,
        reason: 'x',
        text: 'A secret record',
        index: 0,
        id: '9',
      }),
    );
    localStorage.setItem('events', '[]');
    localStorage.setItem('events.corrupt.1700000000001', '[B own legacy');
  });
  afterEach(() => setWriteGuard(null));

  it('the Recovered data list shows only B’s own entries', () => {
    expect(listRecovered().map((e) => e.entryKey)).toEqual(['events.corrupt.1700000000001']);
    expect(countRecovered()).toBe(1);
  });

  it('discarding cannot remove A’s entry', () => {
    const forged = {
      entryKey: legacyOfA,
      key: 'events',
      time: 0,
      reason: '',
      text: '[A secret legacy',
      index: null,
      id: null,
    };
    expect(removeRecovered(legacyOfA).ok).toBe(false);
    expect(discard(forged).ok).toBe(false);
    expect(localStorage.getItem(legacyOfA)).toBe('[A secret legacy');
  });

  it('a backup of B holds none of A’s keys', async () => {
    const data = readAppData(localStorage);
    expect(Object.keys(data).sort()).toEqual(['events', 'events.corrupt.1700000000001']);
    const doc = await buildBackup({ ...data, [legacyOfA]: 'x' }, new Date(0), 'test');
    expect(Object.keys(doc.payload)).not.toContain(legacyOfA);
  });

  it('a restore into B neither deletes A’s keys nor writes into A’s stash', async () => {
    expect(replaceAppData({ events: '[{"id":1}]' }, localStorage).ok).toBe(true);
    expect(localStorage.getItem(legacyOfA)).toBe('[A secret legacy');
    expect(localStorage.getItem(recoveredOfA)).not.toBeNull();
    const planted = stashKey('A', 'events.corrupt.9');
    expect(replaceAppData({ events: '[]', [planted]: '[]' }, localStorage).ok).toBe(false);
    expect(localStorage.getItem(planted)).toBeNull();
    // A backup file naming one is read with that key ignored, so a restore cannot plant it.
    const payload = { events: '[]', [planted]: '[]' };
    const doc = await buildBackup({ events: '[]' }, new Date(0), 'test');
    const read = await readBackup(
      serialiseBackup({
        ...doc,
        payload,
        sha256: await sha256Hex(canonicalPayload(payload)),
      }),
    );
    expect(read.ok && read.backup.ignoredKeys).toEqual([planted]);
    expect(read.ok && Object.keys(read.backup.data)).toEqual(['events']);
  });
});

describe('the account switch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => setWriteGuard(null));

  it('A → B → A gives A its legacy backup back unchanged and puts nothing of A’s in B’s stash', () => {
    localStorage.setItem('events', '[{"id":1}]');
    localStorage.setItem('events.corrupt.1700000000000', '[A legacy text');
    expect(bindDataSet('A', localStorage).ok).toBe(true);
    expect(bindDataSet('B', localStorage).ok).toBe(true);
    expect(localStorage.getItem(legacyOfA)).toBe('[A legacy text');
    expect(bindDataSet('A', localStorage).ok).toBe(true);
    expect(localStorage.getItem('events.corrupt.1700000000000')).toBe('[A legacy text');
    expect(localStorage.getItem('events')).toBe('[{"id":1}]');
    const keys = Object.keys(localStorage);
    expect(keys.filter((k) => k.startsWith(stashKey('B', '')))).toEqual([]);
    expect(keys.filter((k) => k.startsWith(stashKey('A', '')))).toEqual([]);
  });
});
