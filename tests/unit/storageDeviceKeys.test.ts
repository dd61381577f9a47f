// @vitest-environment jsdom
/**
 * The device's own bookkeeping keys, read directly: every tab's held events (eventHolds.ts) and the
 * queue of revocations not yet sent (pendingRevocations.ts): what a stored value must look like to
 * count, and what a write leaves.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldEventIds, writeTabHolds } from '../../src/storage/eventHolds';
import { pendingRevocationsStore } from '../../src/storage/pendingRevocations';

beforeEach(() => localStorage.clear());

const NOW = 1_000_000;

describe('held events (eventHolds)', () => {
  it('only entries with a list of ids and a time count, and only their whole-number ids', () => {
    localStorage.setItem(
      'eventHolds',
      JSON.stringify({
        a: { ids: [1, 2.5, '3', 4], until: NOW + 10 },
        b: { ids: 5, until: NOW + 10 },
        c: { ids: [6], until: String(NOW + 10) },
        d: null,
        e: { ids: [7] },
      }),
    );
    expect(heldEventIds(NOW)).toEqual(new Set([1, 4]));
  });

  it('a stored value that is not an object of entries holds nothing', () => {
    for (const text of ['[{"ids":[1],"until":9e15}]', 'null', '5', '"x"', '{oops']) {
      localStorage.setItem('eventHolds', text);
      expect(heldEventIds(NOW), text).toEqual(new Set());
    }
  });

  it('an entry holds until its time, not at it', () => {
    writeTabHolds('a', [1], NOW + 5, NOW);
    expect(heldEventIds(NOW + 4)).toEqual(new Set([1]));
    expect(heldEventIds(NOW + 5)).toEqual(new Set());
  });

  it('a write drops the other tabs’ entries whose time has come, keeps the rest, and sets or removes its own', () => {
    writeTabHolds('old', [1], NOW + 5, NOW);
    writeTabHolds('live', [2], NOW + 50, NOW);
    writeTabHolds('me', [3, 4], NOW + 60, NOW + 5);
    expect(JSON.parse(localStorage.getItem('eventHolds')!)).toEqual({
      live: { ids: [2], until: NOW + 50 },
      me: { ids: [3, 4], until: NOW + 60 },
    });
    writeTabHolds('me', [], NOW + 60, NOW + 6);
    expect(JSON.parse(localStorage.getItem('eventHolds')!)).toEqual({ live: { ids: [2], until: NOW + 50 } });
    // The last entry gone: the key goes.
    writeTabHolds('live', [], NOW + 60, NOW + 7);
    expect(localStorage.getItem('eventHolds')).toBeNull();
    // Nothing held and nothing stored: nothing written, not even a removal (every tab closing, and
    // every view that stops showing an event, writes its holds: with none, storage is not touched).
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem');
    try {
      writeTabHolds('me', [], NOW + 60, NOW + 8);
      expect(localStorage.getItem('eventHolds')).toBeNull();
      expect(setItem).not.toHaveBeenCalled();
      expect(removeItem).not.toHaveBeenCalled();
    } finally {
      setItem.mockRestore();
      removeItem.mockRestore();
    }
  });
});

describe('revocations waiting to be sent (pendingRevocations)', () => {
  const entry = { accessToken: 'a1', refreshToken: 'r1', scope: 'global', at: 1 };

  it('none until one is queued; a well-formed list is read as it is', () => {
    expect(pendingRevocationsStore.read()).toEqual([]);
    const list = [entry, { ...entry, refreshToken: null, scope: 'local' }];
    localStorage.setItem('pendingRevocations', JSON.stringify(list));
    expect(pendingRevocationsStore.read()).toEqual(list);
  });

  it('a list with any entry not of that shape is refused', () => {
    for (const bad of [
      null,
      'a1',
      { ...entry, accessToken: 1 },
      { ...entry, refreshToken: 2 },
      { ...entry, refreshToken: undefined },
      { ...entry, scope: 'all' },
      { ...entry, at: '1' },
    ])
      expect(pendingRevocationsStore.check(JSON.stringify([entry, bad])), JSON.stringify(bad)).toMatchObject({
        ok: false,
      });
    expect(pendingRevocationsStore.check(JSON.stringify(entry))).toMatchObject({ ok: false });
    expect(pendingRevocationsStore.check(JSON.stringify([entry]))).toEqual({ ok: true, value: [entry] });
  });
});
