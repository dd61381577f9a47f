/**
 * The embedded database's warm-up (docs/performance.md, "First sync, third pass"): PGlite is WebAssembly,
 * and on a freshly started process V8 runs it at its baseline tier, optimising the hot functions only as
 * they run; the first pushes of a server paid for that (~1 s of CPU on the first sync of a big business).
 * When the server opens its database at start (DB_OPEN=start, as `npm start` is run in production), it
 * rehearses a first upload once, as a made-up account, in a transaction that is rolled back: the push of
 * a batch of records of the usual collections, an edit of them, and a pull. Nothing is written.
 */
import { randomUUID } from 'node:crypto';

const FIELDS = {
  name: 'Warm-up item',
  category: 'Dry Storage',
  supplierName: 'Supplier',
  unit: 'kg',
  packageType: 'bag',
  costPerUnit: 3.25,
  amountPerUnit: 5,
  quantity: 3,
  notes: 'A record of about the usual size, so that the same paths of the push run as for real records.',
};

/** `count` changes of the collections a first upload sends (items, events, their tool kits), as records with ids. */
export function warmUpChanges(count: number, revs?: Map<string, number>): Record<string, unknown>[] {
  const changes: Record<string, unknown>[] = [];
  for (let i = 0; changes.length < count; i++) {
    const eventId = 100 + i;
    const add = (collection: string, recordId: string, record: object) => {
      if (changes.length >= count) return;
      const base = revs?.get(`${collection}/${recordId}`) ?? null;
      changes.push({ client_change_id: randomUUID(), collection, record_id: recordId, base_rev: base, record });
    };
    add('inventoryItems', `W-${i}`, { ...FIELDS, id: `W-${i}`, sku: `W-${i}` });
    add('events', String(eventId), { ...FIELDS, id: eventId, date: '2026-01-01', guests: 50 });
    for (let k = 0; k < 3; k++)
      add(`ingredientList-${eventId}`, `L-${k}`, { ...FIELDS, lineId: `L-${k}`, id: `W-${k}`, per: 'event' });
    add(`staffList-${eventId}`, `S-0`, { ...FIELDS, id: `S-0`, hours: 4 });
    add(`${eventId}-taxPercentage`, 'value', { value: 15 });
  }
  return changes;
}

/** The statements of the rehearsal: a first push of `count` changes, an edit of each record, a pull. */
export function warmUpStatements(count: number): { sql: string; params: unknown[] }[] {
  const first = warmUpChanges(count);
  const revs = new Map(first.map((c) => [`${String(c.collection)}/${String(c.record_id)}`, 1]));
  const edit = warmUpChanges(count, revs);
  return [
    { sql: 'select public.sync_push_many(changes => $1::jsonb)::text as result', params: [JSON.stringify(first)] },
    { sql: 'select public.sync_push_many(changes => $1::jsonb)::text as result', params: [JSON.stringify(edit)] },
    {
      sql: 'select public.sync_pull(since => $1::bigint, max_rows => $2::integer)::text as result',
      params: ['0', '1000'],
    },
  ];
}

/** A made-up account's claims for the rehearsal (its rows are rolled back with the transaction). */
export function warmUpClaims(): Record<string, unknown> {
  return { sub: randomUUID(), role: 'authenticated', aud: 'authenticated' };
}
