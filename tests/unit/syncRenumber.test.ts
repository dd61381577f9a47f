/**
 * A new event added on two devices before they sync (src/sync/renumber.ts, src/sync/cycle.ts
 * `renumberNewEvents`, docs/sync.md): both get "max id + 1", the same id. The second to sync moves its own
 * to a free id, with its ingredient and staff lists, discount and tax, quotes and invoices and the customer
 * made for it, so both bookings are kept whole on every device, and no conflict asks to choose one.
 */
import { describe, expect, it } from 'vitest';
import { pullChanges, pushChanges, renumberNewEvents, type RemotePort } from '../../src/sync/cycle';
import { DELETED, emptySyncState, hashRecord, keyOf, type OutboxEntry, type SyncState } from '../../src/sync/engine';
import { customerIdOf } from '../../src/domain/customers';
import { newEventIds, planRenumbering } from '../../src/sync/renumber';
import { FakeDevice, FakeSyncServer, testId } from '../support/fakeSyncServer';

const event = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  EventName: name,
  EventDate: '2027-03-0' + String(id % 9 || 1),
  CustomerFirstName: name.split(' ')[0],
  CustomerLastName: 'Client',
  NumberOfGuests: 40,
  ...extra,
});

async function sync(device: FakeDevice, remote: RemotePort) {
  const pulled = await pullChanges(device, remote, testId);
  await pushChanges(device, remote, testId);
  return pulled;
}

/** A server and two devices that have both synced once (nothing in the account yet). */
async function twoSyncedDevices() {
  const server = new FakeSyncServer();
  const remote = server.remote();
  const a = new FakeDevice();
  const b = new FakeDevice();
  a.put('events', '1', event(1, 'Agreed lunch'));
  await sync(a, remote);
  await sync(b, remote);
  return { server, remote, a, b };
}

/** Event `id` added on a device with its Tool Kit: a line, staff, tax, a customer made for it and an invoice. */
function addBooking(device: FakeDevice, id: number, name: string, item: string) {
  device.put('events', String(id), event(id, name, { customerId: `c${id}` }));
  device.put(`ingredientList-${id}`, `L-${item}-0`, { lineId: `L-${item}-0`, id: item, quantity: 5 });
  device.put(`staffList-${id}`, `S-${name}`, { id: `S-${name}`, employeeId: 'E-1', role: 'Server' });
  device.put(`${id}-taxPercentage`, 'value', { value: name.length });
  device.put('customers', `c${id}`, { id: `c${id}`, firstName: name, lastName: 'Client', email: '', phone: '' });
  device.put('issuedDocuments', `D-${name}`, { id: `D-${name}`, kind: 'invoice', eventId: id, eventName: name });
}

