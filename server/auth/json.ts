/**
 * Request-body JSON for the auth API. Keys are checked by a reviver, after JSON.parse has decoded them,
 * so an escaped spelling (`"\u005f_proto__"`, `"constru\u0063tor"`) is caught as surely as the plain one;
 * a regular expression over the source text missed it.
 */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor']);

export class ForbiddenKeyError extends Error {
  constructor(readonly key: string) {
    super(`Forbidden key in JSON body: ${key}`);
  }
}

/** JSON.parse that throws ForbiddenKeyError for `__proto__` or `constructor` at any depth (SyntaxError as usual). */
export function parseJsonBody(source: string): unknown {
  return JSON.parse(source, (key: string, value: unknown) => {
    if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError(key);
    return value;
  });
}
