/**
 * What the ninth mutation pass of src/sync (docs/testing.md, "Ninth pass") found unchecked in the join
 * that holds old events in the account as they arrive (src/sync/cycle.ts `holdChange`, `settleHeld`):
 * which changes are held and which are applied here, what a held event's later changes do, how the end
 * of the pull counts the highest id and the records here, and that what another tab did meanwhile is
 * never written over.
 */
import { describe, expect, it } from 'vitest';
import { isStorageFull, pullChanges, pushChanges, type ArchiveRule, type RemotePort } from '../../src/sync/cycle';
import { hashRecord } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, NarrowDevice, testId } from '../support/fakeSyncServer';

const TODAY = '2026-11-26';
const rule = (keep: number[] = []): ArchiveRule => ({ today: () => TODAY, keep: (id) => keep.includes(id) });
const oldEvent = (id: number | string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName: `Event ${id}`,
  EventDate: '2020-03-10',
  status: 'completed',
  ...extra,
});
const recentEvent = (id: number) => ({ id, EventName: `Event ${id}`, EventDate: '2026-10-01' });

/**
 * A device whose stored state reads as the same object until it is saved again, as the browser's port
 * does: each page is decided once (FakeDevice's fresh object each read has every page decided again).
 */
class SteadyDevice extends FakeDevice {
  private read: { text: string; state: ReturnType<FakeDevice['load']> } | null = null;
  override load() {
    if (this.read?.text !== this.stored) this.read = { text: this.stored, state: super.load() };
    return this.read.state;
  }
}

/** An account holding these records (collection, id, record), pushed by another device in this order. */
async function account(...records: Array<[string, string, object]>) {
  const server = new FakeSyncServer();
  const other = new FakeDevice();
  for (const [collection, id, record] of records) other.put(collection, id, record);
  await pushChanges(other, server.remote(), testId);
  return server;
}

/** The account's port, one change a page, `before(n)` run before the n-th page is answered. */
function paged(server: FakeSyncServer, before: (call: number) => void = () => {}): RemotePort {
  const remote = server.remote();
  let calls = 0;
  return {
    ...remote,
    pull: (since: number) => {
      before(++calls);
      return remote.pull(since, 1);
    },
  };
}

const written = (device: FakeDevice) => device.writes.flat().map((w) => `${w.collection}|${w.record_id}`);

describe('storage full, told apart', () => {
  it('a function named QuotaExceededError is not a refusal of storage', () => {
    function QuotaExceededError() {}
    expect(QuotaExceededError.name).toBe('QuotaExceededError');
    expect(isStorageFull(QuotaExceededError)).toBe(false);
  });
});

