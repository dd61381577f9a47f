/**
 * Backup and verified restore: pure functions over a map of localStorage key → raw stored text.
 *
 * The backup file (format version 1) is one JSON object:
 *
 *   {
 *     "format": "cater-captain-backup",
 *     "formatVersion": 1,
 *     "createdAt": "2026-11-23T11:30:00.000Z",   // when it was made (ISO 8601, UTC)
 *     "appVersion": "0.1.0",                      // the app that made it
 *     "sha256": "<64 hex digits>",                // SHA-256 of canonicalPayload(payload), UTF-8
 *     "payload": { "<key>": "<raw stored text>" } // every key the app owns (see storage/owned.ts)
 *   }
 *
 * Values are the exact text localStorage held, so a restore puts back the same bytes. The checksum is
 * over a canonical serialisation of the payload (keys sorted by code unit, each key and value
 * JSON-encoded), so pretty-printing or reordering the file does not matter but changing one character
 * of a value does. A plain JSON dump of the earlier app's localStorage (`{ key: value }`) is accepted
 * too: only the keys the app owns are kept, and values are normalised to raw stored text.
 */
import { parseJson, parseJsonSafely } from '../storage/json';
import { collectionKeys, isAppKey, isPerEventKey, preferenceKeys, type CollectionKey } from '../storage/owned';

export const BACKUP_FORMAT = 'cater-captain-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** Raw stored text per localStorage key. */
export type AppData = Record<string, string>;

export interface BackupDocument {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  sha256: string;
  payload: AppData;
}

export type RefusalReason = 'not-backup' | 'truncated' | 'tampered' | 'newer-version' | 'damaged' | 'empty';

export interface Refusal {
  reason: RefusalReason;
  /** What the caterer reads. */
  message: string;
}

export interface VerifiedBackup {
  source: 'backup' | 'legacy';
  createdAt: string | null;
  appVersion: string | null;
  /** Only keys the app owns, ready to write. */
  data: AppData;
  /** Keys in the file that the app does not own: left out of the restore, listed for the caterer. */
  ignoredKeys: string[];
}

export type ReadResult = { ok: true; backup: VerifiedBackup } | { ok: false; refusal: Refusal };

const messages: Record<RefusalReason, string> = {
  'not-backup': 'This file is not a Cater Captain backup.',
  truncated: 'The backup is incomplete (the file was cut off).',
  tampered: 'The backup was changed after it was made (its checksum does not match).',
  'newer-version': 'This backup was made by a newer version of Cater Captain. Update the app, then restore it.',
  damaged: 'The backup is damaged: it does not have the parts a backup must have.',
  empty: 'This file holds no Cater Captain data.',
};

/** Why a backup file holding none of the keys the app owns is refused. */
const noAppKeys = 'Restoring it would remove all your data, so nothing was changed.';

export function refusal(reason: RefusalReason, detail?: string): Refusal {
  return { reason, message: detail ? `${messages[reason]} ${detail}` : messages[reason] };
}

