/** In-memory token buckets keyed by client address or e-mail. */
import { err } from './errors.ts';

export interface RateLimitRule {
  /** Bucket size: requests allowed at once. */
  burst: number;
  /** Refill: requests allowed per 5 minutes once the burst is spent. */
  per5min: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private buckets = new Map<string, Bucket>();
  private readonly ratePerMs: number;

  constructor(private readonly rule: RateLimitRule | false) {
    this.ratePerMs = rule ? rule.per5min / 300_000 : 0;
  }

  private current(key: string, now: number): Bucket {
    const rule = this.rule as RateLimitRule;
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: rule.burst, at: now };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(rule.burst, b.tokens + (now - b.at) * this.ratePerMs);
      b.at = now;
    }
    return b;
  }

  private retryAfter(b: Bucket): number {
    return this.ratePerMs > 0 ? Math.max(1, Math.ceil((1 - b.tokens) / this.ratePerMs / 1000)) : 300;
  }

  /** Takes one token or throws 429 over_request_rate_limit. */
  consume(key: string, now = Date.now()): void {
    if (!this.rule) return;
    const b = this.current(key, now);
    if (b.tokens < 1) throw err.rateLimited(this.retryAfter(b));
    b.tokens -= 1;
  }

  /** Throws 429 if the bucket is empty, without taking a token. */
  check(key: string, now = Date.now()): void {
    if (!this.rule) return;
    const b = this.current(key, now);
    if (b.tokens < 1) throw err.rateLimited(this.retryAfter(b));
  }

  /** Takes one token if any is left (used to count failures). */
  penalize(key: string, now = Date.now()): void {
    if (!this.rule) return;
    const b = this.current(key, now);
    b.tokens = Math.max(0, b.tokens - 1);
  }

  /** Whether the bucket has less than one token left (never throws, takes nothing). */
  isEmpty(key: string, now = Date.now()): boolean {
    if (!this.rule) return false;
    return this.current(key, now).tokens < 1;
  }

  /** Forgets a key (a successful sign-in clears that address's failures for the account). */
  reset(key: string): void {
    this.buckets.delete(key);
  }

  /** Drops full buckets so memory stays bounded. */
  prune(now = Date.now()): void {
    if (!this.rule) return;
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.ratePerMs >= this.rule.burst) this.buckets.delete(key);
    }
  }
}

export function parseRule(value: string | undefined): RateLimitRule | false | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (/^(off|false|0)$/i.test(value.trim())) return false;
  const m = /^\s*(\d+)\s*[,/:]\s*(\d+)\s*$/.exec(value);
  if (!m) throw new Error(`Bad rate limit "${value}": expected "burst,per5min" (e.g. "30,150") or "off"`);
  return { burst: Number(m[1]), per5min: Number(m[2]) };
}