describe('what a pull holds in the account and what it applies here', () => {
  it('a record of no event (an item) is written here', async () => {
    const server = await account(['items', 'I1', { id: 'I1', name: 'Forks' }], ['events', '1', oldEvent(1)]);
    const device = new FakeDevice();
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('items', 'I1')).toEqual({ id: 'I1', name: 'Forks' });
  });

  it('an old completed event whose id is not a number is written here, not held', async () => {
    const server = await account(['events', 'abc', oldEvent('abc')], ['events', '1', oldEvent(1)]);
    const device = new FakeDevice();
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('events', 'abc')).toEqual(oldEvent('abc'));
    expect(device.load().shadow['events|abc']).toEqual({ rev: 1, hash: hashRecord(oldEvent('abc')) });
  });

  it('a per-event record that reads like an old completed event is not held as one: it is written here', async () => {
    const odd = { EventDate: '2020-03-10', status: 'completed', quantity: 2 };
    const server = await account(['ingredientList-7', 'L1', odd], ['events', '9', recentEvent(9)]);
    const device = new FakeDevice();
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('ingredientList-7', 'L1')).toEqual(odd);
    expect(device.load().shadow['ingredientList-7|L1']).toEqual({ rev: 1, hash: hashRecord(odd) });
    expect(device.load().returning ?? []).toEqual([]);
  });

  it('an old event with the id of one made here (not synced yet) is a conflict, the one here kept', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '9', recentEvent(9)]);
    const device = new SteadyDevice();
    const mine = { id: 1, EventName: 'Made here', EventDate: '2026-12-01' };
    device.put('events', '1', mine);
    // A conflict from its page on (what a reload between pages finds), never held in the account meanwhile.
    let afterItsPage: unknown;
    const remote = paged(server, (call) => {
      if (call === 2) afterItsPage = device.load();
    });
    await pullChanges(device, remote, testId, rule());
    expect(afterItsPage).toMatchObject({ conflicts: { 'events|1': { mine, theirs: oldEvent(1) } } });
    expect((afterItsPage as { shadow: object }).shadow).not.toHaveProperty('events|1');
    expect(device.get('events', '1')).toEqual(mine);
    expect(device.load().conflicts['events|1']).toBeDefined();
    expect(device.load().shadow['events|1']?.away).toBeUndefined();
  });

  it('a record of a held event that is here already (made here) is a conflict, the one here kept', async () => {
    const theirs = { lineId: 'x', id: 'INV-1', quantity: 3 };
    const mine = { lineId: 'x', id: 'INV-1', quantity: 5 };
    const server = await account(['events', '1', oldEvent(1)], ['ingredientList-1', 'x', theirs]);
    const device = new FakeDevice();
    device.put('ingredientList-1', 'x', mine);
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('ingredientList-1', 'x')).toEqual(mine);
    expect(device.load().conflicts['ingredientList-1|x']).toBeDefined();
    // Its event has a record here: written here too, never an orphaned tool kit.
    expect(device.get('events', '1')).toEqual(oldEvent(1));
  });

  it('a held event’s record deleted in the account is agreed deleted, and the event is still settled at the end', async () => {
    const line = { lineId: 'x', id: 'INV-1', quantity: 3 };
    const server = await account(['events', '1', oldEvent(1)], ['ingredientList-1', 'x', line]);
    const other = new FakeDevice();
    await pullChanges(other, server.remote(), testId);
    other.remove('ingredientList-1', 'x');
    await pushChanges(other, server.remote(), testId);
    const device = new FakeDevice();
    await pullChanges(device, paged(server), testId, rule());
    // Event 1, the only one, is the highest id: it stays here at the end, without the deleted line.
    expect(device.get('events', '1')).toEqual(oldEvent(1));
    expect(device.get('ingredientList-1', 'x')).toBeUndefined();
    const state = device.load();
    expect(state.shadow['events|1']).toEqual({ rev: 1, hash: hashRecord(oldEvent(1)) });
    expect(state.shadow['ingredientList-1|x']).toEqual({ rev: 2, hash: '∅' });
    expect(state.returning ?? []).toEqual([]);
  });
});

describe('the end of the pull: what stays here', () => {
  it('an event here under an id that is not a number does not hide the highest id', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '5', oldEvent(5)]);
    const device = new NarrowDevice();
    device.put('events', 'draft', { id: 'draft', EventName: 'Draft' });
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('events', '5')).toEqual(oldEvent(5));
    expect(device.get('events', '1')).toBeUndefined();
  });

  it('an empty per-event collection here does not keep its event here', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '5', oldEvent(5)]);
    const device = new NarrowDevice();
    device.put('ingredientList-1', 'gone', { lineId: 'gone' });
    device.remove('ingredientList-1', 'gone');
    expect(device.data.get('ingredientList-1')?.size).toBe(0);
    await pullChanges(device, server.remote(), testId, rule());
    expect(device.get('events', '1')).toBeUndefined();
    expect(device.load().shadow['events|1']).toMatchObject({ away: true });
    expect(device.get('events', '5')).toEqual(oldEvent(5));
    // Decided at the end of the pull: never written here, then let go.
    expect(written(device)).toEqual(['events|5']);
    expect(device.evicted.flat()).toEqual([]);
  });

  it('a per-event record another tab took over meanwhile is not counted as held (it owes nothing then)', async () => {
    // Event 1 paid its price but not the tax: with its tax record it owes $130, without it nothing.
    const dinner = {
      pricing: [{ name: 'Dinner', price: 1000, currency: 'CAD' }],
      payments: [{ id: 'P', amount: 1000, date: '2020-03-01', method: 'Card', note: '', reason: '' }],
    };
    const server = await account(
      ['events', '1', oldEvent(1, dinner)],
      ['1-taxPercentage', 'value', { value: 13 }],
      ['events', '5', oldEvent(5)],
      ['items', 'I1', { id: 'I1', name: 'Forks' }],
    );
    const device = new NarrowDevice();
    // Pages: the two events, the tax record (held), the item.
    const remote = paged(server, (call) => {
      if (call !== 4) return;
      // Another tab's sync agreed the tax record as here (not away) after it was held.
      const state = device.load();
      state.shadow['1-taxPercentage|value'] = { rev: 1, hash: state.shadow['1-taxPercentage|value']!.hash };
      device.save(state);
    });
    await pullChanges(device, remote, testId, rule());
    expect(device.get('events', '1')).toBeUndefined();
    expect(device.load().shadow['events|1']).toMatchObject({ away: true });
  });
});

