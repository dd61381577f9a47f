/**
 * The account's sync functions (docs/sync.md: sync_push, sync_pull) as an in-memory fake, and a
 * device (its data and its stored sync state) as another: for the unit and model tests of the
 * client's sync. The real functions are proven in tests/db/contract.test.ts.
 */
import type { ArchivePort, LocalPort, PullPage, RemotePort, TakenEventIds } from '../../src/sync/cycle';
import { eventIdOfCollection } from '../../src/sync/archive';
import {
  emptySyncState,
  forStorage,
  type LocalWrite,
  type PushResult,
  type Snapshot,
  type SyncState,
} from '../../src/sync/engine';
import { SyncFailure } from '../../src/sync/remote';

interface Row {
  rev: number;
  record: object | null;
  deleted: boolean;
  change_seq: number;
}

export class FakeSyncServer {
  rows = new Map<string, Row>();
  applied = new Map<string, PushResult>();
  seq = 0;
  /** Calls to fail before answering ('offline', 'retry', 'fatal'), in order. */
  failures: Array<'offline' | 'retry' | 'fatal'> = [];
  /** Applies the next push, then loses the answer (as a connection dropped after the commit). */
  loseNextAnswer = false;
  pushes = 0;

  /** sync_push_many calls: the number of changes of each, and the most that were in flight at once. */
  manyCalls: number[] = [];
  manyInFlight = 0;
  mostManyInFlight = 0;

  /**
   * The account's port. `many`: with sync_push_many (at most 2,000 changes a call; `missing`: the server
   * does not have it; `tooLargeOver`: a request of more characters is refused with 413; `delays`: the
   * milliseconds each call waits before it is applied, in call order, so later calls may be applied first).
   */
  remote(many?: { missing?: boolean; tooLargeOver?: number; delays?: number[] }): RemotePort {
    const port = this.basicRemote();
    if (!many) return port;
    return {
      ...port,
      pushMany: async (changes) => {
        const call = this.manyCalls.push(changes.length) - 1;
        this.manyInFlight++;
        this.mostManyInFlight = Math.max(this.mostManyInFlight, this.manyInFlight);
        try {
          await new Promise((resolve) => setTimeout(resolve, many.delays?.[call] ?? 0));
          if (many.missing) return null;
          if (many.tooLargeOver !== undefined && JSON.stringify({ changes }).length > many.tooLargeOver)
            throw new SyncFailure('fatal', 413, 'The request body is too large');
          if (changes.length > 2000) throw new SyncFailure('fatal', 400, 'At most 2000 changes per push');
          return await port.push(changes);
        } finally {
          this.manyInFlight--;
        }
      },
    };
  }

  private basicRemote(): RemotePort {
    return {
      push: async (changes) => {
        this.fail();
        this.pushes++;
        const results = changes.map((c) => this.pushOne(c));
        if (this.loseNextAnswer) {
          this.loseNextAnswer = false;
          throw new SyncFailure('offline', 0, 'The server could not be reached.');
        }
        return results;
      },
      pull: async (since, maxRows) => {
        this.fail();
        return this.pull(since, maxRows);
      },
      eventIds: async (eventIds) => {
        this.fail();
        this.eventIdCalls.push([...eventIds]);
        return this.eventIds(eventIds);
      },
    };
  }

  /** The ids each sync_event_ids call asked about. */
  eventIdCalls: string[][] = [];

