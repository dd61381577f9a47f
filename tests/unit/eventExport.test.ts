import { describe, expect, it } from 'vitest';
import { wholeEventRows, type EventKeys } from '../../src/domain/eventExport';
import type { CateringEvent } from '../../src/storage/schemas';

const event: CateringEvent = {
  id: 7,
  EventName: 'Gala',
  CustomerFirstName: 'Ann',
  CustomerLastName: 'Lee',
  CustomerPhoneNumber: '555',
  CustomerEmail: 'ann@example.com',
  EventType: 'Gala',
  NumberOfGuests: 40,
  EventDate: '2026-12-01',
  StartTime: '18:00',
  EndTime: '22:00',
  VenueName: 'Hall',
  VenueStreetAddress: '1 Main',
  VenueCity: 'Halifax',
  ingredients: [
    {
      id: 'sp-1',
      name: 'Saffron',
      units: 'g',
      unitQuantity: 1,
      quantityNeeded: 2,
      onHand: false,
      needToOrder: true,
      costPerUnit: 12.5,
      packageType: 'jar',
      supplierName: 'Spice',
    },
  ],
  pricing: [{ id: 'p-1', name: 'Service', price: 100, currency: 'CAD' }],
};
const keys: EventKeys = {
  inventoryIngredients: [
    {
      lineId: 'L-1',
      id: 'cream',
      name: 'Cream',
      category: 'Dairy',
      supplierName: 'Harbour Dairy',
      costPerUnit: 4.5,
      amountPerUnit: 1,
      unit: 'L',
      packageType: 'carton',
      quantity: 10,
    },
  ],
  discountPercentage: 10,
  taxPercentage: 15,
};

describe('issue 25: the Events export is the whole event', () => {
  it('JSON: the event with its chosen inventory ingredients, discount and tax', () => {
    const [row] = wholeEventRows(
      [event],
      (id) => (id === 7 ? keys : { inventoryIngredients: [], discountPercentage: 0, taxPercentage: 0 }),
      'json',
    );
    expect(row).toEqual({
      ...event,
      inventoryIngredients: keys.inventoryIngredients,
      discountPercentage: 10,
      taxPercentage: 15,
    });
  });
  it('CSV: the same, plus the totals as columns (45 + 25 + 100 = 170, less 10 % = 153, plus 15 % tax = 175.95)', () => {
    const [row] = wholeEventRows([event], () => keys, 'csv');
    expect(row).toMatchObject({
      discountPercentage: 10,
      taxPercentage: 15,
      totalInventoryItems: 45,
      totalSpecialtyIngredients: 25,
      total: 170,
      totalAfterDiscount: 153,
      totalAfterTax: 175.95,
    });
  });
  it('a total that cannot be worked out is left empty, never NaN', () => {
    const broken = { ...keys, inventoryIngredients: [{ ...keys.inventoryIngredients[0]!, quantity: Number.NaN }] };
    const [row] = wholeEventRows([event], () => broken, 'csv');
    expect(row).toMatchObject({
      totalInventoryItems: null,
      total: null,
      totalAfterDiscount: null,
      totalAfterTax: null,
      totalSpecialtyIngredients: 25,
    });
  });
});