describe('a new event added on two devices before they sync', () => {
  it('keeps both bookings whole: the second to sync moves its own to a free id, with everything that names it', async () => {
    const { server, remote, a, b } = await twoSyncedDevices();
    addBooking(a, 2, 'Smith wedding', 'INV-1');
    addBooking(b, 2, 'Jones gala', 'INV-1');
    await sync(a, remote);
    const pulled = await sync(b, remote);

    expect(pulled.moved).toEqual([{ from: 2, to: 3, name: 'Jones gala' }]);
    expect(pulled.conflicts).toEqual([]);
    expect(b.get('events', '2')).toMatchObject({ EventName: 'Smith wedding', customerId: 'c2' });
    expect(b.get('events', '3')).toMatchObject({ id: 3, EventName: 'Jones gala', customerId: 'c3' });
    // Its lists, tax, customer and invoice moved with it; A's came in under id 2.
    expect(b.get('ingredientList-3', 'L-INV-1-0')).toMatchObject({ quantity: 5 });
    expect(b.get('staffList-3', 'S-Jones gala')).toBeDefined();
    expect(b.get('staffList-2', 'S-Jones gala')).toBeUndefined();
    expect(b.get('staffList-2', 'S-Smith wedding')).toBeDefined();
    expect(b.get('3-taxPercentage', 'value')).toEqual({ value: 'Jones gala'.length });
    expect(b.get('2-taxPercentage', 'value')).toEqual({ value: 'Smith wedding'.length });
    expect(b.get('customers', 'c3')).toMatchObject({ id: 'c3', firstName: 'Jones gala' });
    expect(b.get('customers', 'c2')).toMatchObject({ firstName: 'Smith wedding' });
    expect(b.get('issuedDocuments', 'D-Jones gala')).toMatchObject({ eventId: 3 });
    expect(b.get('issuedDocuments', 'D-Smith wedding')).toMatchObject({ eventId: 2 });

    // The account has both, each whole, and A gets B's at its new id.
    expect(server.record('events', '2')).toMatchObject({ EventName: 'Smith wedding' });
    expect(server.record('events', '3')).toMatchObject({ EventName: 'Jones gala' });
    expect(server.record('staffList-3', 'S-Jones gala')).toBeDefined();
    expect(server.record('staffList-2', 'S-Jones gala')).toBeUndefined();
    const atA = await sync(a, remote);
    expect(atA.conflicts).toEqual([]);
    expect(atA.moved).toBeUndefined();
    expect(a.get('events', '3')).toMatchObject({ EventName: 'Jones gala', customerId: 'c3' });
    expect(a.get('ingredientList-3', 'L-INV-1-0')).toBeDefined();
    expect(a.get('issuedDocuments', 'D-Jones gala')).toMatchObject({ eventId: 3 });
    // Nothing left to send on either device.
    expect(Object.keys(a.load().outbox)).toEqual([]);
    expect(Object.keys(b.load().outbox)).toEqual([]);
  });

  it('moves above every id the account or this device knows: deleted ids, tombstones, events kept only in the account', async () => {
    const { server, remote, a, b } = await twoSyncedDevices();
    a.put('events', '2', event(2, 'Theirs'));
    a.put('deletedEventIds', '9', { id: 9 });
    await sync(a, remote);
    // Here: an event kept only in the account under 30, and a deleted id 15.
    b.put('events', '2', event(2, 'Mine'));
    b.put('deletedEventIds', '15', { id: 15 });
    server.eventIdCalls.length = 0;
    const state = b.load();
    b.save({ ...state, shadow: { ...state.shadow, 'events|30': { rev: 1, hash: 'x', away: true } } });
    expect((await pullChanges(b, remote, testId)).moved).toEqual([{ from: 2, to: 31, name: 'Mine' }]);
    expect(server.eventIdCalls).toEqual([['2']]);

    // The account's deleted-event ids and tombstones count as taken too.
    const { remote: r2, a: a2, b: b2, server: s2 } = await twoSyncedDevices();
    a2.put('events', '2', event(2, 'Gone'));
    a2.put('deletedEventIds', '20', { id: 20 });
    await sync(a2, r2);
    a2.remove('events', '2');
    await sync(a2, r2);
    expect(s2.rows.get('events|2')?.deleted).toBe(true);
    b2.put('events', '2', event(2, 'Mine'));
    expect((await pullChanges(b2, r2, testId)).moved).toEqual([{ from: 2, to: 21, name: 'Mine' }]);
  });

  it('two new events of one device colliding move in id order, each to its own free id', async () => {
    const { remote, a, b } = await twoSyncedDevices();
    a.put('events', '2', event(2, 'A two'));
    a.put('events', '3', event(3, 'A three'));
    await sync(a, remote);
    b.put('events', '3', event(3, 'B three'));
    b.put('events', '2', event(2, 'B two'));
    b.put('events', '4', event(4, 'B four'));
    const pulled = await sync(b, remote);
    // 4 is free in the account: it stays; 2 and 3 move above it.
    expect(pulled.moved).toEqual([
      { from: 2, to: 5, name: 'B two' },
      { from: 3, to: 6, name: 'B three' },
    ]);
    expect([...b.data.get('events')!.values()].map((e) => (e as { EventName: string }).EventName).sort()).toEqual([
      'A three',
      'A two',
      'Agreed lunch',
      'B four',
      'B three',
      'B two',
    ]);
  });

  it('moves the customer made for the event, and points this device’s other new events of that customer at it', async () => {
    const { remote, a, b } = await twoSyncedDevices();
    a.put('events', '2', event(2, 'Theirs', { customerId: 'c2' }));
    a.put('customers', 'c2', { id: 'c2', firstName: 'Theirs', lastName: 'Client', email: '', phone: '' });
    await sync(a, remote);
    b.put('events', '2', event(2, 'Mine', { customerId: 'c2' }));
    b.put('events', '3', event(3, 'Mine again', { customerId: 'c2' }));
    b.put('customers', 'c2', { id: 'c2', firstName: 'Mine', lastName: 'Client', email: '', phone: '' });
    // A customer of mine already named c4 (made for an event deleted since): the moved one takes c4-2.
    b.put('customers', 'c4', { id: 'c4', firstName: 'Older', lastName: 'Client', email: '', phone: '' });
    const pulled = await sync(b, remote);
    expect(pulled.moved).toEqual([{ from: 2, to: 4, name: 'Mine' }]);
    expect(pulled.conflicts).toEqual([]);
    expect(b.get('events', '4')).toMatchObject({ EventName: 'Mine', customerId: 'c4-2' });
    expect(b.get('events', '3')).toMatchObject({ EventName: 'Mine again', customerId: 'c4-2' });
    expect(b.get('customers', 'c4-2')).toMatchObject({ firstName: 'Mine' });
    expect(b.get('customers', 'c2')).toMatchObject({ firstName: 'Theirs' });
    expect(b.get('customers', 'c4')).toMatchObject({ firstName: 'Older' });
    expect(b.get('events', '2')).toMatchObject({ EventName: 'Theirs', customerId: 'c2' });
  });

  it('keeps an event the account holds as this device sent it (a push applied whose answer was lost): no copy', async () => {
    const { server, remote, b } = await twoSyncedDevices();
    b.put('events', '2', event(2, 'Mine'));
    server.loseNextAnswer = true;
    await expect(pushChanges(b, remote, testId)).rejects.toThrow();
    expect(b.load().shadow['events|2']).toBeUndefined();
    const pulled = await sync(b, remote);
    expect(pulled.moved).toBeUndefined();
    expect(pulled.conflicts).toEqual([]);
    expect([...b.data.get('events')!.keys()].sort()).toEqual(['1', '2']);
    expect([...server.rows.keys()].filter((k) => k.startsWith('events|')).sort()).toEqual(['events|1', 'events|2']);

    // Changed here after that push: the account's version is one this device sent before, still its own.
    b.put('events', '3', event(3, 'Mine too'));
    server.loseNextAnswer = true;
    await expect(pushChanges(b, remote, testId)).rejects.toThrow();
    b.put('events', '3', event(3, 'Mine too, renamed'));
    const again = await sync(b, remote);
    expect(again.moved).toBeUndefined();
    expect(again.conflicts).toEqual([]);
    expect(server.record('events', '3')).toMatchObject({ EventName: 'Mine too, renamed' });
    expect(server.record('events', '4')).toBeUndefined();
  });

  it('asks nothing on a first sync (a join merges by id, conflicts shown), with nothing new, or of a server without it', async () => {
    const server = new FakeSyncServer();
    const remote = server.remote();
    const a = new FakeDevice();
    a.put('events', '2', event(2, 'Theirs'));
    await sync(a, remote);
    const joining = new FakeDevice();
    joining.put('events', '2', event(2, 'Mine'));
    const joined = await pullChanges(joining, remote, testId);
    expect(server.eventIdCalls).toEqual([]);
    expect(joined.moved).toBeUndefined();
    expect(joined.conflicts.map((c) => c.key)).toEqual(['events|2']);

    // Synced, nothing new here: nothing asked.
    await sync(a, remote);
    expect(server.eventIdCalls).toEqual([]);

    // An older server (no sync_event_ids): nothing moved, the collision is a conflict as before.
    const older: RemotePort = { push: remote.push, pull: remote.pull };
    const b = new FakeDevice();
    await sync(b, older);
    b.put('events', '3', event(3, 'Mine'));
    a.put('events', '3', event(3, 'Theirs'));
    await sync(a, remote);
    const pulled = await pullChanges(b, older, testId);
    expect(pulled.moved).toBeUndefined();
    expect(pulled.conflicts.map((c) => c.key)).toEqual(['events|3']);
    const answered: RemotePort = { ...remote, eventIds: async () => null };
    expect(await renumberNewEvents(b, answered)).toEqual([]);
  });

  it('changes nothing when the account cannot be asked or storage refuses the move, and tries again at the next sync', async () => {
    const { server, remote, a, b } = await twoSyncedDevices();
    a.put('events', '2', event(2, 'Theirs'));
    await sync(a, remote);
    b.put('events', '2', event(2, 'Mine'));
    server.failures.push('offline');
    await expect(pullChanges(b, remote, testId)).rejects.toThrow('failed: offline');
    expect(b.get('events', '2')).toMatchObject({ EventName: 'Mine' });
    b.refuseWrites = true;
    await expect(pullChanges(b, remote, testId)).rejects.toThrow();
    expect(b.get('events', '2')).toMatchObject({ EventName: 'Mine' });
    expect(b.load().cursor).toBe(a.load().cursor - 1);
    b.refuseWrites = false;
    expect((await sync(b, remote)).moved).toEqual([{ from: 2, to: 3, name: 'Mine' }]);
    expect(b.get('events', '2')).toMatchObject({ EventName: 'Theirs' });
  });
});

