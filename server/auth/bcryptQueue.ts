/**
 * A small queue in front of bcrypt. @node-rs/bcrypt runs on libuv's thread pool (4 threads by default),
 * the same pool that serves static files (fs.stat/open/read) and zlib. Unbounded, 16 concurrent password
 * changes (two bcrypt runs each) filled every thread and GET / waited seconds behind them. With at most
 * `concurrency` bcrypt runs at once the other threads stay free for pages and refreshes; the rest wait
 * in FIFO order, and past `maxWaiting` the request is refused with a retryable 503 + Retry-After.
 */
import { availableParallelism } from 'node:os';
import { err } from './errors.ts';

export interface BcryptQueueOptions {
  /** bcrypt runs at once (default: half of libuv's pool of 4, at most CPUs − 1; see defaultConcurrency). */
  concurrency: number;
  /** Runs allowed to wait; more are refused with 503 (default 1000). */
  maxWaiting: number;
}

export class BcryptQueue {
  private running = 0;
  private waiting: Array<() => void> = [];

  constructor(private options: BcryptQueueOptions) {}

  configure(options: Partial<BcryptQueueOptions>): void {
    this.options = { ...this.options, ...options };
    this.drain();
  }

  get stats() {
    return { running: this.running, waiting: this.waiting.length, ...this.options };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw err.busy(2);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Hands the slot to the next waiter (running stays the same) or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
    this.drain();
  }

  /** After a concurrency increase, start as many waiters as now fit. */
  private drain(): void {
    while (this.running < this.options.concurrency && this.waiting.length > 0) {
      this.running++;
      this.waiting.shift()!();
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
export const bcryptQueue = new BcryptQueue({ concurrency: defaultConcurrency(), maxWaiting: 1000 });
