/**
 * Issue 24 part 7, "Bigger than a browser": a device joins an account whose events and tool kits do not fit
 * its storage. Old completed events (and their tool kits) are decided "in your account only" as they
 * arrive, never written here then let go; what this browser needs is kept; and when even that does not
 * fit, the caterer is told why (not a silent drop, not a stuck sync) and nothing already agreed is lost.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { syncMachine, type SyncFacts } from '../../src/machines/sync/sync.machine';
import { syncStatus } from '../../src/machines/sync/sync.connect';
import {
  pullChanges,
  pushChanges,
  STORAGE_FULL_MESSAGE,
  SyncStorageFull,
  type ArchiveRule,
} from '../../src/sync/cycle';
import { awayEventIds } from '../../src/sync/archive';
import { hashRecord, type LocalWrite, type SyncState } from '../../src/sync/engine';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const TODAY = '2026-11-26';
const rule: ArchiveRule = { today: () => TODAY, keep: () => false };
const OLD = 150;

const event = (id: number, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName: `Event ${id}`,
  CustomerFirstName: 'Ada',
  CustomerLastName: 'Hart',
  NumberOfGuests: 40,
  EventDate: date,
  notes: 'A long note about the menu, the room and the guests. '.repeat(4),
  ...extra,
});
const line = (n: number, l: number) => ({
  lineId: `L${n}-${l}`,
  id: `INV-${l}`,
  quantity: 3,
  note: 'Prepared the day before, kept cold.',
});
const dinner = { pricing: [{ name: 'Dinner', price: 1000, currency: 'CAD' }] };
const paid = (amount: number) => [{ id: 'P-1', amount, date: '2020-03-01', method: 'Card', note: '', reason: '' }];

/**
 * Events 1..OLD: completed years ago, owing nothing (each with five ingredient lines), except event 7 (paid
 * 1,000 of a dinner whose 13% tax is in its tool kit, pulled pages after it: it owes 130). 200..202: this
 * year. 300: an old enquiry. 400: the highest id (old, completed). Events first, then the tool kits (as
 * the account sends them when they were made in that order), so the tool kits come pages later.
 */
async function bigAccount() {
  const server = new FakeSyncServer();
  const other = new FakeDevice();
  const oldIds = Array.from({ length: OLD }, (_, n) => n + 1);
  for (const id of oldIds)
    other.put(
      'events',
      String(id),
      event(id, `20${18 + (id % 5)}-0${1 + (id % 9)}-10`, {
        status: 'completed',
        ...(id === 7 ? { ...dinner, payments: paid(1000) } : {}),
      }),
    );
  for (const id of [200, 201, 202]) other.put('events', String(id), event(id, '2026-09-0' + (id - 199)));
  other.put('events', '300', event(300, '2019-05-05', { status: 'enquiry' }));
  other.put('events', '400', event(400, '2019-06-06', { status: 'completed' }));
  // (Event 7's ingredient lines would price it otherwise: its tax is its tool kit.)
  for (const id of [...oldIds, 200, 201, 202, 300, 400])
    for (let l = 0; l < 5 && id !== 7; l++) other.put(`ingredientList-${id}`, `L${id}-${l}`, line(id, l));
  other.put('7-taxPercentage', 'value', { value: 13 });
  for (let n = 0; n < 40; n++) other.put('inventoryItems', `INV-${n}`, { id: `INV-${n}`, name: `Item ${n}` });
  await pushChanges(other, server.remote(), testId);
  return { server, other };
}

/** What this browser must keep of the account: all but the old completed events owing nothing. */
const needed = new Set([7, 200, 201, 202, 300, 400]);

/** Characters of a device's data, as localStorage would hold it (roughly: each record's JSON). */
const charsOf = (data: Map<string, Map<string, object>>) => {
  let n = 0;
  for (const records of data.values()) for (const record of records.values()) n += JSON.stringify(record).length;
  return n;
};

/** A device whose storage refuses a write that would take its data past `quota` characters (as Chromium's). */
class SmallDevice extends FakeDevice {
  constructor(readonly quota: number) {
    super();
  }
  override write(writes: readonly LocalWrite[]) {
    const before = this.snapshot();
    super.write(writes);
    if (charsOf(this.data) > this.quota) {
      this.data = before;
      this.writes.pop();
      throw Object.assign(new Error('Browser storage is full.'), { name: 'QuotaExceededError', reason: 'quota' });
    }
  }
}

/** The account's data split into what this browser needs and the rest. */
function sizes(other: FakeDevice) {
  const need = new Map<string, Map<string, object>>();
  for (const [collection, records] of other.data) {
    const owner = collection === 'events' ? null : /(\d+)/.exec(collection)?.[1];
    if (collection === 'events') need.set('events', new Map([...records].filter(([id]) => needed.has(Number(id)))));
    else if (owner === undefined || owner === null || needed.has(Number(owner))) need.set(collection, records);
  }
  return { all: charsOf(other.data), needed: charsOf(need) };
}

