/**
 * `markReturned` (src/sync/engine.ts): what a pull notes before deciding pages since the push notes the
 * outbox in slices (e19d079). A record kept only in the account that is here again as the account has it
 * is no longer kept only there; nothing else changes, and the data is read only when something is away
 * (eighth mutation pass, docs/testing.md).
 */
import { describe, expect, it } from 'vitest';
import { emptySyncState, hashRecord, keyOf, markReturned, type Snapshot, type SyncState } from '../../src/sync/engine';

const ev = (id: number, name = `Event ${id}`) => ({ id, EventName: name, EventDate: '2020-01-01' });
const dataOf = (events: object[]): Snapshot =>
  new Map([['events', new Map(events.map((e) => [String((e as { id: number }).id), e]))]]) as Snapshot;
const away = (rev: number, record: object) => ({
  rev,
  hash: hashRecord(record),
  away: true as const,
  date: '2020-01-01',
});

describe('markReturned', () => {
  it('with nothing kept only in the account: the same state, the data never read', () => {
    const state: SyncState = {
      ...emptySyncState(),
      shadow: { [keyOf('events', '1')]: { rev: 2, hash: hashRecord(ev(1)) } },
    };
    let reads = 0;
    const next = markReturned(state, () => {
      reads++;
      return dataOf([ev(1)]);
    });
    expect(next).toBe(state);
    expect(reads).toBe(0);
  });

  it('a record here again as the account has it is agreed, no longer away; the others are left as they are', () => {
    const state: SyncState = {
      ...emptySyncState(),
      cursor: 7,
      shadow: {
        [keyOf('events', '1')]: away(3, ev(1)), // here again, the same
        [keyOf('events', '2')]: away(4, ev(2)), // here, changed: stays away (a conflict for the push)
        [keyOf('events', '3')]: away(5, ev(3)), // not here
        [keyOf('events', '4')]: { rev: 1, hash: hashRecord(ev(4)) },
      },
    };
    let reads = 0;
    const next = markReturned(state, () => {
      reads++;
      return dataOf([ev(1), ev(2, 'Changed here'), ev(4)]);
    });
    expect(reads).toBe(1);
    expect(next.shadow).toEqual({
      [keyOf('events', '1')]: { rev: 3, hash: hashRecord(ev(1)) },
      [keyOf('events', '2')]: away(4, ev(2)),
      [keyOf('events', '3')]: away(5, ev(3)),
      [keyOf('events', '4')]: { rev: 1, hash: hashRecord(ev(4)) },
    });
    expect(next.cursor).toBe(7);
    // The stored state is not changed in place.
    expect(state.shadow[keyOf('events', '1')]).toEqual(away(3, ev(1)));
  });

  it('a record waiting for the user’s choice is left to it', () => {
    const key = keyOf('events', '1');
    const state: SyncState = {
      ...emptySyncState(),
      shadow: { [key]: away(3, ev(1)) },
      conflicts: { [key]: { key, collection: 'events', record_id: '1', mine: ev(1), theirs: ev(1), theirsRev: 3 } },
    };
    expect(markReturned(state, () => dataOf([ev(1)]))).toBe(state);
  });

  it('nothing here again: the same state', () => {
    const state: SyncState = { ...emptySyncState(), shadow: { [keyOf('events', '1')]: away(3, ev(1)) } };
    expect(markReturned(state, () => dataOf([]))).toBe(state);
  });
});
