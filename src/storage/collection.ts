/**
 * Collections (inventoryItems, suppliers, employees, events, selectedItems, ingredientList-{id}):
 * JSON arrays read record by record. Each record is normalised (what earlier versions wrote) and
 * checked on its own; a record that still fails is set aside with its text and reason, and every
 * other record shows. Unknown fields are kept. Nothing is written back by reading.
 *
 * Every record carries a revision (`rev`). `save(next, base)` applies only what changed between the
 * view's `base` and its `next` list, by id, onto the latest stored list: a record another tab changed
 * or deleted since the view loaded it is not overwritten but returned as a conflict for the user to
 * resolve, and records other tabs added are kept.
 */
import { announceLocalChange, rawGet, rawRemove, rawSet, StorageWriteError, type WriteResult } from './raw';
import { setAside } from './recovered';
import { describeIssues } from './issues';
import { decodeJSON, watchKey, type KeyAccessor, type Schema } from './store';

export interface Revisioned {
  rev?: number;
}

export interface Conflict<R> {
  id: string;
  /** This view's version; null when this view deleted it. */
  mine: R | null;
  /** The stored version; null when another tab deleted it. */
  theirs: R | null;
}

export type SaveResult<R> =
  | { ok: true; records: R[]; conflicts: Array<Conflict<R>> }
  | { ok: false; error: StorageWriteError; records: R[]; conflicts: Array<Conflict<R>> };

export interface CollectionOptions<R> {
  key: string;
  record: Schema<R>;
  /** The record's identity. */
  idOf: (record: R) => string;
  /** Fixes what earlier versions wrote, before the schema check. */
  normalize?: (value: unknown) => unknown;
  /** Gives a record that has no id one (employees of the earlier app had none). */
  assignId?: (record: R, index: number, taken: ReadonlySet<string>) => R;
  /**
   * The order the stored list is kept in, when the collection has one (events: id descending, spec
   * section 4), by every save and write. Without it, added records go where the view has them (or
   * last) and a view's own reordering is kept.
   */
  order?: (a: R, b: R) => number;
}

export interface CollectionAccessor<R> extends KeyAccessor<R[]> {
  idOf(record: R): string;
  /** Applies what changed from `base` to `next` onto the stored list; see the header. */
  save(next: readonly R[], base: readonly R[]): SaveResult<R>;
  /** How many stored records are set aside (unreadable) right now. */
  setAsideCount(): number;
  /**
   * Begins reading the stored list in slices (issue 23), so that a later read finds it read: each call
   * of the answer reads and checks records while `timeLeft()` is above zero, and answers true when the
   * read is done (or no longer needed). A read before the end finishes it at once, if the stored text is
   * still the same; otherwise, as always, the read starts again from the stored text.
   */
  prepareRead(): (timeLeft: () => number) => boolean;
  /** Checks the text of one record as a reader would (normalised, then the schema). */
  checkRecord(text: string): { ok: true; record: R } | { ok: false; reason: string };
  /**
   * The positions of the records of a list's text that a read would set aside (a record that fails its
   * check, or repeats an id), found by the read itself but setting nothing aside and keeping nothing:
   * what a restore's preview leaves out of its counts. A text that is not a list gives [null].
   */
  unreadableIn(raw: string): Array<number | null>;
}

export const revOf = (record: object): number => {
  const rev = (record as Revisioned).rev;
  return typeof rev === 'number' && Number.isFinite(rev) ? rev : 0;
};