describe('the end of the pull never writes over what another tab did meanwhile', () => {
  it('a held event another tab brought here and the caterer edited stays as edited, looked at again later', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '9', recentEvent(9)]);
    const device = new FakeDevice();
    const edited = oldEvent(1, { EventName: 'Edited in another tab' });
    const remote = paged(server, (call) => {
      if (call !== 2) return;
      const state = device.load();
      expect(state.shadow['events|1']).toMatchObject({ away: true });
      state.shadow['events|1'] = { rev: 1, hash: hashRecord(oldEvent(1)) };
      device.save(state);
      device.put('events', '1', edited);
    });
    await pullChanges(device, remote, testId, rule());
    expect(device.get('events', '1')).toEqual(edited);
    expect(written(device)).toEqual(['events|9']);
    expect(device.load().returning).toEqual([1]);
  });

  it('a held event another tab pulled at a newer revision (still in the account) is not written here', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '9', recentEvent(9)]);
    const device = new FakeDevice();
    const newer = oldEvent(1, { EventName: 'Renamed' });
    const remote = paged(server, (call) => {
      if (call !== 2) return;
      const state = device.load();
      state.shadow['events|1'] = { rev: 2, hash: hashRecord(newer), away: true, date: '2020-03-10' };
      device.save(state);
    });
    await pullChanges(device, remote, testId, rule());
    expect(device.get('events', '1')).toBeUndefined();
    expect(written(device)).toEqual(['events|9']);
    expect(device.load().shadow['events|1']).toMatchObject({ rev: 2, away: true });
    // Left to a later sync to look at again (bringBack), at the revision the other tab pulled.
    expect(device.load().returning).toEqual([1]);
  });

  it('a held event whose agreed state another tab dropped is left alone, the pull not failing', async () => {
    const server = await account(['events', '1', oldEvent(1)], ['events', '9', recentEvent(9)]);
    const device = new FakeDevice();
    const remote = paged(server, (call) => {
      if (call !== 2) return;
      const state = device.load();
      delete state.shadow['events|1'];
      device.save(state);
    });
    await pullChanges(device, remote, testId, rule());
    expect(device.get('events', '1')).toBeUndefined();
    expect(written(device)).toEqual(['events|9']);
  });

  it('a held event’s record another tab brought here and edited is not written over when the event stays', async () => {
    const line = { lineId: 'x', id: 'INV-1', quantity: 3 };
    const edited = { ...line, quantity: 7 };
    const server = await account(
      ['events', '1', oldEvent(1)],
      ['ingredientList-1', 'x', line],
      ['items', 'I1', { id: 'I1', name: 'Forks' }],
    );
    const device = new FakeDevice();
    // Pages: the event, its line (both held), the item.
    const remote = paged(server, (call) => {
      if (call !== 3) return;
      const state = device.load();
      state.shadow['ingredientList-1|x'] = { rev: 1, hash: hashRecord(line) };
      device.save(state);
      device.put('ingredientList-1', 'x', edited);
    });
    await pullChanges(device, remote, testId, rule());
    // Event 1 is the highest id: written here, its line as edited here.
    expect(device.get('events', '1')).toEqual(oldEvent(1));
    expect(device.get('ingredientList-1', 'x')).toEqual(edited);
    expect(written(device)).toEqual(['items|I1', 'events|1']);
  });
});
