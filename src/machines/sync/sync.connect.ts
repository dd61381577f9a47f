/**
 * What the views show of the sync machine: the nav's status in words, and the conflict dialog's
 * comparison of the two versions of a record. Pure (unit-tested without React).
 */
import type { SnapshotFrom } from 'xstate';
import {
  defaultChoices,
  differences,
  mergeDrafts,
  shownDifferences,
  type FieldDifference,
  type Side,
} from '../../domain/conflict';
import { eventFieldLabels } from '../../domain/events';
import { itemFieldLabels } from '../../domain/inventory';
import { countGroupOf, STORAGE_FULL_MESSAGE, type SyncConflict } from '../../sync/engine';
import type { syncMachine } from './sync.machine';

export type SyncSnapshot = SnapshotFrom<typeof syncMachine>;

export type SyncTone = 'off' | 'saved' | 'saving' | 'offline' | 'failed' | 'conflict';

export interface SyncStatus {
  tone: SyncTone;
  /** The status in words, as the nav shows it. */
  text: string;
  /** "Last synced 10:42" (null before the first sync). */
  last: string | null;
  /** The Retry button is offered. */
  canRetry: boolean;
  /** Why the sync stopped, when the caterer can do something about it (this browser's storage is full). */
  detail?: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function formatTime(at: number, now: number): string {
  const date = new Date(at);
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return new Date(now).toDateString() === date.toDateString()
    ? time
    : `${date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}, ${time}`;
}

export function syncStatus(snapshot: SyncSnapshot, now = Date.now()): SyncStatus {
  const { pending, lastSyncedAt } = snapshot.context;
  const last = lastSyncedAt === null ? null : `Last synced ${formatTime(lastSyncedAt, now)}`;
  if (snapshot.hasTag('demo'))
    return {
      tone: 'off',
      text: 'Demo account: kept on this device only (its password is public, so it never syncs)',
      last: null,
      canRetry: false,
    };
  if (snapshot.matches('starting') || snapshot.hasTag('disabled'))
    return { tone: 'off', text: 'Saved on this device only', last, canRetry: false };
  if (snapshot.hasTag('offline'))
    return {
      tone: 'offline',
      text: `Offline — ${plural(pending, 'change', 'changes')} kept on this device`,
      last,
      canRetry: false,
    };
  if (snapshot.hasTag('failed'))
    return {
      tone: 'failed',
      text: 'Could not sync — Retry',
      last,
      canRetry: true,
      ...(snapshot.context.error === STORAGE_FULL_MESSAGE ? { detail: STORAGE_FULL_MESSAGE } : {}),
    };
  if (snapshot.hasTag('conflict'))
    return {
      tone: 'conflict',
      text: `Changed on two devices — ${plural(snapshot.context.conflicts.length, 'record needs', 'records need')} your choice`,
      last,
      canRetry: false,
    };
  if (snapshot.hasTag('saving')) return { tone: 'saving', text: 'Saving…', last, canRetry: false };
  if (pending > 0) return { tone: 'saving', text: 'Saving…', last, canRetry: false };
  return { tone: 'saved', text: 'All changes saved to your account', last, canRetry: false };
}

/** Words for the collections (the question's counts, the storage section). */
export const collectionWords: Record<string, [string, string]> = {
  inventoryItems: ['inventory item', 'inventory items'],
  suppliers: ['supplier', 'suppliers'],
  employees: ['employee', 'employees'],
  events: ['event', 'events'],
  selectedItems: ['selected item', 'selected items'],
  ingredientLines: ['ingredient line', 'ingredient lines'],
  staffLines: ['staff assignment', 'staff assignments'],
  percentages: ['discount or tax', 'discounts and taxes'],
  deletedEventIds: ['deleted event', 'deleted events'],
  businessProfile: ['business profile', 'business profiles'],
  customers: ['customer', 'customers'],
  issuedDocuments: ['issued quote or invoice', 'issued quotes and invoices'],
  documentNumbers: ['quote or invoice number count', 'quote and invoice number counts'],
};

/** "12 inventory items, 3 events" (the collections with records, in a fixed order). */
export function describeCounts(counts: Readonly<Record<string, number>>): string {
  const parts = Object.keys(collectionWords)
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => plural(counts[k]!, ...collectionWords[k]!));
  return parts.length ? parts.join(', ') : 'nothing yet';
}

/** Server collections (`ingredientList-4`, `staffList-4`, `4-taxPercentage`) grouped as the counts are. */
export const groupOf = countGroupOf;