/** Whether two versions of a record hold the same content: everything but the bookkeeping (`rev`, `updatedAt`). */
function sameContent(a: object, b: object): boolean {
  if (a === b) return true;
  const { rev: _ra, updatedAt: _ua, ...restA } = a as Record<string, unknown>;
  const { rev: _rb, updatedAt: _ub, ...restB } = b as Record<string, unknown>;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

function stringifySafe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A stored record's id as text, without ever throwing (`String()` throws on `{"toString": 1}`). */
function rawIdOf(value: unknown): string | null {
  if (!value || typeof value !== 'object' || !('id' in value)) return null;
  const id = (value as { id: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'boolean' ? String(id) : stringifySafe(id);
}

interface ReadState<R> {
  raw: string | null;
  records: R[];
  /** Unreadable records (or the whole value) that could not be set aside: the stored text must not be overwritten. */
  unsafe: number;
  setAside: number;
}

/**
 * Puts each added record where this view has it: before the record that follows it in `next` (an
 * inventory item put back by Undo takes its old place, issue 25), or last when nothing follows it
 * (a new record, which also keeps records other tabs added before it).
 */
function placeAdded<R>(list: R[], added: readonly R[], next: readonly R[], idOf: (record: R) => string): R[] {
  if (!added.length) return list;
  const result = list.slice();
  const present = new Set(result.map(idOf));
  const nextIds = next.map(idOf);
  const position = new Map(nextIds.map((id, n) => [id, n]));
  for (const record of added) {
    const id = idOf(record);
    let follower: string | undefined;
    for (let n = (position.get(id) ?? nextIds.length) + 1; n < nextIds.length && follower === undefined; n++)
      if (present.has(nextIds[n]!)) follower = nextIds[n];
    const at = follower === undefined ? -1 : result.findIndex((r) => idOf(r) === follower);
    if (at < 0) result.push(record);
    else result.splice(at, 0, record);
    present.add(id);
  }
  return result;
}

export function defineCollection<R extends object>(options: CollectionOptions<R>): CollectionAccessor<R> {
  const { key, record, idOf } = options;
  let cache: ReadState<R> | null = null;
  /**
   * Each record's JSON by identity (issue 23): a record is a value (a change makes a new object, as
   * `save` already relies on), so writing a list again serialises only the records that changed. For
   * 2,000 events at 4x CPU slowdown, ~17 ms of `JSON.stringify` per write became ~6 ms.
   */
  const texts = new WeakMap<object, string>();
  const textOf = (rec: R): string => {
    if (typeof rec !== 'object' || rec === null) return String(JSON.stringify(rec) ?? null);
    let text = texts.get(rec);
    if (text === undefined) {
      text = JSON.stringify(rec);
      texts.set(rec, text);
    }
    return text;
  };

  /** Records checked per step of a sliced read (`prepareRead`): ~1 to 2 ms of work at 4x CPU slowdown. */
  const recordsPerStep = 50;
  /**
   * Reads and checks `raw`, one step at a time: the decode is the first step, then `recordsPerStep`
   * records per step. Run to its end at once, it is the plain read. `setAsideEntry` keeps what cannot
   * be read (`unreadableIn` passes one that only notes where it was).
   */
  function* readSteps(
    raw: string | null,
    setAsideEntry: typeof setAside = setAside,
  ): Generator<void, ReadState<R>, void> {
    const state: ReadState<R> = { raw, records: [], unsafe: 0, setAside: 0 };
    if (raw === null) return state;
    // Identical unreadable records each get an entry: one entry for two copies would lose one at the next save.
    const copies = new Map<string, number>();
    const keep = (entry: Parameters<typeof setAside>[0]) => {
      state.setAside++;
      const copy = copies.get(entry.text) ?? 0;
      copies.set(entry.text, copy + 1);
      if (!setAsideEntry(entry, copy)) state.unsafe++;
    };
    const decoded = decodeJSON(raw);
    if (!decoded.ok || !Array.isArray(decoded.value)) {
      keep({
        key,
        reason: decoded.ok ? 'value: expected a list of records' : decoded.reason,
        text: raw,
        index: null,
        id: null,
      });
      return state;
    }
    const values: unknown[] = decoded.value;
    const taken = new Set<string>();
    const pendingIds: Array<{ index: number; value: R; stored: unknown }> = [];
    for (let index = 0; index < values.length; index++) {
      if (index % recordsPerStep === 0) yield;
      const value = values[index];
      const normalized = options.normalize ? options.normalize(value) : value;
      const parsed = record.safeParse(normalized);
      if (!parsed.success) {
        keep({
          key,
          reason: `record ${index + 1}, ${describeIssues(parsed.error, normalized)}`,
          text: stringifySafe(value),
          index,
          id: rawIdOf(value),
        });
        continue;
      }
      pendingIds.push({ index, value: parsed.data, stored: value });
    }
    for (const { index, value, stored } of pendingIds) {
      let rec = value;
      if (options.assignId) rec = options.assignId(rec, index, taken);
      const id = idOf(rec);
      if (taken.has(id)) {
        // The stored text, not the normalised record: a set-aside entry keeps what was stored.
        keep({
          key,
          reason: `record ${index + 1}, id: another record already has the id "${id}"`,
          text: stringifySafe(stored),
          index,
          id,
        });
        continue;
      }
      taken.add(id);
      state.records.push(rec);
    }
    return state;
  }
  const finish = (steps: Generator<void, ReadState<R>, void>): ReadState<R> => {
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  };
  /** A read begun in slices (`prepareRead`) and not finished yet: a read of the same text finishes it. */
  let begun: { raw: string; steps: Generator<void, ReadState<R>, void> } | null = null;

  const readState = (): ReadState<R> => {
    const raw = rawGet(key);
    if (cache && cache.raw === raw) return cache;
    const steps = begun && begun.raw === raw ? begun.steps : readSteps(raw);
    begun = null;
    cache = finish(steps);
    return cache;
  };

  const read = () => readState().records;

  const writeList = (given: R[]): WriteResult => {
    const list = options.order ? given.slice().sort(options.order) : given;
    const current = readState();
    if (current.unsafe > 0) {
      return {
        ok: false,
        error: new StorageWriteError(
          key,
          'unknown',
          'Some saved records could not be read or set aside, so the list was not overwritten.',
        ),
      };
    }
    let text: string;
    try {
      text = `[${list.map(textOf).join(',')}]`;
    } catch {
      return { ok: false, error: new StorageWriteError(key, 'unknown', 'The list could not be serialised.') };
    }
    const result = rawSet(key, text);
    if (result.ok) {
      cache = { raw: text, records: list, unsafe: 0, setAside: 0 };
      begun = null;
    }
    return result;
  };

  return {
    key,
    idOf,
    read,
    setAsideCount: () => readState().setAside,
    prepareRead() {
      const raw = rawGet(key);
      if (raw === null || cache?.raw === raw) return () => true;
      if (begun?.raw !== raw) begun = { raw, steps: readSteps(raw) };
      const mine = begun;
      return (timeLeft) => {
        // Done once a read (or a write, or another prepared read) has taken over.
        if (begun !== mine) return true;
        while (timeLeft() > 0) {
          const next = mine.steps.next();
          if (next.done) {
            begun = null;
            cache = next.value;
            return true;
          }
        }
        return false;
      };
    },
    checkRecord(text) {
      const decoded = decodeJSON(text);
      if (!decoded.ok) return { ok: false, reason: decoded.reason };
      const normalized = options.normalize ? options.normalize(decoded.value) : decoded.value;
      const parsed = record.safeParse(normalized);
      if (!parsed.success) return { ok: false, reason: describeIssues(parsed.error, normalized) };
      const rec = options.assignId ? options.assignId(parsed.data, 0, new Set()) : parsed.data;
      return { ok: true, record: rec };
    },
    unreadableIn(raw) {
      const positions: Array<number | null> = [];
      finish(
        readSteps(raw, (entry) => {
          positions.push(entry.index);
          return true;
        }),
      );
      return positions;
    },
    write: (list) => writeList(list),
    check(text) {
      const decoded = decodeJSON(text);
      if (!decoded.ok) return { ok: false, reason: decoded.reason };
      if (!Array.isArray(decoded.value)) return { ok: false, reason: 'value: expected a list of records' };
      const records: R[] = [];
      for (const [index, value] of decoded.value.entries()) {
        const normalized = options.normalize ? options.normalize(value) : value;
        const parsed = record.safeParse(normalized);
        if (!parsed.success)
          return { ok: false, reason: `record ${index + 1}, ${describeIssues(parsed.error, normalized)}` };
        records.push(parsed.data);
      }
      return { ok: true, value: records };
    },
    remove() {
      if (readState().unsafe > 0) {
        return {
          ok: false,
          error: new StorageWriteError(
            key,
            'unknown',
            'Some saved records could not be read or set aside, so they were not removed.',
          ),
        };
      }
      const result = rawRemove(key);
      if (result.ok) {
        cache = null;
        begun = null;
      }
      return result;
    },
    subscribe(listener) {
      return watchKey(key, () => listener(read()));
    },
    save(next, base) {
      const stored = read();
      const storedById = new Map(stored.map((r) => [idOf(r), r]));
      const baseById = new Map(base.map((r) => [idOf(r), r]));
      const nextIds = new Set<string>();
      const conflicts: Array<Conflict<R>> = [];
      const replaced = new Map<string, R>();
      const added: R[] = [];
      const removed = new Set<string>();
      const stamp = new Date().toISOString();
      for (const mine of next) {
        const id = idOf(mine);
        nextIds.add(id);
        const before = baseById.get(id);
        if (before === mine) continue;
        const theirs = storedById.get(id);
        if (!before) {
          if (theirs) {
            if (!sameContent(theirs, mine)) conflicts.push({ id, mine, theirs });
          } else added.push({ ...mine, rev: 1, updatedAt: stamp });
          continue;
        }
        if (sameContent(before, mine)) continue;
        if (!theirs) conflicts.push({ id, mine, theirs: null });
        else if (!sameContent(theirs, before)) {
          // Changed elsewhere since this view loaded it (whatever its revision says).
          if (!sameContent(theirs, mine)) conflicts.push({ id, mine, theirs });
        } else replaced.set(id, { ...mine, rev: revOf(theirs) + 1, updatedAt: stamp });
      }
      for (const [id, before] of baseById) {
        if (nextIds.has(id)) continue;
        const theirs = storedById.get(id);
        if (!theirs) continue;
        if (!sameContent(theirs, before)) conflicts.push({ id, mine: null, theirs });
        else removed.add(id);
      }
      // The order this view gave its records wins when it changed it (inventory drag and drop).
      const baseOrder = base.map(idOf).filter((id) => nextIds.has(id));
      const nextOrder = next.map(idOf).filter((id) => baseById.has(id));
      const reordered = baseOrder.some((id, i) => nextOrder[i] !== id);
      if (!added.length && !replaced.size && !removed.size && !reordered)
        return { ok: true, records: stored, conflicts };
      let list = stored.filter((r) => !removed.has(idOf(r))).map((r) => replaced.get(idOf(r)) ?? r);
      if (reordered) {
        const byId = new Map(list.map((r) => [idOf(r), r]));
        const ordered = next.map((r) => byId.get(idOf(r))).filter((r): r is R => r !== undefined);
        const inOrder = new Set(ordered.map(idOf));
        list = [...ordered, ...list.filter((r) => !inOrder.has(idOf(r)))];
      }
      list = placeAdded(list, added, next, idOf);
      // A collection with an order (events) is written in it: see writeList.
      if (options.order) list = list.slice().sort(options.order);
      const result = writeList(list);
      if (!result.ok) return { ok: false, error: result.error, records: stored, conflicts };
      return { ok: true, records: list, conflicts };
    },
  };
}

/**
 * One view's link to a collection: remembers what the view last loaded or saved (the base of its
 * next save), turns conflicting records back to the stored version in that base (so resolving a
 * conflict writes for real), and keeps a failed write's change to retry it.
 */
export interface CollectionSync<R> {
  save(next: readonly R[]): SaveResult<R>;
  /** The view took a new list from storage (another tab's change): it is the new base. */
  rebase(list: readonly R[]): void;
  /** True while a failed write waits for a retry. */
  pending(): boolean;
  /** The list the next save is compared with (what the view last loaded or saved). */
  base(): readonly R[];
}

export function createCollectionSync<R extends object>(
  store: CollectionAccessor<R>,
  initial: readonly R[],
): CollectionSync<R> {
  let base = initial;
  let failed = false;
  return {
    save(next) {
      const result = store.save(next, base);
      failed = !result.ok;
      if (!result.ok) return result;
      if (!result.conflicts.length) {
        base = next;
        return result;
      }
      const theirs = new Map(result.conflicts.map((c) => [c.id, c.theirs]));
      const rebased = next.flatMap((r) => {
        const id = store.idOf(r);
        if (!theirs.has(id)) return [r];
        const stored = theirs.get(id);
        return stored ? [stored] : [];
      });
      const inNext = new Set(next.map(store.idOf));
      for (const c of result.conflicts) if (!inNext.has(c.id) && c.theirs) rebased.push(c.theirs);
      base = rebased;
      return result;
    },
    rebase(list) {
      base = list;
      failed = false;
    },
    pending: () => failed,
    base: () => base,
  };
}

export { announceLocalChange };
