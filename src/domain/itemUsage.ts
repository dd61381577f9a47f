/**
 * Which upcoming events use an inventory item (issue 25): the delete toast says so, since those
 * events' Tool Kit lines refer to the item by its id. "Upcoming" here is every event dated today or
 * later (not only the Dashboard's 14 days: an order for next month matters as much). Pure.
 */
import type { CateringEvent, ChosenIngredient } from '../storage/schemas';
import { isISODate } from './eventDates';

/** The events dated today or later whose ingredient list has a line for this item, by date, then start time, then id. */
export function upcomingEventsUsingItem(
  events: readonly CateringEvent[],
  listOf: (eventId: number) => readonly ChosenIngredient[],
  itemId: string,
  today: string,
): CateringEvent[] {
  return events
    .filter((e) => isISODate(e.EventDate) && e.EventDate >= today && listOf(e.id).some((line) => line.id === itemId))
    .sort((a, b) => a.EventDate.localeCompare(b.EventDate) || a.StartTime.localeCompare(b.StartTime) || a.id - b.id);
}

/** The toast's sentence: '' when no upcoming event uses the item. */
export function itemUsageText(events: readonly Pick<CateringEvent, 'EventName' | 'EventDate'>[]): string {
  if (!events.length) return '';
  const names = events.map((e) => `${e.EventName || 'Unnamed event'} (${e.EventDate})`).join(', ');
  return events.length === 1
    ? `Used by an upcoming event: ${names}.`
    : `Used by ${events.length} upcoming events: ${names}.`;
}