describe('planRenumbering', () => {
  const agreed = (state: SyncState, collection: string, id: string, record: object | null): SyncState => ({
    ...state,
    shadow: { ...state.shadow, [keyOf(collection, id)]: { rev: 1, hash: hashRecord(record) } },
  });

  it('lists as new only events never agreed and not in a conflict', () => {
    let state: SyncState = { ...emptySyncState(), lastSyncedAt: 1 };
    state = agreed(state, 'events', '1', {});
    state.conflicts['events|3'] = {
      key: 'events|3',
      collection: 'events',
      record_id: '3',
      mine: {},
      theirs: {},
      theirsRev: 1,
    };
    const events = new Map<string, object>([
      ['1', {}],
      ['2', {}],
      ['3', {}],
      ['x', {}],
      ['0', {}],
    ]);
    expect(newEventIds(state, events)).toEqual(['2']);
    expect(newEventIds(state, undefined)).toEqual([]);
  });

  it('moves only what was never agreed of its per-event keys, and leaves the outbox of the old keys out', () => {
    let state: SyncState = { ...emptySyncState(), lastSyncedAt: 1 };
    const line = { lineId: 'L1', id: 'INV-1', quantity: 2 };
    state = agreed(state, 'ingredientList-2', 'L-old', line);
    state.outbox['events|2'] = {
      collection: 'events',
      record_id: '2',
      base_rev: null,
      record: null,
      deleted: false,
      client_change_id: 'c-1',
      hash: 'h',
      localRev: 1,
      previous: [],
    };
    const data = new Map([
      ['events', new Map<string, object>([['2', event(2, 'Mine')]])],
      [
        'ingredientList-2',
        new Map<string, object>([
          ['L1', line],
          ['L-old', line],
        ]),
      ],
    ]);
    const plan = planRenumbering(state, data, ['2'], {
      events: [{ id: '2', rev: 1, record: event(2, 'Theirs'), deleted: false }],
      highest: 2,
    });
    expect(plan.moves).toEqual([{ from: 2, to: 3, name: 'Mine' }]);
    expect(plan.writes).toEqual([
      { collection: 'events', record_id: '2', record: null },
      { collection: 'events', record_id: '3', record: { ...event(2, 'Mine'), id: 3 } },
      { collection: 'ingredientList-2', record_id: 'L1', record: null },
      { collection: 'ingredientList-3', record_id: 'L1', record: line },
    ]);
    expect(plan.state.outbox).toEqual({});
    // The account's answer naming an id not asked, or its own event: nothing moves.
    expect(
      planRenumbering(state, data, ['2'], {
        events: [{ id: '2', rev: 1, record: event(2, 'Mine'), deleted: false }],
        highest: 2,
      }).moves,
    ).toEqual([]);
    expect(
      planRenumbering(state, data, [], { events: [{ id: '2', rev: 1, record: null, deleted: true }], highest: 9 })
        .moves,
    ).toEqual([]);
  });
});

