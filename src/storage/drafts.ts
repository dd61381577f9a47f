/**
 * Drafts: what was typed in a form and not yet saved, so a reload, browser Back/Forward or a visit
 * to another page loses nothing (issue 25). One key per form, `draft:<form>`, holding the values as
 * typed, and for a form that edits an existing record its id and the record's values when editing
 * began (`base`): a draft whose record changed or was deleted meanwhile is dropped, never applied
 * over the newer record.
 *
 * Drafts belong to the signed-in account's data set: they move with it when another account signs
 * in on this browser (accounts.ts `isAccountDataKey`) and writes are refused while another account
 * owns the data. They are not app keys (`isAppKey`): a backup leaves them out and a restore never
 * writes one, so a half-typed form can never be restored over another account (or another day).
 */
import { draftPrefix, isDraftKey } from './owned';
import { defineKey, type KeyAccessor } from './store';

export { draftPrefix, isDraftKey };

/** The forms that keep a draft. */
export const draftForms = ['newEvent', 'inventoryAdd', 'inventoryEdit', 'suppliers', 'employees', 'settings'] as const;
export type DraftForm = (typeof draftForms)[number];

export type DraftValues = Record<string, string | number>;

export interface StoredDraft {
  /** The form's values as typed. */
  values: DraftValues;
  /** The record being edited (Edit Item, or a supplier or employee under edit); absent when adding. */
  recordId?: string | null;
  /** The edited record's form values when editing began: the draft applies only while the record still has them. */
  base?: DraftValues | null;
  /** When it was last typed (ms since 1970). */
  savedAt: number;
}

const isValues = (value: unknown): value is DraftValues =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number');

const draftSchema = {
  safeParse(value: unknown): { success: true; data: StoredDraft } | { success: false } {
    if (typeof value !== 'object' || value === null) return { success: false };
    const d = value as Partial<StoredDraft>;
    const ok =
      isValues(d.values) &&
      typeof d.savedAt === 'number' &&
      (d.recordId === undefined || d.recordId === null || typeof d.recordId === 'string') &&
      (d.base === undefined || d.base === null || isValues(d.base));
    return ok ? { success: true, data: d as StoredDraft } : { success: false };
  },
};

const accessors = new Map<DraftForm, KeyAccessor<StoredDraft | null>>();

/** The draft of one form (null when there is none). */
export function draftStore(form: DraftForm): KeyAccessor<StoredDraft | null> {
  let accessor = accessors.get(form);
  if (!accessor) {
    accessor = defineKey<StoredDraft | null>(`${draftPrefix}${form}`, draftSchema as never, () => null);
    accessors.set(form, accessor);
  }
  return accessor;
}

/**
 * The Tool Kit's forms keep one draft per event (issue 25): `draft:toolkit-<form>-<eventId>`, so one
 * event's typing never shows on another event's Tool Kit. The value is the form's own shape (see the
 * Tool Kit's machines); its reader checks it (src/app/toolkit/toolkitDrafts.ts).
 */
export const toolkitDraftForms = ['inventory', 'specialty', 'menu', 'note', 'price', 'rates', 'payment'] as const;
export type ToolkitDraftForm = (typeof toolkitDraftForms)[number];

export interface StoredToolkitDraft {
  value: unknown;
  /** When it was last typed (ms since 1970). */
  savedAt: number;
}

const toolkitDraftSchema = {
  safeParse(value: unknown): { success: true; data: StoredToolkitDraft } | { success: false } {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { success: false };
    const d = value as Partial<StoredToolkitDraft>;
    return typeof d.savedAt === 'number' && 'value' in d
      ? { success: true, data: d as StoredToolkitDraft }
      : { success: false };
  },
};

const toolkitAccessors = new Map<string, KeyAccessor<StoredToolkitDraft | null>>();

/** The key of one Tool Kit form's draft of one event. */
export const toolkitDraftKey = (form: ToolkitDraftForm, eventId: number) => `${draftPrefix}toolkit-${form}-${eventId}`;

/** The draft of one Tool Kit form of one event (null when there is none). */
export function toolkitDraftStore(eventId: number, form: ToolkitDraftForm): KeyAccessor<StoredToolkitDraft | null> {
  const key = toolkitDraftKey(form, eventId);
  let accessor = toolkitAccessors.get(key);
  if (!accessor) {
    accessor = defineKey<StoredToolkitDraft | null>(key, toolkitDraftSchema as never, () => null);
    toolkitAccessors.set(key, accessor);
  }
  return accessor;
}