  /** sync_event_ids: the asked ids' event rows (deleted ones too) and the highest event id of events and deleted ids. */
  eventIds(eventIds: readonly string[]): TakenEventIds {
    const events = [...new Set(eventIds.map(String))].sort().flatMap((id) => {
      const row = this.rows.get(`events|${id}`);
      return row ? [{ id, rev: row.rev, record: row.record, deleted: row.deleted }] : [];
    });
    let highest = 0;
    for (const key of this.rows.keys()) {
      const match = /^(?:events|deletedEventIds)\|([0-9]{1,15})$/.exec(key);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    return { events, highest };
  }

  /** sync_event_records: one event with its per-event records (not deleted). */
  archive(): ArchivePort {
    return {
      eventRecords: async (eventId) => {
        this.fail();
        const event = this.rows.get(`events|${eventId}`);
        if (!event || event.deleted) return { changes: [] };
        const changes = [...this.rows.entries()]
          .filter(([key, row]) => {
            const collection = key.slice(0, key.indexOf('|'));
            const ofEvent =
              (collection === 'events' && key === `events|${eventId}`) ||
              String(eventIdOfCollection(collection)) === eventId;
            return ofEvent && !row.deleted;
          })
          .map(([key, row]) => ({
            collection: key.slice(0, key.indexOf('|')),
            record_id: key.slice(key.indexOf('|') + 1),
            rev: row.rev,
            record: row.record,
            deleted: row.deleted,
          }));
        return { changes };
      },
    };
  }

  private fail() {
    const kind = this.failures.shift();
    if (kind) throw new SyncFailure(kind, kind === 'offline' ? 0 : kind === 'retry' ? 503 : 400, `failed: ${kind}`);
  }

  private pushOne(change: Record<string, unknown>): PushResult {
    const id = change.client_change_id as string;
    const collection = change.collection as string;
    const record_id = change.record_id as string;
    const done = this.applied.get(id);
    if (done) return done;
    const key = `${collection}|${record_id}`;
    const record = (change.record ?? null) as object | null;
    if (record && (record as { bad?: unknown }).bad)
      return {
        status: 'rejected',
        client_change_id: id,
        collection,
        record_id,
        error: { code: 'bad_record', message: 'bad' },
      };
    const current = this.rows.get(key);
    const base = (change.base_rev ?? null) as number | null;
    if (base !== (current?.rev ?? null))
      return {
        status: 'conflict',
        client_change_id: id,
        collection,
        record_id,
        server: current ? { rev: current.rev, record: current.record, deleted: current.deleted } : null,
      };
    const row: Row = {
      rev: (current?.rev ?? 0) + 1,
      record: change.deleted ? null : record,
      deleted: change.deleted === true,
      change_seq: ++this.seq,
    };
    this.rows.set(key, row);
    const result: PushResult = {
      status: 'applied',
      client_change_id: id,
      collection,
      record_id,
      rev: row.rev,
      change_seq: row.change_seq,
    };
    this.applied.set(id, result);
    return result;
  }

  pull(since: number, maxRows: number): PullPage {
    const changed = [...this.rows.entries()]
      .filter(([, row]) => row.change_seq > since)
      .sort(([, a], [, b]) => a.change_seq - b.change_seq);
    const page = changed.slice(0, maxRows);
    return {
      changes: page.map(([key, row]) => {
        const at = key.indexOf('|');
        return {
          collection: key.slice(0, at),
          record_id: key.slice(at + 1),
          rev: row.rev,
          record: row.record,
          deleted: row.deleted,
        };
      }),
      cursor: page.length ? page[page.length - 1]![1].change_seq : since,
      more: changed.length > page.length,
      head: this.seq,
    };
  }

  record(collection: string, id: string): object | null | undefined {
    const row = this.rows.get(`${collection}|${id}`);
    return row ? row.record : undefined;
  }
}

/** A device: its data (collection -> id -> record) and its sync state, stored as JSON text as in localStorage. */
export class FakeDevice implements LocalPort {
  data: Snapshot = new Map();
  stored: string = JSON.stringify(emptySyncState());
  writes: LocalWrite[][] = [];
  refuseWrites = false;

  snapshot(): Snapshot {
    return new Map([...this.data].map(([c, records]) => [c, new Map(records)]));
  }
  write(writes: readonly LocalWrite[]) {
    if (this.refuseWrites) throw new Error('Browser storage is full.');
    this.writes.push([...writes]);
    for (const w of writes) {
      const records = this.data.get(w.collection) ?? new Map<string, object>();
      if (w.record) records.set(w.record_id, w.record);
      else records.delete(w.record_id);
      if (records.size) this.data.set(w.collection, records);
      else this.data.delete(w.collection);
    }
  }
  load(): SyncState {
    return JSON.parse(this.stored) as SyncState;
  }
  evicted: number[][] = [];
  evict(eventIds: readonly number[]) {
    this.evicted.push([...eventIds]);
    const going = new Set(eventIds.map(String));
    for (const id of going) this.data.get('events')?.delete(id);
    if (this.data.get('events')?.size === 0) this.data.delete('events');
    for (const collection of [...this.data.keys()]) {
      const id = eventIdOfCollection(collection);
      if (id !== null && going.has(String(id))) this.data.delete(collection);
    }
  }
  save(state: SyncState) {
    this.stored = JSON.stringify(forStorage(state));
  }
  put(collection: string, id: string, record: object) {
    const records = this.data.get(collection) ?? new Map<string, object>();
    records.set(id, record);
    this.data.set(collection, records);
  }
  remove(collection: string, id: string) {
    this.data.get(collection)?.delete(id);
  }
  get(collection: string, id: string): object | undefined {
    return this.data.get(collection)?.get(id);
  }
  /** A reload: the same stored text read by a fresh page. */
  reload(): FakeDevice {
    const next = new FakeDevice();
    next.data = this.snapshot();
    next.stored = this.stored;
    return next;
  }
}

let counter = 0;
export const testId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

/** A device that reads only the collections asked for, as the browser's port does (src/storage/syncData.ts). */
export class NarrowDevice extends FakeDevice {
  override snapshot(collections?: ReadonlySet<string>) {
    const all = super.snapshot();
    if (collections) for (const c of [...all.keys()]) if (!collections.has(c)) all.delete(c);
    return all;
  }
}