/** Keys sorted by UTF-16 code unit, each key and value JSON-encoded: the text the checksum covers. */
export function canonicalPayload(payload: AppData): string {
  const keys = Object.keys(payload).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${JSON.stringify(payload[key])}`).join(',')}}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Only the keys the app owns go in a backup, whatever the caller passes. */
/**
 * Issue 25, item 4: the events a backup holds are the list every page reads: the stored events plus
 * the built-in samples that were never saved and not deleted (`deletedEventIds`), sorted by id
 * descending as the spec keeps them. A browser that never saved the samples backs them up as they
 * show today (restored elsewhere or later they keep these dates). The stored records are kept as
 * stored (unknown fields too); an `events` or `deletedEventIds` value that cannot be read is left as
 * it is, never rewritten.
 */
export function withSampleEvents(data: AppData, samples: ReadonlyArray<{ id: number }>): AppData {
  const read = (key: string): unknown => {
    const text = data[key];
    if (text === undefined) return [];
    try {
      return parseJson(text);
    } catch {
      return undefined;
    }
  };
  const stored = read('events');
  const deleted = read('deletedEventIds');
  if (!Array.isArray(stored) || !Array.isArray(deleted)) return data;
  const idOf = (e: unknown) => (typeof e === 'object' && e !== null ? Number((e as { id?: unknown }).id) : NaN);
  const taken = new Set<number>([...stored.map(idOf), ...deleted.map(Number)]);
  const missing = samples.filter((s) => !taken.has(s.id));
  if (missing.length === 0) return data;
  const events = [...stored, ...missing].sort((a, b) => idOf(b) - idOf(a));
  return { ...data, events: JSON.stringify(events) };
}

export async function buildBackup(data: AppData, createdAt: Date, appVersion: string): Promise<BackupDocument> {
  const payload: AppData = {};
  for (const key of Object.keys(data).sort()) if (isAppKey(key)) payload[key] = data[key]!;
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: createdAt.toISOString(),
    appVersion,
    sha256: await sha256Hex(canonicalPayload(payload)),
    payload,
  };
}

/** The file's text: pretty enough to read, compact enough for a 5 MB backup (values are one string each). */
export function serialiseBackup(doc: BackupDocument): string {
  const { payload, ...head } = doc;
  const lines = Object.keys(payload).map((key) => `    ${JSON.stringify(key)}: ${JSON.stringify(payload[key])}`);
  const headText = JSON.stringify(head, null, 2).slice(0, -2);
  return `${headText},\n  "payload": {\n${lines.join(',\n')}\n  }\n}\n`;
}

/** `cater-captain-backup-YYYY-MM-DD.json`, by the caterer's local date. */
export function backupFileName(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `cater-captain-backup-${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.json`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON.parse failure at the end of the text means the file stops mid-way (a cut-off download). */
function looksCutOff(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{')) return false;
  // A whole JSON object ends with '}'; one cut off does not, or it ends inside a string or value.
  return !trimmed.endsWith('}') || /"format"\s*:\s*"cater-captain-backup"/.test(trimmed.slice(0, 200));
}

/** Collections must hold a JSON array; anything else would be read back as empty and set aside. */
function checkCollections(data: AppData): string | null {
  for (const key of collectionKeys) {
    const raw = data[key];
    if (raw === undefined) continue;
    let parsed: unknown;
    try {
      parsed = parseJson(raw);
    } catch {
      return `Its ${key} are not readable.`;
    }
    if (!Array.isArray(parsed)) return `Its ${key} are not a list.`;
  }
  return null;
}

function splitOwned(entries: Array<[string, string]>): { data: AppData; ignoredKeys: string[] } {
  const data: AppData = {};
  const ignoredKeys: string[] = [];
  for (const [key, value] of entries) {
    if (isAppKey(key)) data[key] = value;
    else ignoredKeys.push(key);
  }
  return { data, ignoredKeys: ignoredKeys.sort() };
}

/** A legacy dump's value as localStorage text: strings holding JSON stay as they are, anything else is JSON-encoded. */
export function normaliseLegacyValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    try {
      parseJson(value);
      return value;
    } catch {
      return JSON.stringify(value);
    }
  }
  return JSON.stringify(value);
}

function readLegacy(dump: Record<string, unknown>): ReadResult {
  const entries: Array<[string, string]> = [];
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(dump)) {
    const raw = normaliseLegacyValue(value);
    if (raw === null) ignored.push(key);
    else entries.push([key, raw]);
  }
  const { data, ignoredKeys } = splitOwned(entries);
  if (Object.keys(data).length === 0) return { ok: false, refusal: refusal('not-backup') };
  const problem = checkCollections(data);
  if (problem) return { ok: false, refusal: refusal('damaged', problem) };
  return {
    ok: true,
    backup: {
      source: 'legacy',
      createdAt: null,
      appVersion: null,
      data,
      ignoredKeys: [...ignoredKeys, ...ignored].sort(),
    },
  };
}

/** Parses and verifies a file's text. Nothing is written: the caller decides after the preview. */
export async function readBackup(text: string): Promise<ReadResult> {
  if (text.trim() === '') return { ok: false, refusal: refusal('empty') };
  let json: unknown;
  try {
    const parsed = parseJsonSafely(text);
    if (parsed.protoKeys > 0)
      return {
        ok: false,
        refusal: refusal('damaged', 'It holds a key named __proto__, which no Cater Captain backup has.'),
      };
    json = parsed.value;
  } catch {
    return { ok: false, refusal: refusal(looksCutOff(text) ? 'truncated' : 'not-backup') };
  }
  if (!isPlainObject(json)) return { ok: false, refusal: refusal('not-backup') };
  if (!('format' in json)) return readLegacy(json);
  if (json.format !== BACKUP_FORMAT) return { ok: false, refusal: refusal('not-backup') };
  const version = json.formatVersion;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { ok: false, refusal: refusal('damaged') };
  if (version > BACKUP_FORMAT_VERSION) return { ok: false, refusal: refusal('newer-version') };
  const { payload, sha256, createdAt, appVersion } = json;
  if (!isPlainObject(payload) || typeof sha256 !== 'string') return { ok: false, refusal: refusal('damaged') };
  const entries = Object.entries(payload);
  if (entries.some(([, value]) => typeof value !== 'string')) return { ok: false, refusal: refusal('damaged') };
  const strings = Object.fromEntries(entries) as AppData;
  if ((await sha256Hex(canonicalPayload(strings))) !== sha256.toLowerCase())
    return { ok: false, refusal: refusal('tampered') };
  const { data, ignoredKeys } = splitOwned(entries as Array<[string, string]>);
  // Restoring a file with none of the app's keys would remove every key there is: refused, nothing changes.
  if (Object.keys(data).length === 0) return { ok: false, refusal: refusal('empty', noAppKeys) };
  const problem = checkCollections(data);
  if (problem) return { ok: false, refusal: refusal('damaged', problem) };
  return {
    ok: true,
    backup: {
      source: 'backup',
      createdAt: typeof createdAt === 'string' ? createdAt : null,
      appVersion: typeof appVersion === 'string' ? appVersion : null,
      data,
      ignoredKeys,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The change preview

export type KeyGroup = 'perEvent' | 'preferences' | 'other';

export interface Change {
  /** A collection key, or a key group. */
  name: CollectionKey | KeyGroup;
  /** What the preview calls it: the collection's key (as in View Your Data) or the group's name. */
  label: string;
  /** Records (collections) or keys (groups). */
  unit: 'records' | 'keys';
  before: number;
  after: number;
  /**
   * Records of the backup that reading will set aside to Recovered data (they fail their record check):
   * not counted in `after` nor in the changes. Always 0 for key groups.
   */
  unreadable: number;
  added: number;
  replaced: number;
  removed: number;
}

export interface RestorePreview {
  changes: Change[];
  /** False when the backup holds exactly the data already here. */
  changesAnything: boolean;
}

const groupLabels: Record<KeyGroup, string> = {
  perEvent: 'Per-event ingredients, staff, discounts and taxes',
  preferences: 'Preferences',
  other: 'Other saved data',
};

function groupOf(key: string): KeyGroup | null {
  if ((collectionKeys as readonly string[]).includes(key)) return null;
  if (isPerEventKey(key)) return 'perEvent';
  if ((preferenceKeys as readonly string[]).includes(key)) return 'preferences';
  return 'other';
}

/** The id a record is matched by, per collection; employees without an id fall back to their email or name. */
export function recordIdOf(collection: CollectionKey, record: unknown): string | null {
  if (!isPlainObject(record)) return null;
  const field = collection === 'suppliers' ? record.supplierID : record.id;
  if (typeof field === 'string' || typeof field === 'number') return String(field);
  if (collection === 'employees') {
    if (typeof record.email === 'string' && record.email) return `email:${record.email}`;
    if (typeof record.firstName === 'string' || typeof record.lastName === 'string')
      return `name:${String(record.firstName ?? '')} ${String(record.lastName ?? '')}`;
  }
  return null;
}

function recordsOf(raw: string | undefined): unknown[] {
  if (raw === undefined) return [];
  try {
    const parsed = parseJson(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Records by id; a record without an id is matched by its whole text, a repeated id by its position among equals. */
function indexRecords(collection: CollectionKey, records: unknown[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const record of records) {
    const text = JSON.stringify(record) ?? 'null';
    const base = recordIdOf(collection, record) ?? `record:${text}`;
    let key = base;
    for (let n = 2; index.has(key); n++) key = `${base}#${n}`;
    index.set(key, text);
  }
  return index;
}

