/**
 * How auth failures are worded for a person. Pure (no supabase-js), so the landing page can share it and
 * the unit tests can pin it.
 */

/** "1 second", "27 seconds", "3 minutes" (rounded up). */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  return `${m} minutes`;
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * A 429 answer: the server's own message when it says how long to wait ("Too many attempts. Try again in
 * 27 seconds."), else a wording built from Retry-After, else a plain request to wait.
 */
export function tooManyAttemptsText(
  serverMessage: string | null | undefined,
  retryAfterSeconds: number | null,
): string {
  if (serverMessage && /\d/.test(serverMessage) && /\b(second|minute|hour)s?\b/i.test(serverMessage))
    return serverMessage;
  if (retryAfterSeconds !== null && retryAfterSeconds > 0)
    return `Too many attempts. Try again in ${waitText(retryAfterSeconds)}.`;
  return 'Too many attempts. Please wait a little and try again.';
}

/** What a failed request that never reached the server says (supabase-js reports "Failed to fetch"). */
export const unreachableText = 'The server could not be reached. Check your connection and try again.';

/** A server error (5xx) whose answer gave no message of its own. */
export const serverErrorText = 'The server could not do that just now. Please try again in a few minutes.';

export { sessionEndedText } from './sessionEnded';
