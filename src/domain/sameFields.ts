/**
 * Whether two flat objects hold the same fields: the same number of keys, and each value the same (`Object.is`)
 * or, for a list, a list of the same elements. One comparison for the Tool Kit's memoised tools (their props: the
 * same actors, an avoid list made anew with the same allergens) and for lines read back from storage (new objects,
 * the same fields).
 */
export function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((key) => {
    const u = x[key];
    const v = y[key];
    if (Object.is(u, v)) return true;
    return Array.isArray(u) && Array.isArray(v) && u.length === v.length && u.every((e, i) => Object.is(e, v[i]));
  });
}
