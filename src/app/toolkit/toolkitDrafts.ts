/**
 * The Tool Kit's drafts (issue 25), per event: what each of its forms holds as typed, read back when
 * the Tool Kit of that event opens again (after a reload, Back or Forward, or closing it) and handed
 * to its machines as input; and the machines' persist/discard effects. The machines decide when a
 * draft is kept or dropped; this file only stores it (src/storage/drafts.ts) and checks what it reads:
 * a draft of the wrong shape (another build's, edited by hand) is ignored, never half applied.
 */
import type { PaymentDraft } from '../../domain/payments';
import type { Per } from '../../domain/scaling';
import type { InventoryPickDraft } from '../../machines/toolkit/inventoryIngredients.machine';
import type { RatesDraft, SavedPriceDraft } from '../../machines/toolkit/pricing.machine';
import type { SavedSpecialtyDraft } from '../../machines/toolkit/specialtyIngredients.machine';
import { toolkitDraftStore, type ToolkitDraftForm } from '../../storage/drafts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isPer = (v: unknown): v is Per => v === 'event' || v === 'guest';
const strings = (v: Record<string, unknown>, keys: string[]) => keys.every((k) => typeof v[k] === 'string');
const editingIdOk = (v: Record<string, unknown>) => v.editingId === null || typeof v.editingId === 'string';

/** Each form's reader: the draft when it has the form's shape, else null. */
const readers = {
  inventory: (v: unknown): InventoryPickDraft | null =>
    isRecord(v) && strings(v, ['category', 'itemId', 'quantityText']) && isPer(v.per)
      ? {
          category: v.category as string,
          itemId: v.itemId as string,
          quantityText: v.quantityText as string,
          per: v.per,
        }
      : null,
  specialty: (v: unknown): SavedSpecialtyDraft | null => {
    if (!isRecord(v) || !isRecord(v.values) || !editingIdOk(v)) return null;
    const d = v.values;
    const fields = ['name', 'unitQuantity', 'units', 'quantityNeeded', 'packageType', 'costPerUnit', 'supplierName'];
    if (!strings(d, fields) || !isPer(d.per) || typeof d.onHand !== 'boolean') return null;
    return { values: d as unknown as SavedSpecialtyDraft['values'], editingId: v.editingId as string | null };
  },
  menu: (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null),
  note: (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null),
  price: (v: unknown): SavedPriceDraft | null =>
    isRecord(v) && isRecord(v.values) && editingIdOk(v) && strings(v.values, ['name', 'price', 'currency'])
      ? { values: v.values as unknown as SavedPriceDraft['values'], editingId: v.editingId as string | null }
      : null,
  rates: (v: unknown): RatesDraft | null =>
    isRecord(v) && strings(v, ['discountText', 'taxText'])
      ? { discountText: v.discountText as string, taxText: v.taxText as string }
      : null,
  payment: (v: unknown): PaymentDraft | null =>
    isRecord(v) && strings(v, ['amount', 'date', 'method', 'note', 'reason'])
      ? {
          amount: v.amount as string,
          date: v.date as string,
          method: v.method as string,
          note: v.note as string,
          reason: v.reason as string,
        }
      : null,
} satisfies Record<ToolkitDraftForm, (v: unknown) => unknown>;

export type ToolkitDrafts = { [F in ToolkitDraftForm]: ReturnType<(typeof readers)[F]> };

/** The saved draft of one Tool Kit form of one event (null when there is none, or it has the wrong shape). */
export function readToolkitDraft<F extends ToolkitDraftForm>(eventId: number, form: F): ToolkitDrafts[F] {
  const saved = toolkitDraftStore(eventId, form).read();
  return (saved ? readers[form](saved.value) : null) as ToolkitDrafts[F];
}

/** The saved drafts of one event's Tool Kit forms. */
export function readToolkitDrafts(eventId: number): ToolkitDrafts {
  const read = <F extends ToolkitDraftForm>(form: F) => readToolkitDraft(eventId, form);
  return {
    inventory: read('inventory'),
    specialty: read('specialty'),
    menu: read('menu'),
    note: read('note'),
    price: read('price'),
    rates: read('rates'),
    payment: read('payment'),
  };
}

/** Keeps one form's draft of one event (a failed write leaves the form as typed; nothing else is lost). */
export function keepToolkitDraft(eventId: number, form: ToolkitDraftForm, value: unknown): void {
  void toolkitDraftStore(eventId, form).write({ value, savedAt: Date.now() });
}

/** Drops one form's draft of one event. */
export function dropToolkitDraft(eventId: number, form: ToolkitDraftForm): void {
  if (toolkitDraftStore(eventId, form).read() !== null) void toolkitDraftStore(eventId, form).remove();
}
