/**
 * All events' ingredient lists at once, for the Dashboard's demand of the events ahead (issue 11).
 * Kept out of keys.ts so the landing page's bundle does not carry it.
 */
import { ingredientListStore } from './keys';
import type { ChosenIngredient } from './schemas';

/** The ingredient lists of these events, by event id as text (an event with no list has none). */
export function readIngredientLists(eventIds: readonly number[]): Record<string, ChosenIngredient[]> {
  const lists: Record<string, ChosenIngredient[]> = {};
  for (const id of eventIds) {
    const list = ingredientListStore(id).read();
    if (list.length) lists[String(id)] = list;
  }
  return lists;
}

/**
 * Follows every `ingredientList-{id}` key changed in another tab: `onList` gets that event's list,
 * `onCleared` is called when the other tab cleared storage as a whole (re-read what you need).
 */
export function watchIngredientLists(
  onList: (eventId: number, list: ChosenIngredient[]) => void,
  onCleared: () => void,
): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === null) return onCleared();
    const match = /^ingredientList-(\d+)$/.exec(event.key);
    if (match) onList(Number(match[1]), ingredientListStore(Number(match[1])).read());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
