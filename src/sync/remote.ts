/**
 * The account's side of sync: the server's functions called with supabase-js `rpc()` (POST
 * /rest/v1/rpc/<name>, docs/sync.md), on the same client as the session, so its token (refreshed by
 * supabase-js) goes with every call and hosted Supabase answers the same calls. supabase-js is
 * already loaded for a signed-in visitor, so this adds no library: only this small module, in the
 * sync chunk that the landing page never loads.
 */
import type { PulledChange, PushResult } from './engine';
import type { ArchivePort, PullPage, RemotePort, TakenEventIds } from './cycle';

/** Why a call failed, as the machine needs to know it: wait for the network, try again later, or stop. */
export type SyncFailureKind = 'offline' | 'retry' | 'fatal';

export class SyncFailure extends Error {
  readonly kind: SyncFailureKind;
  readonly status: number;
  constructor(kind: SyncFailureKind, status: number, message: string) {
    super(message);
    this.name = 'SyncFailure';
    this.kind = kind;
    this.status = status;
  }
}

/** The PostgREST answer (supabase-js's `{ data, error, status }`). */
export interface RpcAnswer {
  data: unknown;
  error: { message: string; code?: string; hint?: string | null } | null;
  status: number;
}
export type Rpc = (name: string, args: Record<string, unknown>) => PromiseLike<RpcAnswer>;

/** PostgREST's status to what to do: no answer is offline; 401, 408, 429 and 5xx are worth retrying. */
export function classify(status: number, message: string, online = true): SyncFailure {
  if (status === 0 || !online) return new SyncFailure('offline', status, 'The server could not be reached.');
  if (status === 401 || status === 408 || status === 429 || status >= 500)
    return new SyncFailure('retry', status, message || `The server answered ${status}.`);
  return new SyncFailure('fatal', status, message || `The server answered ${status}.`);
}

const isOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

async function call<T>(rpc: Rpc, name: string, args: Record<string, unknown>): Promise<T> {
  const answer = await rpc(name, args);
  if (answer.error) throw classify(answer.status, answer.error.message, isOnline());
  return answer.data as T;
}

export interface Summary {
  collections: Array<{ collection: string; records: number; deleted: number; bytes: number }>;
  used_bytes: number;
  quota_bytes: number;
  head: number;
}

/** One event kept in the account, as `sync_event_summaries` lists it. */
export interface EventSummary {
  id: string;
  name: string;
  date: string;
  customer: string;
  guests: unknown;
  status: unknown;
}

export interface EventSearch {
  eventIds?: string[];
  beforeDate?: string;
  search?: string;
  maxRows?: number;
}

/**
 * A pulled record as this device's storage reads it back (`asStored`, from the app layer: an event's lists
 * present). The sync fingerprints and writes that form, so a record another device wrote without them does not
 * read here as changed by this device once written (issue 24: a device that only joined sent such events back,
 * and the device that wrote them was asked about a conflict nobody made).
 */
export type StoredForm = (collection: string, record: object) => object;

function storedChanges<T extends { changes: PulledChange[] }>(page: T, asStored: StoredForm | undefined): T {
  if (!asStored || !Array.isArray(page?.changes)) return page;
  let changes: PulledChange[] | null = null;
  page.changes.forEach((change, n) => {
    if (!change || typeof change !== 'object' || !change.record || typeof change.record !== 'object') return;
    const record = asStored(change.collection, change.record);
    if (record === change.record) return;
    changes ??= page.changes.slice();
    changes[n] = { ...change, record };
  });
  return changes ? { ...page, changes } : page;
}

export function createRemote(
  rpc: Rpc,
  asStored?: StoredForm,
): RemotePort &
  ArchivePort & {
    summary(): Promise<Summary>;
    eventSummaries(query: EventSearch): Promise<{ events: EventSummary[]; more: boolean }>;
    /** The account's next quote or invoice number (issue 22): above `lastKnown`, never handed out twice. */
    takeDocumentNumber(kind: 'quote' | 'invoice', year: number, lastKnown: number): Promise<number>;
    /** The account's next revision of an issued number (issue 24): above `lastKnown`, never handed out twice. */
    takeDocumentRevision(kind: 'quote' | 'invoice', year: number, sequence: number, lastKnown: number): Promise<number>;
    eventIds(eventIds: readonly string[]): Promise<TakenEventIds | null>;
  } {
  return {
    push: (changes) => call<PushResult[]>(rpc, 'sync_push', { changes }),
    pushMany: async (changes) => {
      const answer = await rpc('sync_push_many', { changes });
      // A server without it (PostgREST's 404 for a function it does not know): the caller uses sync_push.
      if (answer.error && answer.status === 404) return null;
      if (answer.error) throw classify(answer.status, answer.error.message, isOnline());
      return answer.data as PushResult[];
    },
    pull: async (since, maxRows) =>
      storedChanges(await call<PullPage>(rpc, 'sync_pull', { since, max_rows: maxRows }), asStored),
    summary: () => call<Summary>(rpc, 'sync_summary', {}),
    eventSummaries: (query) =>
      call(rpc, 'sync_event_summaries', {
        ...(query.eventIds ? { event_ids: query.eventIds } : {}),
        ...(query.beforeDate ? { before_date: query.beforeDate } : {}),
        ...(query.search?.trim() ? { search: query.search.trim() } : {}),
        ...(query.maxRows ? { max_rows: query.maxRows } : {}),
      }),
    eventRecords: async (eventId) =>
      storedChanges(
        await call<{ changes: PulledChange[] }>(rpc, 'sync_event_records', { event_id: eventId }),
        asStored,
      ),
    eventIds: async (eventIds) => {
      const answer = await rpc('sync_event_ids', { event_ids: eventIds });
      // A server without it (an account's database not migrated yet): events are not renumbered (as before).
      if (answer.error && answer.status === 404) return null;
      if (answer.error) throw classify(answer.status, answer.error.message, isOnline());
      const data = answer.data as Partial<TakenEventIds> | null;
      const rows = data?.events;
      if (
        !Array.isArray(rows) ||
        typeof data?.highest !== 'number' ||
        !rows.every((r) => r && typeof r === 'object' && typeof (r as { id?: unknown }).id === 'string')
      )
        throw new SyncFailure(
          'fatal',
          200,
          `The account answered ${JSON.stringify(answer.data)?.slice(0, 200)} instead of the event ids it holds.`,
        );
      return data as TakenEventIds;
    },
    takeDocumentNumber: async (kind, year, lastKnown) => {
      const n = await call<unknown>(rpc, 'take_document_number', { kind, year, last_known: lastKnown });
      if (typeof n !== 'number' || !Number.isInteger(n) || n <= lastKnown)
        throw new SyncFailure('fatal', 200, `The account answered ${JSON.stringify(n)} instead of a new number.`);
      return n;
    },
    takeDocumentRevision: async (kind, year, sequence, lastKnown) => {
      const n = await call<unknown>(rpc, 'take_document_revision', { kind, year, sequence, last_known: lastKnown });
      if (typeof n !== 'number' || !Number.isInteger(n) || n <= lastKnown)
        throw new SyncFailure('fatal', 200, `The account answered ${JSON.stringify(n)} instead of a new revision.`);
      return n;
    },
  };
}
