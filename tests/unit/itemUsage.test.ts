import { describe, expect, it } from 'vitest';
import { blankEventForm, formToEvent } from '../../src/domain/events';
import { itemUsageText, upcomingEventsUsingItem } from '../../src/domain/itemUsage';
import type { ChosenIngredient } from '../../src/storage/schemas';

const today = '2026-11-20';
const event = (id: number, name: string, date: string, start = '10:00') => ({
  ...formToEvent({ ...blankEventForm(), EventName: name, EventDate: date, StartTime: start, NumberOfGuests: '10' }),
  id,
});
const line = (itemId: string): ChosenIngredient => ({
  lineId: `L-${itemId}`,
  id: itemId,
  name: itemId,
  category: 'Dairy',
  supplierName: '',
  costPerUnit: 1,
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 2,
});

describe('issue 25: which upcoming events use an inventory item', () => {
  const events = [
    event(1, 'Past Gala', '2026-11-19'),
    event(2, 'Late Dinner', '2026-12-24', '19:00'),
    event(3, 'Today Lunch', today),
    event(4, 'No Flour Party', '2026-11-30'),
    event(5, 'Undated', ''),
  ];
  const lists: Record<number, ChosenIngredient[]> = {
    1: [line('flour')],
    2: [line('butter'), line('flour')],
    3: [line('flour')],
    4: [line('butter')],
    5: [line('flour')],
  };
  const listOf = (id: number) => lists[id] ?? [];

  it('events dated today or later whose Tool Kit list has a line for the item (by id), soonest first', () => {
    expect(upcomingEventsUsingItem(events, listOf, 'flour', today).map((e) => e.EventName)).toEqual([
      'Today Lunch',
      'Late Dinner',
    ]);
    expect(upcomingEventsUsingItem(events, listOf, 'salt', today)).toEqual([]);
  });

  it('says so in one sentence, with each event’s date; nothing when none', () => {
    expect(itemUsageText(upcomingEventsUsingItem(events, listOf, 'flour', today))).toBe(
      'Used by 2 upcoming events: Today Lunch (2026-11-20), Late Dinner (2026-12-24).',
    );
    expect(itemUsageText(upcomingEventsUsingItem(events, listOf, 'butter', today))).toBe(
      'Used by 2 upcoming events: No Flour Party (2026-11-30), Late Dinner (2026-12-24).',
    );
    expect(itemUsageText([events[3]!])).toBe('Used by an upcoming event: No Flour Party (2026-11-30).');
    expect(itemUsageText([])).toBe('');
  });
});
