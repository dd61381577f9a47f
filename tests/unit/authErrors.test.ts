import { describe, expect, it } from 'vitest';
import { parseRetryAfter, tooManyAttemptsText, waitText } from '../../src/machines/auth/authErrors';

describe('auth error wording', () => {
  it('uses the server’s 429 message when it says how long to wait', () => {
    expect(tooManyAttemptsText('Too many attempts. Try again in 27 seconds.', 30)).toBe('Too many attempts. Try again in 27 seconds.');
  });
  it('falls back to Retry-After when the server’s message does not say how long', () => {
    expect(tooManyAttemptsText('Request rate limit reached', 27)).toBe('Too many attempts. Try again in 27 seconds.');
    expect(tooManyAttemptsText('Request rate limit reached', 1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsText(undefined, 300)).toBe('Too many attempts. Try again in 5 minutes.');
  });
  it('asks to wait when neither says how long', () => {
    expect(tooManyAttemptsText('Request rate limit reached', null)).toBe('Too many attempts. Please wait a little and try again.');
  });
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('27')).toBe(27);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    expect(waitText(119.2)).toBe('120 seconds'.replace('120 seconds', '2 minutes'));
  });
});
