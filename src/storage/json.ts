/**
 * JSON.parse for text the app did not just write itself (a backup file, stored values, set-aside
 * entries). JSON.parse decodes escapes in keys, so `"\u005f_proto__"` becomes a `__proto__` key that
 * a filter over the text never sees; this parse drops every `__proto__` key after decoding, at any
 * depth, and says how many it dropped. Objects keep the plain prototype and only their own data.
 */
export interface SafeParse {
  value: unknown;
  /** How many `__proto__` keys were dropped. */
  protoKeys: number;
}

/** Throws like JSON.parse on text that is not JSON. */
export function parseJsonSafely(text: string): SafeParse {
  // A `__proto__` key is spelt out or escaped (`\u…`): text with neither cannot hold one, and parses at full speed.
  if (!text.includes('__proto__') && !text.includes('\\u')) return { value: JSON.parse(text) as unknown, protoKeys: 0 };
  let protoKeys = 0;
  const value = JSON.parse(text, (key, child: unknown) => {
    if (key !== '__proto__') return child;
    protoKeys++;
    return undefined;
  }) as unknown;
  return { value, protoKeys };
}

/** The parsed value, with any `__proto__` key dropped. Throws like JSON.parse. */
export function parseJson(text: string): unknown {
  return parseJsonSafely(text).value;
}
