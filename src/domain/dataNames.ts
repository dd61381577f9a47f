/**
 * Storage keys named as a caterer would say them ("an event", "discount of event 4"), for toasts and
 * the Recovered data screen. Pure functions.
 */

const collections: Record<string, { one: string; many: string }> = {
  inventoryItems: { one: 'an inventory item', many: 'inventory items' },
  suppliers: { one: 'a supplier', many: 'suppliers' },
  employees: { one: 'an employee', many: 'employees' },
  events: { one: 'an event', many: 'events' },
  selectedItems: { one: 'an order-placed mark', many: 'order-placed marks' },
  deletedEventIds: { one: 'a deleted-event mark', many: 'deleted-event marks' },
  colorMode: { one: 'the colour mode setting', many: 'the colour mode setting' },
  soundMuted: { one: 'the button sound setting', many: 'the button sound setting' },
};

/** What a whole key holds: 'events', 'the ingredient list of event 4', 'discount of event 4'. */
export function describeKey(key: string): string {
  const known = collections[key];
  if (known) return known.many;
  let match = /^ingredientList-(\d+)$/.exec(key);
  if (match) return `the ingredient list of event ${match[1]}`;
  match = /^staffList-(\d+)$/.exec(key);
  if (match) return `the staff of event ${match[1]}`;
  match = /^(\d+)-discountPercentage$/.exec(key);
  if (match) return `discount of event ${match[1]}`;
  match = /^(\d+)-taxPercentage$/.exec(key);
  if (match) return `tax of event ${match[1]}`;
  return key;
}

/** One set-aside value: a record ('an event') or a whole value ('discount of event 4', 'all events'). */
export function describeSetAside(key: string, isRecord: boolean): string {
  if (isRecord) {
    const known = collections[key];
    if (known) return known.one;
    const match = /^ingredientList-(\d+)$/.exec(key);
    if (match) return `an ingredient of event ${match[1]}`;
    const staff = /^staffList-(\d+)$/.exec(key);
    if (staff) return `a staff assignment of event ${staff[1]}`;
  }
  const whole = describeKey(key);
  return collections[key] ? `the whole list of ${whole}` : whole;
}

/** The warning toast's title for a batch of set-aside values. */
export function setAsideTitle(items: ReadonlyArray<{ key: string; isRecord: boolean }>): string {
  if (items.length === 1)
    return `Some saved data could not be read: ${describeSetAside(items[0]!.key, items[0]!.isRecord)}`;
  return `${items.length} saved records or values could not be read`;
}
