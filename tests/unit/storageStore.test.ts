// @vitest-environment jsdom
/**
 * Whole-value keys' reasons (src/storage/store.ts), beyond tests/unit/storageKey.test.ts: the path
 * of a nested failure is named with dots, so the Recovered data screen says where the value is wrong.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineKey } from '../../src/storage/store';

describe('the reason for a value of the wrong shape', () => {
  it('names a nested field by its path, joined with dots', () => {
    const key = defineKey('nested', z.array(z.object({ a: z.object({ b: z.number() }) })), () => []);
    const checked = key.check('[{"a":{"b":1}},{"a":{"b":"x"}}]');
    expect(checked.ok).toBe(false);
    expect(checked.ok || checked.reason).toMatch(/^1\.a\.b: /);
  });
});
