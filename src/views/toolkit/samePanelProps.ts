import { sameFields } from '../../domain/sameFields';

/**
 * Issue 23, fifth pass: a Tool Kit tool's props are its actors (the same refs while the Tool Kit is open) and the
 * event's allergens to avoid (a new array on every render of the Tool Kit, the same list unless the event's dietary
 * needs changed). Every change of the event (a payment, a specialty line, a note) re-rendered every tool shown, the
 * Ingredients tool's selects included; a tool memoised with this comparison renders again only for its own actors'
 * changes (its selectors) or another list to avoid.
 */
export function samePanelProps<P extends object>(before: P, after: P): boolean {
  return sameFields(before, after);
}