function diff(before: Map<string, string>, after: Map<string, string>) {
  let added = 0;
  let replaced = 0;
  let removed = 0;
  for (const [id, text] of after) {
    const old = before.get(id);
    if (old === undefined) added++;
    else if (old !== text) replaced++;
  }
  for (const id of before.keys()) if (!after.has(id)) removed++;
  return { added, replaced, removed };
}

/**
 * The positions of the records of a collection's stored text that the app's reader sets aside to
 * Recovered data (storage/keys.ts `unreadableRecords`: the record check and repeated ids of the reader itself).
 */
export type UnreadableRecords = (collection: CollectionKey, raw: string) => ReadonlySet<number>;

/** The records of a collection's text that reading keeps, and how many it sets aside. */
function readableRecordsOf(collection: CollectionKey, raw: string | undefined, unreadable: UnreadableRecords) {
  const all = recordsOf(raw);
  if (raw === undefined || all.length === 0) return { all, records: all, setAside: 0 };
  const positions = unreadable(collection, raw);
  return { all, records: all.filter((_, index) => !positions.has(index)), setAside: positions.size };
}

/**
 * What a restore of `next` over `current` changes: per collection by record id, other keys by key.
 * Records are counted as the lists will show them: records reading sets aside (in the backup, or here
 * now) are left out, and the backup's are counted in `unreadable`.
 */
