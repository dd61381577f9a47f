// @vitest-environment jsdom
/**
 * The small helpers of src/storage: safe JSON parsing (json.ts), the words for a failed schema check
 * (issues.ts), and several keys written as one change (together.ts).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { parseJson, parseJsonSafely } from '../../src/storage/json';
import { describeIssues } from '../../src/storage/issues';
import { keyWrite, writeTogether } from '../../src/storage/together';
import { defineKey, StorageWriteError, type KeyAccessor } from '../../src/storage/store';

describe('parseJsonSafely', () => {
  it('parses plain JSON as JSON.parse does', () => {
    expect(parseJsonSafely('{"a":[1,"b"]}')).toEqual({ value: { a: [1, 'b'] }, protoKeys: 0 });
  });

  it('drops __proto__ keys, spelt out or escaped, at any depth, and counts them', () => {
    const result = parseJsonSafely('{"__proto__":{"x":1},"a":{"\\u005f_proto__":{"y":2},"b":"\\u0041"}}');
    expect(result.protoKeys).toBe(2);
    expect(result.value).toEqual({ a: { b: 'A' } });
    const a = (result.value as { a: object }).a;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.keys(a)).toEqual(['b']);
    expect(({} as Record<string, unknown>).y).toBeUndefined();
  });

  it('keeps other keys of text that has escapes', () => {
    expect(parseJsonSafely('{"\\u0061":1,"proto":2}')).toEqual({ value: { a: 1, proto: 2 }, protoKeys: 0 });
  });

  it('throws like JSON.parse on text that is not JSON, with or without escapes', () => {
    expect(() => parseJsonSafely('{oops')).toThrow(SyntaxError);
    expect(() => parseJsonSafely('{"\\u0061":')).toThrow(SyntaxError);
  });

  it('parses text with neither __proto__ nor an escape in one plain JSON.parse, without a reviver (the fast path of every read)', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(parseJsonSafely('{"proto":[1,"u"]}')).toEqual({ value: { proto: [1, 'u'] }, protoKeys: 0 });
      expect(parse.mock.calls).toEqual([['{"proto":[1,"u"]}']]);
      parse.mockClear();
      // Either sign of a __proto__ key takes the slower, checking path.
      parseJsonSafely('{"a":"\\u0041"}');
      parseJsonSafely('{"b":"__proto__"}');
      expect(parse.mock.calls.map((call) => typeof call[1])).toEqual(['function', 'function']);
    } finally {
      parse.mockRestore();
    }
  });

  it('parseJson gives the value only', () => {
    expect(parseJson('{"__proto__":1,"k":2}')).toEqual({ k: 2 });
  });
});

describe('describeIssues', () => {
  const words = (schema: z.ZodMiniType, value: unknown) => {
    const parsed = schema.safeParse(value);
    expect(parsed.success).toBe(false);
    return describeIssues(parsed.error as never, value);
  };

  it('names what was expected and what was found', () => {
    const s = z.object({
      n: z.number(),
      i: z.int(),
      t: z.string(),
      b: z.boolean(),
      l: z.array(z.string()),
      r: z.object({}),
    });
    const ok = { n: 1, i: 1, t: '', b: true, l: [], r: {} };
    expect(words(s, { ...ok, n: 'three' })).toBe('n: expected a number, found the text "three"');
    expect(words(s, { ...ok, i: 1.5 })).toBe('i: expected a whole number, found the number 1.5');
    expect(words(s, { ...ok, i: null })).toBe('i: expected a number, found null');
    expect(words(s, { ...ok, t: 4 })).toBe('t: expected text, found the number 4');
    expect(words(s, { ...ok, b: [] })).toBe('b: expected true or false, found a list');
    expect(words(s, { ...ok, l: {} })).toBe('l: expected a list, found a record');
    expect(words(s, { ...ok, r: undefined })).toBe('r: expected a record, found nothing');
  });

  it('an expected type without words of its own is named as it is', () => {
    expect(words(z.object({ big: z.bigint() }), { big: 1 })).toBe('big: expected bigint, found the number 1');
  });

  it('a long text is cut at 40 characters; an infinite number is named', () => {
    const long = 'x'.repeat(41);
    expect(words(z.object({ n: z.number() }), { n: long })).toBe(
      `n: expected a number, found the text "${'x'.repeat(40)}…"`,
    );
    expect(words(z.object({ n: z.number() }), { n: 'x'.repeat(40) })).toBe(
      `n: expected a number, found the text "${'x'.repeat(40)}"`,
    );
    const finite = z.object({ n: z.number().check(z.refine(Number.isFinite, 'must be a finite number')) });
    expect(describeIssues(finite.safeParse({ n: Infinity }).error as never, { n: Infinity })).toMatch(/^n: /);
  });

  it('a value not in a list of choices names the choices', () => {
    expect(words(z.object({ s: z.enum(['active', 'inactive']) }), { s: 'gone' })).toBe(
      's: must be one of "active", "inactive", found the text "gone"',
    );
  });

  it('a nested path is joined with dots; a failure at the top is "value"', () => {
    expect(words(z.object({ a: z.array(z.object({ b: z.number() })) }), { a: [{ b: true }] })).toBe(
      'a.0.b: expected a number, found true',
    );
    expect(words(z.array(z.number()), 'x')).toBe('value: expected a list, found the text "x"');
  });

  it('a refinement keeps its own message; zod’s bare "Invalid input" says what was found', () => {
    const refined = z.object({ n: z.number().check(z.refine((n) => n > 0, 'must be positive')) });
    expect(words(refined, { n: -1 })).toBe('n: must be positive');
    const union = z.object({ u: z.union([z.number(), z.boolean()]) });
    expect(words(union, { u: 'x' })).toBe('u: is not valid (found the text "x")');
  });

  it('a path into something that is not a record finds nothing', () => {
    expect(describeIssues({ issues: [{ path: ['a', 'b'], message: 'Invalid input' }] }, { a: 5 })).toBe(
      'a.b: is not valid (found nothing)',
    );
    expect(describeIssues({ issues: [{ path: ['a', 'b'], message: 'Invalid input' }] }, { a: null })).toBe(
      'a.b: is not valid (found nothing)',
    );
  });

  it('without issues the value does not have the expected shape', () => {
    expect(describeIssues(undefined)).toBe('does not have the expected shape');
    expect(describeIssues({ issues: [] })).toBe('does not have the expected shape');
  });
});

describe('writeTogether', () => {
  const a = defineKey('a', z.number(), () => 0);
  const b = defineKey('b', z.number(), () => 0);
  const failing: KeyAccessor<number> = {
    ...defineKey('c', z.number(), () => 0),
    write: () => ({ ok: false, error: new StorageWriteError('c', 'quota', 'full') }),
  };
  beforeEach(() => localStorage.clear());

  it('writes every value', () => {
    expect(writeTogether([keyWrite(a, 1), keyWrite(b, 2)])).toEqual({ ok: true });
    expect([localStorage.getItem('a'), localStorage.getItem('b')]).toEqual(['1', '2']);
  });

  it('on a failure puts back what was there (removing what was not) and returns that failure', () => {
    localStorage.setItem('a', '5');
    const result = writeTogether([keyWrite(a, 1), keyWrite(b, 2), keyWrite(failing, 3), keyWrite(a, 9)]);
    expect(result).toMatchObject({ ok: false, error: { key: 'c', reason: 'quota' } });
    expect(localStorage.getItem('a')).toBe('5');
    expect(localStorage.getItem('b')).toBeNull();
  });

  it('after a failure storage holds exactly what it held before: no key more, none less', () => {
    localStorage.setItem('a', '5');
    localStorage.setItem('other', 'kept');
    const before = { ...localStorage };
    expect(writeTogether([keyWrite(failing, 3)])).toMatchObject({ ok: false });
    expect({ ...localStorage }).toEqual(before);
    expect(writeTogether([keyWrite(a, 1), keyWrite(failing, 3)])).toMatchObject({ ok: false });
    expect({ ...localStorage }).toEqual(before);
  });

  it('a key written twice in one change gets its first text back, not the one written in between', () => {
    localStorage.setItem('a', '5');
    expect(writeTogether([keyWrite(a, 1), keyWrite(a, 2), keyWrite(failing, 3)])).toMatchObject({ ok: false });
    expect(localStorage.getItem('a')).toBe('5');
  });
});