const recordName: Record<string, string> = {
  inventoryItems: 'inventory item',
  suppliers: 'supplier',
  employees: 'employee',
  events: 'event',
  selectedItems: 'selected item',
  ingredientLines: 'ingredient line',
  staffLines: 'staff assignment',
  percentages: 'percentage',
  deletedEventIds: 'deleted event',
  businessProfile: 'business profile',
  customers: 'customer',
  issuedDocuments: 'issued quote or invoice',
  documentNumbers: 'quote or invoice number count',
};

type Flat = Record<string, string>;
function flatten(record: object | null): Flat {
  const flat: Flat = {};
  if (!record) return flat;
  for (const [field, value] of Object.entries(record)) {
    if (field === 'rev' || field === 'updatedAt' || value === undefined) continue;
    flat[field] = typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  }
  return flat;
}

/** The forms' labels of a collection's fields, where the app has them. */
const fieldLabelsOf: Record<string, Readonly<Record<string, string>>> = {
  events: eventFieldLabels,
  inventoryItems: itemFieldLabels,
};

/** A field's name in words when no form labels it: `supplierName` → "Supplier name". */
export function fieldWords(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface ConflictView {
  key: string;
  /** 'supplier "Acme"' for the dialog's text. */
  what: string;
  deletedElsewhere: boolean;
  deletedHere: boolean;
  diffs: FieldDifference[];
  /** Each differing field's label: the form's where the app has one, else the field's name in words. */
  labels: Record<string, string>;
  initialChoices: Record<string, Side>;
  /** The merged record for the chosen fields (values of the chosen side, as stored). */
  merge(choices: Readonly<Record<string, Side>>): object;
}

/** A value that holds nothing: absent, empty text, an empty list or object, null. */
const blank = (text: string) => text === '' || text === '[]' || text === '{}' || text === 'null';

/** The first open conflict, as the dialog shows it. */
export function conflictView(conflict: SyncConflict | undefined): ConflictView | null {
  if (!conflict) return null;
  const { mine, theirs } = conflict;
  const named = (mine ?? theirs) as Record<string, unknown> | null;
  const person = [named?.firstName, named?.lastName].filter((v) => typeof v === 'string' && v).join(' ');
  const label =
    named?.name ??
    named?.EventName ??
    named?.supplierName ??
    named?.itemName ??
    named?.number ??
    (person || conflict.record_id);
  const kind = recordName[groupOf(conflict.collection)] ?? 'record';
  const diffs = differences({}, flatten(mine), flatten(theirs));
  return {
    key: conflict.key,
    what: `${kind} “${String(label)}”`,
    deletedElsewhere: theirs === null,
    deletedHere: mine === null,
    // Allergen ids, dietary needs and menu lines in the dialog's words (issue 21); a field absent on one side
    // and empty on the other ("(empty)" against "[]") is not shown as a difference.
    diffs: shownDifferences(diffs.filter((d) => !(blank(d.mine) && blank(d.theirs)))),
    labels: Object.fromEntries(
      diffs.map((d) => [d.field, fieldLabelsOf[conflict.collection]?.[d.field] ?? fieldWords(d.field)]),
    ),
    initialChoices: defaultChoices(diffs),
    merge: (choices) => mergeDrafts(mine ?? {}, theirs ?? {}, choices),
  };
}

/** Where the events are kept (issue 24 part 7): on this device, in the account, only in the account. */
export interface EventHoldings {
  here: { events: number; bytes: number };
  account: { events: number; bytes: number } | null;
  onlyInAccount: number;
}

/**
 * The events' part of the storage section: this browser's events (with their per-event keys: ingredient
 * lists, staff lists, discounts and taxes) and their size in UTF-16 bytes, the account's (the same
 * per-event collections counted in its size), and how many this device keeps only in the account.
 */
export function eventHoldings(
  localEvents: number,
  localCharacters: number,
  onlyInAccount: number,
  collections: ReadonlyArray<{ collection: string; records: number; bytes: number }> | null,
): EventHoldings {
  let account: EventHoldings['account'] = null;
  if (collections) {
    account = { events: 0, bytes: 0 };
    for (const c of collections) {
      const group = groupOf(c.collection);
      if (c.collection === 'events') account.events += c.records;
      if (c.collection === 'events' || group === 'ingredientLines' || group === 'staffLines' || group === 'percentages')
        account.bytes += Number(c.bytes) || 0;
    }
  }
  return { here: { events: localEvents, bytes: localCharacters * 2 }, account, onlyInAccount };
}

/** "Keep events on this device for" choices, in words. */
export const keepMonthWords = (months: number): string =>
  months === 0 ? 'Every event (keep all here)' : `${months} months`;
