/**
 * A small, fair queue in front of bcrypt. @node-rs/bcrypt runs on libuv's thread pool (4 threads by
 * default), the same pool that serves static files (fs.stat/open/read) and zlib. Unbounded, 16 concurrent
 * password changes (two bcrypt runs each) filled every thread and GET / waited seconds behind them. With at
 * most `concurrency` bcrypt runs at once the other threads stay free for pages and refreshes.
 *
 * Fairness. One first-in-first-out line for everyone let a single source starve the others: 300 wrong
 * sign-ins from 10 addresses (each within its burst) made a real sign-in from a fresh address wait 42.7 s
 * (107 ms alone), and ~34 such addresses filled the line so everyone got 503. Now every run carries a
 * source (client address) and an account (e-mail or user id); waiting runs are kept per source, and per
 * account inside a source, and a free slot goes round robin: next source, and within it the next account.
 * A run therefore waits behind at most one run of each other waiting source, whatever they queued.
 * Each source may have at most `maxPerSource` runs waiting (more: 503 for that source only), and when the
 * whole queue is full (`maxWaiting`) a newcomer takes the place of the newest run of the source with the
 * most waiting (that run gets the 503) instead of being refused, unless its own source is already the
 * largest.
 */
import { availableParallelism } from 'node:os';
import { err } from './errors.ts';

export interface BcryptQueueOptions {
  /** bcrypt runs at once (default: half of libuv's pool of 4, at most CPUs − 1; see defaultConcurrency). */
  concurrency: number;
  /** Runs allowed to wait in all; past it the largest source loses its newest run (default 1000). */
  maxWaiting: number;
  /** Runs one source (client address) may have waiting; more are refused with 503 (default 10). */
  maxPerSource: number;
}

/** Who a bcrypt run is for: the client address and the account (e-mail typed, or user id). */
export interface QueueKey {
  source: string;
  account?: string;
}

interface Waiter {
  start(): void;
  refuse(): void;
}

/** One source's waiting runs, per account, with its own round-robin order of accounts. */
class SourceLine {
  readonly accounts = new Map<string, Waiter[]>();
  size = 0;
  /** Arrival order (for eviction of the newest). */
  readonly arrivals: Array<{ account: string; waiter: Waiter }> = [];

  push(account: string, waiter: Waiter): void {
    const line = this.accounts.get(account);
    if (line) line.push(waiter);
    else this.accounts.set(account, [waiter]);
    this.arrivals.push({ account, waiter });
    this.size++;
  }

  /** The first run of the next account in turn; that account moves to the back. */
  shift(): Waiter | undefined {
    const first = this.accounts.entries().next();
    if (first.done) return undefined;
    const [account, line] = first.value;
    const waiter = line.shift()!;
    this.accounts.delete(account);
    if (line.length > 0) this.accounts.set(account, line);
    this.arrivals.splice(
      this.arrivals.findIndex((a) => a.waiter === waiter),
      1,
    );
    this.size--;
    return waiter;
  }

  /** Removes and returns the newest waiting run. */
  pop(): Waiter | undefined {
    const last = this.arrivals.pop();
    if (!last) return undefined;
    const line = this.accounts.get(last.account)!;
    line.splice(line.lastIndexOf(last.waiter), 1);
    if (line.length === 0) this.accounts.delete(last.account);
    this.size--;
    return last.waiter;
  }
}

const ANONYMOUS: QueueKey = { source: '' };

export class BcryptQueue {
  private running = 0;
  private waitingCount = 0;
  /** Sources with waiting runs, in round-robin order (a Map keeps insertion order). */
  private sources = new Map<string, SourceLine>();
  /** Runs started so far (tests count bcrypt work with it). */
  private started = 0;
  private options: BcryptQueueOptions;

  constructor(options: Partial<BcryptQueueOptions> & Pick<BcryptQueueOptions, 'concurrency'>) {
    this.options = { maxWaiting: 1000, maxPerSource: 10, ...options };
  }

  configure(options: Partial<BcryptQueueOptions>): void {
    this.options = { ...this.options, ...options };
    this.drain();
  }

  get stats() {
    return {
      running: this.running,
      waiting: this.waitingCount,
      started: this.started,
      sources: this.sources.size,
      ...this.options,
    };
  }

  async run<T>(task: () => Promise<T>, key: QueueKey = ANONYMOUS): Promise<T> {
    if (this.running >= this.options.concurrency) {
      await new Promise<void>((resolve, reject) =>
        this.enqueue(key, { start: resolve, refuse: () => reject(err.busy(2)) }),
      );
    } else {
      this.running++;
    }
    this.started++;
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private enqueue(key: QueueKey, waiter: Waiter): void {
    const own = this.sources.get(key.source);
    if (own && own.size >= this.options.maxPerSource) return waiter.refuse();
    if (this.waitingCount >= this.options.maxWaiting) {
      // Full: the source with the most runs waiting gives up its newest, unless that is this source.
      let largest: [string, SourceLine] | undefined;
      for (const entry of this.sources) if (!largest || entry[1].size > largest[1].size) largest = entry;
      if (!largest || largest[1].size <= (own?.size ?? 0)) return waiter.refuse();
      const evicted = largest[1].pop()!;
      this.waitingCount--;
      if (largest[1].size === 0) this.sources.delete(largest[0]);
      evicted.refuse();
    }
    let line = this.sources.get(key.source);
    if (!line) {
      line = new SourceLine();
      this.sources.set(key.source, line);
    }
    line.push(key.account ?? '', waiter);
    this.waitingCount++;
  }

  /** The next run in turn: first run of the next account of the next source; that source goes to the back. */
  private next(): Waiter | undefined {
    const first = this.sources.entries().next();
    if (first.done) return undefined;
    const [source, line] = first.value;
    const waiter = line.shift()!;
    this.waitingCount--;
    this.sources.delete(source);
    if (line.size > 0) this.sources.set(source, line);
    return waiter;
  }

  /** Hands the slot to the next waiter (running stays the same) or frees it. */
  private release(): void {
    const next = this.next();
    if (next) next.start();
    else this.running--;
    this.drain();
  }

  /** After a concurrency increase, start as many waiters as now fit. */
  private drain(): void {
    while (this.running < this.options.concurrency && this.waitingCount > 0) {
      this.running++;
      this.next()!.start();
    }
  }
}

/**
 * Half of libuv's pool (static files keep the other half), and at most CPUs − 1 so one core is left for
 * the event loop: 2 on 4+ cores, 1 on 2 cores (measured on 2 cores: GET / p50 4 ms with 1, 12 ms with 2,
 * 600 ms unbounded while 16 password changes run).
 */
function defaultConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(Math.floor(pool / 2), availableParallelism() - 1));
}

/** The process-wide queue (bcrypt shares one thread pool per process). */
export const bcryptQueue = new BcryptQueue({ concurrency: defaultConcurrency(), maxWaiting: 1000, maxPerSource: 10 });
