/**
 * How the Recovered data screen describes a set-aside entry to a caterer: what it is (with the
 * record's name when its text has one), when, how big, the download file name and the toasts.
 * Pure functions.
 */
import { describeSetAside } from './dataNames';

export interface SetAsideInfo {
  key: string;
  index: number | null;
  text: string;
  time: number;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The name a record's text gives (EventName, name, supplierName, first and last name), else null. */
export function recordNameOf(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text_ = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim() : null);
  const person = [text_(v.firstName), text_(v.lastName)].filter(Boolean).join(' ');
  return text_(v.EventName) ?? text_(v.name) ?? text_(v.supplierName) ?? (text_(v.firstName) ? person : null);
}

/** 'An inventory item', 'Discount of event 4', 'The whole list of events'. */
export function whatItIs(entry: SetAsideInfo): string {
  return capitalize(describeSetAside(entry.key, entry.index !== null));
}

/** The card's title: 'An inventory item: Butter', 'Discount of event 4'. */
export function entryLabel(entry: SetAsideInfo): string {
  const name = entry.index !== null ? recordNameOf(entry.text) : null;
  return name ? `${whatItIs(entry)}: ${name}` : whatItIs(entry);
}

/** Size of the text as stored (UTF-8): '312 bytes', '4.2 KB'. */
export function sizeLabel(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes === 1) return '1 byte';
  if (bytes < 1024) return `${bytes} bytes`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Local date and time it was set aside; earlier builds' unreadable entries may have no time. */
export function setAsideWhen(time: number): string {
  if (!time) return 'unknown time';
  return new Date(time).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const isoDay = (time: number) => {
  const d = new Date(time || Date.now());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** `recovered-events-2026-11-23.json` (the day it was set aside); `.txt` when the text is not JSON. */
export function recoveredFileName(entry: SetAsideInfo): string {
  let json = true;
  try {
    JSON.parse(entry.text);
  } catch {
    json = false;
  }
  const stem = entry.key.replace(/[^A-Za-z0-9_-]+/g, '_') || 'value';
  return `recovered-${stem}-${isoDay(entry.time)}.${json ? 'json' : 'txt'}`;
}

/** The success toast after a put back: 'An event was put back', with counts for a whole list. */
export function putBackTitle(
  entry: SetAsideInfo,
  result: { added: number; skipped: number; replaced: boolean },
): string {
  const what = whatItIs(entry);
  if (entry.index !== null)
    return `${what} was ${result.replaced ? 'put back in place of the existing one' : 'put back'}`;
  if (result.added || result.skipped) {
    const skipped = result.skipped
      ? `, ${result.skipped} already there ${result.skipped === 1 ? 'was' : 'were'} skipped`
      : '';
    return `${what} was put back: ${result.added} added${skipped}`;
  }
  return `${what} was put back`;
}

export function discardedTitle(entry: SetAsideInfo): string {
  return `${whatItIs(entry)} was discarded`;
}