/** Every record the stored state agrees on (and not kept only in the account) is stored here as agreed. */
function agreedIsStored(device: FakeDevice) {
  const state = device.load();
  for (const [key, entry] of Object.entries(state.shadow)) {
    if (entry.away || entry.hash === hashRecord(null)) continue;
    const at = key.indexOf('|');
    expect(hashRecord(device.get(key.slice(0, at), key.slice(at + 1)) ?? null), key).toBe(entry.hash);
  }
}

describe('joining an account bigger than this browser', () => {
  it('completes, with old completed events and their tool kits kept only in the account, never written here', async () => {
    const { server, other } = await bigAccount();
    const { all, needed: need } = sizes(other);
    const device = new SmallDevice(Math.round(need * 1.5));
    expect(all).toBeGreaterThan(device.quota * 3);
    await pullChanges(device, server.remote(), testId, rule);
    const state: SyncState = device.load();
    const here = [...(device.data.get('events')?.keys() ?? [])].map(Number).sort((a, b) => a - b);
    expect(here).toEqual([...needed].sort((a, b) => a - b));
    // Event 7 owes the tax its tool kit holds (pulled pages after it): here, with its tool kit.
    expect(device.get('7-taxPercentage', 'value')).toEqual({ value: 13 });
    expect(device.data.get('ingredientList-201')?.size).toBe(5);
    const away = awayEventIds(state);
    expect(away).toHaveLength(OLD - 1);
    expect(away).not.toContain(7);
    expect(state.shadow['ingredientList-3|L3-0']).toMatchObject({ away: true });
    expect(state.shadow['events|3']).toMatchObject({ away: true, date: '2021-04-10' });
    expect(state.returning ?? []).toEqual([]);
    // Decided before they were written: no old event, nor its tool kit, was ever written here, nor let go.
    const written = device.writes.flat();
    expect(written.filter((w) => w.collection === 'events' && !needed.has(Number(w.record_id)))).toEqual([]);
    expect(written.filter((w) => w.collection === 'ingredientList-3')).toEqual([]);
    expect(device.evicted.flat()).toEqual([]);
    agreedIsStored(device);
    // Nothing to send back: no deletes, no changes.
    const pushed = await pushChanges(device, server.remote(), testId, rule);
    expect(pushed.pending).toBe(0);
    expect([...server.rows.values()].filter((r) => r.deleted)).toHaveLength(0);
    expect(server.record('events', '3')).toMatchObject({ id: 3, status: 'completed' });
  });

  it('a pull cut short keeps what it held in the account, to be looked at again (returning), and loses nothing', async () => {
    const { server, other } = await bigAccount();
    const device = new SmallDevice(Math.round(sizes(other).needed * 1.5));
    // The page reloads while the tool kits come in (the second page's request).
    const remote = server.remote();
    let calls = 0;
    const reload = new Error('reloaded');
    const cut = {
      ...remote,
      pull: (since: number, max: number) => (++calls === 2 ? Promise.reject(reload) : remote.pull(since, max)),
    };
    await expect(pullChanges(device, cut, testId, rule)).rejects.toBe(reload);
    const state = device.load();
    expect(state.cursor).toBeGreaterThan(0);
    expect(state.returning?.length).toBeGreaterThan(100);
    agreedIsStored(device);
    await pullChanges(device, server.remote(), testId, rule);
    agreedIsStored(device);
    expect(device.get('events', '200')).toBeDefined();
  });
});

describe('when even what this browser needs does not fit', () => {
  it('stops with a clear message, and what was agreed before stays stored', async () => {
    const { server, other } = await bigAccount();
    const device = new SmallDevice(Math.round(sizes(other).needed * 0.5));
    const failure = await pullChanges(device, server.remote(), testId, rule).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SyncStorageFull);
    expect((failure as Error).message).toBe(STORAGE_FULL_MESSAGE);
    expect((failure as { kind: string }).kind).toBe('fatal');
    agreedIsStored(device);
    // Nothing of this device's is sent as a delete or a change.
    const state = device.load();
    expect(Object.keys(state.outbox)).toHaveLength(0);
  });

  it('the sync says so, with Retry, instead of retrying on its own or dropping records', async () => {
    const { server, other } = await bigAccount();
    const device = new SmallDevice(Math.round(sizes(other).needed * 0.5));
    const actor = createActor(
      syncMachine.provide({
        actors: {
          pull: fromPromise(() => pullChanges(device, server.remote(), testId, rule)),
          push: fromPromise(() => pushChanges(device, server.remote(), testId, rule)),
          wait: fromPromise(() => new Promise<void>(() => {})),
        },
        actions: { rememberOn: () => {}, rememberOff: () => {}, announceJoined: () => {} },
      }),
    ).start();
    const facts: SyncFacts = { demo: false, device: 'on', accountSyncs: true, counts: {}, pending: 0 };
    actor.send({ type: 'sync.facts', facts });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(syncStatus(actor.getSnapshot())).toMatchObject({
      tone: 'failed',
      text: 'Could not sync — Retry',
      canRetry: true,
      detail: STORAGE_FULL_MESSAGE,
    });
    actor.stop();
  });
});
