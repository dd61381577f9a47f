/**
 * Fakes of the `pg` pool and of node:worker_threads' Worker for tests/unit/serverDatabaseFakes.test.ts
 * (vi.mock factories import them from here): they record what server/data/database.ts sends them.
 */
import { EventEmitter } from 'node:events';

/** Every pool and worker made, newest last. */
export const drivers = { pools: [] as FakePool[], workers: [] as FakeWorker[] };

interface Query {
  sql: string;
  params?: unknown[];
}
export class FakeClient {
  queries: Query[] = [];
  released = 0;
  failOn: ((q: Query) => unknown) | null = null;
  async query(sql: string, params?: unknown[]) {
    const q = params === undefined ? { sql } : { sql, params };
    this.queries.push(q);
    const failure = this.failOn?.(q);
    if (failure) throw failure;
    return { rows: [{ sql }] };
  }
  release() {
    this.released++;
  }
}
export class FakePool extends EventEmitter {
  client = new FakeClient();
  queries: Query[] = [];
  ended = 0;
  failWith: unknown = null;
  constructor(readonly config: Record<string, unknown>) {
    super();
    drivers.pools.push(this);
  }
  async connect() {
    return this.client;
  }
  async query(sql: string, params?: unknown[]) {
    this.queries.push(params === undefined ? { sql } : { sql, params });
    if (this.failWith) throw this.failWith;
    return { rows: [{ answered: sql }] };
  }
  async end() {
    this.ended++;
  }
}

export class FakeWorker extends EventEmitter {
  messages: Record<string, unknown>[] = [];
  terminated = 0;
  /** Answers each message; by default every message succeeds with null. */
  answer: (m: Record<string, unknown>) => Record<string, unknown> | undefined = () => ({ ok: true, value: null });
  constructor(
    readonly url: URL,
    readonly options: { workerData: Record<string, unknown> },
  ) {
    super();
    drivers.workers.push(this);
  }
  postMessage(m: Record<string, unknown>) {
    this.messages.push(m);
    const reply = this.answer(m);
    if (reply) queueMicrotask(() => this.emit('message', { id: m.id, ...reply }));
  }
  async terminate() {
    this.terminated++;
    return 0;
  }
}