describe('planRenumbering: what moves, where to, and what stays', () => {
  const mine = (id: number, extra: Record<string, unknown> = {}) => event(id, 'Mine', extra);
  const theirs = (id: string) => ({ id, rev: 1, record: event(Number(id), 'Theirs'), deleted: false });
  const base: SyncState = { ...emptySyncState(), lastSyncedAt: 1 };
  const snapshot = (entries: Record<string, Record<string, object>>) =>
    new Map(Object.entries(entries).map(([c, records]) => [c, new Map(Object.entries(records))]));
  const shadowOf = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, { rev: 1, hash: 'h' }]));
  const outboxEntry = (collection: string, id: string, extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
    collection,
    record_id: id,
    base_rev: null,
    record: null,
    deleted: false,
    client_change_id: `c-${collection}-${id}`,
    hash: 'x',
    localRev: 1,
    previous: [],
    ...extra,
  });

  it('asks only about event ids of digits, not starting with 0, at most 15 of them', () => {
    const events = new Map<string, object>(
      ['1', '02', '1a', 'a1', '12x3', '999999999999999', '1000000000000000', '7'].map((id) => [id, {}]),
    );
    expect(newEventIds(base, events)).toEqual(['1', '999999999999999', '7']);
  });

  it('moves over a deleted event of the account (its id stays taken), even when this device once sent a delete', () => {
    const data = snapshot({ events: { '2': mine(2) } });
    const state = { ...base, outbox: { 'events|2': outboxEntry('events', '2', { hash: 'y', previous: [DELETED] }) } };
    const plan = planRenumbering(state, data, ['2'], {
      events: [{ id: '2', rev: 2, record: null, deleted: true }],
      highest: 2,
    });
    expect(plan.moves).toEqual([{ from: 2, to: 3, name: 'Mine' }]);
  });

  it('takes the account’s highest id only when it is a whole number above 0, and every id known here', () => {
    const data = snapshot({
      events: { '2': mine(2) },
      deletedEventIds: { '5': { id: 5 } },
      'ingredientList-8': { L1: { lineId: 'L1' } },
      'x-taxPercentage': { value: { value: 1 } },
    });
    const to = (highest: number, state: SyncState = base) =>
      planRenumbering(state, data, ['2'], { events: [theirs('2')], highest }).moves[0]!.to;
    expect(to(0)).toBe(9);
    expect(to(-40)).toBe(9);
    expect(to(Number.NaN)).toBe(9);
    expect(to(12.5)).toBe(9);
    expect(to(Number.MAX_SAFE_INTEGER + 2)).toBe(9);
    expect(to(20)).toBe(21);
    // Ids agreed with the account: events, deleted ids and per-event keys (an event kept only there too).
    expect(to(3, { ...base, shadow: shadowOf('events|30') })).toBe(31);
    expect(to(3, { ...base, shadow: shadowOf('deletedEventIds|40') })).toBe(41);
    expect(to(3, { ...base, shadow: shadowOf('staffList-50|A1') })).toBe(51);
    expect(to(3, { ...base, shadow: shadowOf('60-discountPercentage|value', 'customers|c70', 'events|x') })).toBe(61);
  });

  it('names a move by the event’s name, or none', () => {
    const data = snapshot({ events: { '2': { id: 2 } } });
    expect(planRenumbering(base, data, ['2'], { events: [theirs('2')], highest: 2 }).moves).toEqual([
      { from: 2, to: 3, name: '' },
    ]);
  });

  it('keeps the outbox of every other record, and of the moved one drops only its old keys', () => {
    const data = snapshot({ events: { '2': mine(2), '1': mine(1) }, 'ingredientList-2': { L1: { lineId: 'L1' } } });
    const state = {
      ...base,
      outbox: {
        'events|2': outboxEntry('events', '2'),
        'ingredientList-2|L1': outboxEntry('ingredientList-2', 'L1'),
        'suppliers|S1': outboxEntry('suppliers', 'S1'),
      },
    };
    const plan = planRenumbering(state, data, ['2'], { events: [theirs('2')], highest: 2 });
    expect(Object.keys(plan.state.outbox)).toEqual(['suppliers|S1']);
    expect(plan.state.shadow).toBe(state.shadow);
    // Nothing collides: the same state, nothing written.
    const none = planRenumbering(state, data, ['2'], { events: [], highest: 9 });
    expect(none).toEqual({ moves: [], writes: [], state });
    expect(none.state).toBe(state);
  });

  it('moves the customer made for the event only: not one chosen from the list, not one agreed, once for two events', () => {
    const customer = (id: string) => ({ id, firstName: id, lastName: 'Client', email: '', phone: '' });
    const data = snapshot({
      events: {
        '2': mine(2, { customerId: 'c2' }),
        '3': mine(3, { customerId: 'c1' }),
        '4': mine(4, { customerId: 'c4' }),
        '5': mine(5, { customerId: 'c2' }),
        '6': mine(6, { customerId: 'c6' }),
        '9': mine(9, { customerId: 'c2' }),
      },
      customers: { c1: customer('c1'), c2: customer('c2'), c4: customer('c4') },
      issuedDocuments: {
        D2: { id: 'D2', eventId: 2 },
        D3: { id: 'D3', eventId: 3 },
        D5: { id: 'D5', eventId: 5 },
        D9: { id: 'D9', eventId: 9 },
      },
    });
    // c4 is agreed with the account; c6 is not here; c10-… : an id the account holds (kept only there).
    const state = { ...base, shadow: shadowOf('customers|c4', 'issuedDocuments|D5', 'customers|c10') };
    const plan = planRenumbering(state, data, ['2', '3', '4', '5', '6'], {
      events: ['2', '3', '4', '5', '6'].map(theirs),
      highest: 9,
    });
    expect(plan.moves.map((m) => [m.from, m.to])).toEqual([
      [2, 10],
      [3, 11],
      [4, 12],
      [5, 13],
      [6, 14],
    ]);
    const written = (collection: string) =>
      plan.writes
        .filter((w) => w.collection === collection)
        .map((w) => [w.record_id, w.record && (w.record as { id: string }).id]);
    expect(written('customers')).toEqual([
      ['c2', null],
      ['c10-2', 'c10-2'],
    ]);
    const eventsWritten = Object.fromEntries(
      plan.writes
        .filter((w) => w.collection === 'events' && w.record)
        .map((w) => [w.record_id, customerIdOf(w.record!)]),
    );
    // Each moved event keeps its customer, the one made for 2 under its new id; 9 (not moved) names it too.
    expect(eventsWritten).toEqual({ '10': 'c10-2', '11': 'c1', '12': 'c4', '13': 'c10-2', '14': 'c6', '9': 'c10-2' });
    // Invoices: those of moved events, not agreed ones (D5), not another event's (D9).
    expect(plan.writes.filter((w) => w.collection === 'issuedDocuments')).toEqual([
      { collection: 'issuedDocuments', record_id: 'D2', record: { id: 'D2', eventId: 10 } },
      { collection: 'issuedDocuments', record_id: 'D3', record: { id: 'D3', eventId: 11 } },
    ]);
  });
  it('finds a free customer id among the customers here and the account’s (not other collections’ ids)', () => {
    const customer = (id: string) => ({ id, firstName: id, lastName: 'Client', email: '', phone: '' });
    const data = snapshot({
      events: { '2': mine(2, { customerId: 'c2' }) },
      customers: { c2: customer('c2'), 'c3-2': customer('c3-2') },
    });
    const plan = (shadow: string[]) =>
      planRenumbering({ ...base, shadow: shadowOf(...shadow) }, data, ['2'], { events: [theirs('2')], highest: 2 })
        .writes.filter((w) => w.collection === 'customers' && w.record)
        .map((w) => w.record_id);
    // An employee's id "c3" is not a customer's.
    expect(plan(['employees|c3'])).toEqual(['c3']);
    expect(plan(['customers|c3'])).toEqual(['c3-3']);
    // No customers here at all: the event moves, naming the customer it named.
    const bare = snapshot({ events: { '2': mine(2, { customerId: 'c2' }) } });
    const moved = planRenumbering(base, bare, ['2'], { events: [theirs('2')], highest: 2 });
    expect(moved.writes.map((w) => w.collection)).toEqual(['events', 'events']);
    expect(customerIdOf(moved.writes[1]!.record!)).toBe('c2');
  });

  it('moves nothing when the events asked about are gone from here meanwhile', () => {
    const plan = planRenumbering(base, snapshot({ suppliers: {} }), ['2'], { events: [theirs('2')], highest: 2 });
    expect(plan.moves).toEqual([]);
  });

  it('counts the deleted ids here, but not one too large to be an id', () => {
    const to = (deleted: string) =>
      planRenumbering(base, snapshot({ events: { '2': mine(2) }, deletedEventIds: { [deleted]: {} } }), ['2'], {
        events: [theirs('2')],
        highest: 2,
      }).moves[0]!.to;
    expect(to('15')).toBe(16);
    expect(to('99999999999999999999')).toBe(3);
  });
});
