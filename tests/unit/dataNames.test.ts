import { describe, expect, it } from 'vitest';
import { describeKey, describeSetAside, setAsideTitle } from '../../src/domain/dataNames';

describe('describeKey: a whole stored value as a caterer would say it', () => {
  it('names the collections and preferences', () => {
    expect(describeKey('events')).toBe('events');
    expect(describeKey('inventoryItems')).toBe('inventory items');
    expect(describeKey('selectedItems')).toBe('order-placed marks');
    expect(describeKey('colorMode')).toBe('the colour mode setting');
  });

  it('names the per-event keys with their event id, however many digits', () => {
    expect(describeKey('ingredientList-4')).toBe('the ingredient list of event 4');
    expect(describeKey('ingredientList-42')).toBe('the ingredient list of event 42');
    expect(describeKey('12-discountPercentage')).toBe('discount of event 12');
    expect(describeKey('12-taxPercentage')).toBe('tax of event 12');
    expect(describeKey('4-taxPercentage')).toBe('tax of event 4');
  });

  it('leaves any other key as it is, including near misses of the per-event keys', () => {
    for (const key of [
      'x-ingredientList-4',
      'ingredientList-4b',
      'ingredientList-ab',
      'x4-discountPercentage',
      '4-discountPercentageX',
      'ab-discountPercentage',
      'x4-taxPercentage',
      '4-taxPercentageX',
      'ab-taxPercentage',
      'something-else',
    ]) {
      expect(describeKey(key), key).toBe(key);
    }
  });
});

describe('describeSetAside: one value set aside because it could not be read', () => {
  it('names one record of a collection', () => {
    expect(describeSetAside('events', true)).toBe('an event');
    expect(describeSetAside('employees', true)).toBe('an employee');
  });

  it('names one ingredient line of an event, however many digits its id has', () => {
    expect(describeSetAside('ingredientList-4', true)).toBe('an ingredient of event 4');
    expect(describeSetAside('ingredientList-42', true)).toBe('an ingredient of event 42');
  });

  it('names a record of any other key by the key, like a whole value', () => {
    expect(describeSetAside('x-ingredientList-4', true)).toBe('x-ingredientList-4');
    expect(describeSetAside('ingredientList-4b', true)).toBe('ingredientList-4b');
    expect(describeSetAside('ingredientList-ab', true)).toBe('ingredientList-ab');
    expect(describeSetAside('4-taxPercentage', true)).toBe('tax of event 4');
  });

  it('names a whole collection as "the whole list of ..." and other whole values as the key names them', () => {
    expect(describeSetAside('events', false)).toBe('the whole list of events');
    expect(describeSetAside('ingredientList-4', false)).toBe('the ingredient list of event 4');
    expect(describeSetAside('4-discountPercentage', false)).toBe('discount of event 4');
  });
});

describe('setAsideTitle: the warning toast title', () => {
  it('names the one value when only one was set aside', () => {
    expect(setAsideTitle([{ key: 'events', isRecord: true }])).toBe('Some saved data could not be read: an event');
  });

  it('counts them when there are several', () => {
    expect(
      setAsideTitle([
        { key: 'events', isRecord: true },
        { key: 'suppliers', isRecord: false },
      ]),
    ).toBe('2 saved records or values could not be read');
  });
});

describe('every key the app owns has its words', () => {
  it.each([
    ['inventoryItems', 'an inventory item', 'inventory items'],
    ['suppliers', 'a supplier', 'suppliers'],
    ['employees', 'an employee', 'employees'],
    ['events', 'an event', 'events'],
    ['selectedItems', 'an order-placed mark', 'order-placed marks'],
    ['deletedEventIds', 'a deleted-event mark', 'deleted-event marks'],
    ['colorMode', 'the colour mode setting', 'the colour mode setting'],
    ['soundMuted', 'the button sound setting', 'the button sound setting'],
  ])('%s: one is "%s", the whole value is "%s"', (key, one, many) => {
    expect(describeSetAside(key, true)).toBe(one);
    expect(describeKey(key)).toBe(many);
  });

  it.each(['inventoryItems', 'suppliers', 'employees', 'events', 'selectedItems', 'deletedEventIds'])(
    'a whole %s value set aside is "the whole list of ..."',
    (key) => {
      expect(describeSetAside(key, false)).toBe(`the whole list of ${describeKey(key)}`);
    },
  );
});
