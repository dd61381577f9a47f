import { describe, expect, it } from 'vitest';
import {
  parseRetryAfter,
  sessionEndedText,
  tooManyAttemptsText,
  unreachableText,
  waitText,
} from '../../src/machines/auth/authErrors';

describe('auth error wording', () => {
  it('uses the server’s 429 message when it says how long to wait', () => {
    expect(tooManyAttemptsText('Too many attempts. Try again in 27 seconds.', 30)).toBe(
      'Too many attempts. Try again in 27 seconds.',
    );
  });
  it('falls back to Retry-After when the server’s message does not say how long', () => {
    expect(tooManyAttemptsText('Request rate limit reached', 27)).toBe('Too many attempts. Try again in 27 seconds.');
    expect(tooManyAttemptsText('Request rate limit reached', 1)).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyAttemptsText(undefined, 300)).toBe('Too many attempts. Try again in 5 minutes.');
  });
  it('asks to wait when neither says how long', () => {
    expect(tooManyAttemptsText('Request rate limit reached', null)).toBe(
      'Too many attempts. Please wait a little and try again.',
    );
  });
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('27')).toBe(27);
    expect(parseRetryAfter(new Date(60_000).toUTCString(), 0)).toBe(60);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
    expect(waitText(119.2)).toBe('120 seconds'.replace('120 seconds', '2 minutes'));
  });
});

describe('waitText: seconds below two minutes, whole minutes (rounded up) from there', () => {
  it('says "1 second" for one second or less, never "0 seconds"', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0)).toBe('1 second');
    expect(waitText(-5)).toBe('1 second');
    expect(waitText(0.2)).toBe('1 second');
  });
  it('rounds part of a second up, and uses the plural from 2 seconds', () => {
    expect(waitText(1.2)).toBe('2 seconds');
    expect(waitText(2)).toBe('2 seconds');
    expect(waitText(27)).toBe('27 seconds');
  });
  it('switches to minutes at 120 seconds: 119 stays in seconds', () => {
    expect(waitText(119)).toBe('119 seconds');
    expect(waitText(120)).toBe('2 minutes');
    expect(waitText(121)).toBe('3 minutes');
    expect(waitText(180)).toBe('3 minutes');
    expect(waitText(3600)).toBe('60 minutes');
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds, with surrounding spaces', () => {
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter('  27  ')).toBe(27);
    expect(parseRetryAfter('120')).toBe(120);
  });
  it('is null when absent, empty or unreadable (digits with other text are not seconds)', () => {
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('   ')).toBeNull();
    expect(parseRetryAfter('12abc')).toBeNull();
    expect(parseRetryAfter('x12')).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
  it('reads an HTTP date as the seconds left from now, rounded up, and 0 for a date already past', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now + 500)).toBe(30);
    expect(parseRetryAfter(' Wed, 21 Oct 2026 07:28:30 GMT ', now + 29_001)).toBe(1);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
  });
  it('reads an HTTP date against the current time by default', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const seconds = parseRetryAfter(inAMinute);
    expect(seconds).toBeGreaterThanOrEqual(58);
    expect(seconds).toBeLessThanOrEqual(60);
  });
});

describe('tooManyAttemptsText: the server message only when it says a number and a unit', () => {
  it('keeps the server message with a number of minutes or hours, in any case', () => {
    expect(tooManyAttemptsText('Try again in 5 MINUTES', null)).toBe('Try again in 5 MINUTES');
    expect(tooManyAttemptsText('Locked for 1 hour', 10)).toBe('Locked for 1 hour');
    expect(tooManyAttemptsText('wait 3 second', null)).toBe('wait 3 second');
  });
  it('does not keep a message with a number but no unit, or a unit but no number', () => {
    expect(tooManyAttemptsText('Error 429', 27)).toBe('Too many attempts. Try again in 27 seconds.');
    expect(tooManyAttemptsText('Wait a few seconds', 27)).toBe('Too many attempts. Try again in 27 seconds.');
    expect(tooManyAttemptsText('Retry in 5 secondsish', 27)).toBe('Too many attempts. Try again in 27 seconds.');
    expect(tooManyAttemptsText('Retry in 5 xseconds', 27)).toBe('Too many attempts. Try again in 27 seconds.');
  });
  it('asks to wait when Retry-After is 0 or there is no message at all', () => {
    expect(tooManyAttemptsText('Request rate limit reached', 0)).toBe(
      'Too many attempts. Please wait a little and try again.',
    );
    expect(tooManyAttemptsText(null, null)).toBe('Too many attempts. Please wait a little and try again.');
    expect(tooManyAttemptsText('', 2)).toBe('Too many attempts. Try again in 2 seconds.');
  });
});

describe('fixed wordings', () => {
  it('says the server could not be reached, and that a session ended', () => {
    expect(unreachableText).toBe('The server could not be reached. Check your connection and try again.');
    expect(sessionEndedText).toBe('Your session ended, please log in again');
  });
});