export function previewRestore(current: AppData, next: AppData, unreadable: UnreadableRecords): RestorePreview {
  // Whether the unreadable records themselves differ (a backup bringing one more to set aside changes something).
  let unreadableDiffer = false;
  const changes: Change[] = collectionKeys.map((collection) => {
    const before = readableRecordsOf(collection, current[collection], unreadable);
    const after = readableRecordsOf(collection, next[collection], unreadable);
    if (before.setAside + after.setAside > 0) {
      const whole = diff(indexRecords(collection, before.all), indexRecords(collection, after.all));
      if (whole.added + whole.replaced + whole.removed > 0) unreadableDiffer = true;
    }
    return {
      name: collection,
      label: collection,
      unit: 'records',
      before: before.records.length,
      after: after.records.length,
      unreadable: after.setAside,
      ...diff(indexRecords(collection, before.records), indexRecords(collection, after.records)),
    };
  });
  const groups = (['perEvent', 'preferences', 'other'] as const).map((group) => {
    const pick = (data: AppData) => new Map(Object.entries(data).filter(([key]) => groupOf(key) === group));
    const before = pick(current);
    const after = pick(next);
    return {
      name: group,
      label: groupLabels[group],
      unit: 'keys' as const,
      before: before.size,
      after: after.size,
      unreadable: 0,
      ...diff(before, after),
    };
  });
  const all = [...changes, ...groups];
  // A collection whose text differs only in formatting counts as no change to records, but is still rewritten.
  const changesAnything = unreadableDiffer || all.some((c) => c.added + c.replaced + c.removed > 0);
  return { changes: all, changesAnything };
}

/** One line per preview row: "7 added, 1 replaced, 2 removed", leaving out what is zero. */
export function describeChange(change: Pick<Change, 'added' | 'replaced' | 'removed'>): string {
  const parts = [
    change.added ? `${change.added} added` : '',
    change.replaced ? `${change.replaced} replaced` : '',
    change.removed ? `${change.removed} removed` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'No change';
}

/** Beside the After count when reading will set records aside: "(1 unreadable, kept in Recovered data)"; else ''. */
export function unreadableNote(change: Pick<Change, 'unreadable'>): string {
  return change.unreadable ? `(${change.unreadable} unreadable, kept in Recovered data)` : '';
}
