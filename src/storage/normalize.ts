/**
 * What earlier versions of the app wrote, made readable: numbers typed into inputs were stored as
 * strings ("3.25"), phone numbers as numbers, flags as "true"/"false", and optional lists were left
 * out. Each record type lists its fields; anything not listed is kept as it is.
 */

import { fingerprint } from './recovered';

export interface FieldKinds {
  numbers?: readonly string[];
  /** Text fields that may hold a number (phone, SKU, supplier id): kept as text. */
  texts?: readonly string[];
  booleans?: readonly string[];
  /** Lists that may be missing: missing means empty. */
  lists?: readonly string[];
  /** Nested lists of records with their own kinds. */
  nested?: Readonly<Record<string, FieldKinds>>;
}

/** A number as a person types it: `3.25`, `-4`, `.5`, `1e3` (not `0x10`, which `Number()` also reads). */
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;

/**
 * "3.25" → 3.25, " 4 " → 4; anything else unchanged (the schema then says why it fails, and the
 * record is set aside): "", "3 kg", "1,5", and hex, octal or binary text such as "0x10", which is not
 * how anyone types a quantity or a price and must not be read as 16.
 */
export function numberFrom(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!DECIMAL.test(text)) return value;
  const n = Number(text);
  return Number.isFinite(n) ? n : value;
}

function textFrom(value: unknown): unknown {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

function booleanFrom(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

export function normalizeRecord(value: unknown, kinds: FieldKinds): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of kinds.numbers ?? []) if (field in out) out[field] = numberFrom(out[field]);
  for (const field of kinds.texts ?? []) if (field in out) out[field] = textFrom(out[field]);
  for (const field of kinds.booleans ?? []) if (field in out) out[field] = booleanFrom(out[field]);
  for (const field of kinds.lists ?? []) if (out[field] === undefined || out[field] === null) out[field] = [];
  for (const [field, inner] of Object.entries(kinds.nested ?? {})) {
    if (Array.isArray(out[field])) out[field] = (out[field] as unknown[]).map((v) => normalizeRecord(v, inner));
  }
  return out;
}

export const inventoryItemKinds: FieldKinds = {
  numbers: ['amountPerUnit', 'quantity', 'costPerUnit', 'whenToOrder', 'rev'],
  texts: ['id', 'sku', 'name', 'supplierName'],
};
export const supplierKinds: FieldKinds = { numbers: ['rev'], texts: ['supplierID', 'phone', 'supplierName'] };
export const employeeKinds: FieldKinds = { numbers: ['rev', 'hourlyRate'], texts: ['id', 'phone'] };
export const staffAssignmentKinds: FieldKinds = { numbers: ['rev'], texts: ['id', 'employeeId', 'name', 'role'] };
export const specialtyIngredientKinds: FieldKinds = {
  numbers: ['unitQuantity', 'quantityNeeded', 'costPerUnit', 'perGuest'],
  texts: ['supplierName', 'name'],
  booleans: ['onHand', 'needToOrder'],
};
export const eventKinds: FieldKinds = {
  numbers: ['id', 'NumberOfGuests', 'rev'],
  texts: ['EventName', 'VenueStreetAddress'],
  lists: ['ingredients', 'menuItems', 'notes', 'pricing'],
  nested: {
    ingredients: specialtyIngredientKinds,
    pricing: { numbers: ['price'] },
  },
};
export const chosenIngredientKinds: FieldKinds = {
  numbers: ['costPerUnit', 'amountPerUnit', 'quantity', 'perGuest', 'rev'],
  texts: ['id'],
};
export const selectedItemKinds: FieldKinds = { booleans: ['orderPlaced'], texts: ['id'] };

/**
 * Gives list entries without an id one derived from their content (the same on every read and in
 * every tab, and it does not move when an earlier entry is deleted), so a tool finds the line being
 * edited by id after another tab's save. The spec's field names stay as they are; the id is added.
 */
export function giveEntryIds(list: unknown[], prefix: string): unknown[] {
  const taken = new Set(
    list.flatMap((e) =>
      e && typeof e === 'object' && typeof (e as { id?: unknown }).id === 'string' ? [(e as { id: string }).id] : [],
    ),
  );
  return list.map((entry) => {
    if (
      !entry ||
      typeof entry !== 'object' ||
      Array.isArray(entry) ||
      typeof (entry as { id?: unknown }).id === 'string'
    )
      return entry;
    const base = `${prefix}-${fingerprint(JSON.stringify(entry))}`;
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return { ...(entry as object), id };
  });
}

/**
 * An event as a read of the stored list gives it: its four lists present (a missing or null one is an empty
 * list, as {@link normalizeRecord} makes it). The same object when nothing is missing. Used on events pulled
 * from the account (syncData.ts `storedForm`): one written there without its lists (the events form writes
 * none but the ingredients) read back here with them, so this device's sync took it for a change of its own,
 * sent it back, and the device that wrote it was asked about a conflict nobody made (issue 24).
 */
export function withEventLists<T extends object>(record: T): T {
  const r = record as Record<string, unknown>;
  if (eventKinds.lists!.every((field) => Array.isArray(r[field]))) return record;
  const out: Record<string, unknown> = { ...r };
  for (const field of eventKinds.lists!) if (out[field] === undefined || out[field] === null) out[field] = [];
  return out as T;
}

/** Notes were sometimes plain strings: `"Nut allergy"` → `{ notes: "Nut allergy" }`. Specialty ingredients and notes get ids (giveEntryIds). */
export function normalizeEvent(value: unknown): unknown {
  const out = normalizeRecord(value, eventKinds);
  if (out && typeof out === 'object' && Array.isArray((out as { notes?: unknown }).notes)) {
    const rec = out as { notes: unknown[] };
    rec.notes = giveEntryIds(
      rec.notes.map((n) => (typeof n === 'string' ? { notes: n } : n)),
      'note',
    );
  }
  if (out && typeof out === 'object' && Array.isArray((out as { ingredients?: unknown }).ingredients)) {
    const rec = out as { ingredients: unknown[] };
    rec.ingredients = giveEntryIds(rec.ingredients, 'sp');
  }
  if (out && typeof out === 'object' && Array.isArray((out as { menuItems?: unknown }).menuItems)) {
    const rec = out as { menuItems: unknown[] };
    rec.menuItems = rec.menuItems.map((m) => (typeof m === 'number' ? String(m) : m));
  }
  return out;
}

/** Discount and tax were stored as the input's text: `10`, `"12.5"`, `12.5%`, or empty. */
export function decodePercent(raw: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  const text = raw.trim();
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    value = text.replace(/%$/, '');
  }
  if (value === '' || value === null) return { ok: true, value: 0 };
  if (typeof value === 'string') value = value.trim().replace(/%$/, '');
  return { ok: true, value: numberFrom(value) };
}
