import { describe, expect, it } from 'vitest';
import { needToOrderLines } from '../../src/domain/needToOrder';
import { mailtoUnavailableReason, orderListMailto, orderListsBySupplier, orderListText, UNKNOWN_SUPPLIER_HEADING } from '../../src/domain/orderLists';
import type { InventoryItem, Supplier } from '../../src/storage/schemas';

const item = (id: string, name: string, quantity: number, whenToOrder: number, costPerUnit: number, supplierName: string): InventoryItem => ({
  id, name, sku: `SKU-${id}`, category: 'Dairy', amountPerUnit: 1, unit: 'L', packageType: 'carton', quantity, costPerUnit, whenToOrder, supplierName,
});
const supplier = (supplierID: string, supplierName: string, email: string, phone = '555-0100'): Supplier => ({
  supplierID, supplierName, email, phone, contractStatus: 'active', startDate: '2026-01-01', endDate: '2027-01-01',
});

const suppliers = [supplier('S2', 'Orchard Row Fruits', ''), supplier('S1', 'Harbour Dairy', 'orders@harbour.example', '(902) 555-0101'), supplier('S3', 'harbour dairy', 'dup@x.example')];
const today = '2026-11-23';

function lists(flags: Array<{ id: string; orderPlaced: boolean }> = []) {
  const items = [
    item('cream', 'Heavy Cream', 1, 3, 4.5, 'Harbour Dairy'), // 1 + n > 3: 3 packages, $13.50
    item('butter', 'Butter & Salt', 0, 0, 2.25, ' harbour DAIRY '), // 0 + n > 0: 1 package, $2.25
    item('apples', 'Apples', 2, 2, 10, 'Orchard Row Fruits'), // 1 package, $10.00
    item('salt', 'Salt', 0, 1, 1, ''), // 2 packages, $2.00
    item('saffron', 'Saffron', 0, 0, 30, 'Spice Route'), // 1 package, $30.00
    item('flour', 'Flour', 50, 5, 1, 'Harbour Dairy'), // enough: not listed
  ];
  return orderListsBySupplier(needToOrderLines(items, new Map(), flags), suppliers);
}

describe('order lists per supplier', () => {
  it('groups by supplier name ignoring case and spaces, suppliers by name, unknown and empty last', () => {
    const result = lists();
    expect(result.map((l) => [l.key, l.heading, l.lines.map((x) => x.itemId)])).toEqual([
      ['supplier:S1', 'Harbour Dairy', ['cream', 'butter']],
      ['supplier:S2', 'Orchard Row Fruits', ['apples']],
      ['unknown', UNKNOWN_SUPPLIER_HEADING, ['salt', 'saffron']],
    ]);
  });

  it('Harbour Dairy: 3 x $4.50 = $13.50 + 1 x $2.25 = $15.75', () => {
    const [dairy] = lists();
    expect(dairy!.lines.map((l) => [l.packages, l.estimatedCost])).toEqual([[3, 13.5], [1, 2.25]]);
    expect(dairy!.total).toBe(15.75);
  });

  it('leaves out items marked Order placed and counts them', () => {
    const [dairy] = lists([{ id: 'cream', orderPlaced: true }]);
    expect(dairy!.lines.map((l) => l.itemId)).toEqual(['butter']);
    expect(dairy!.placedCount).toBe(1);
    expect(dairy!.total).toBe(2.25);
  });

  it('writes the list as plain text with contact, packages, costs and total', () => {
    const [dairy, , unknown] = lists();
    expect(orderListText(dairy!, today)).toBe(
      [
        'Order for Harbour Dairy (2026-11-23)',
        'Contact: orders@harbour.example · (902) 555-0101',
        '',
        '- Heavy Cream (SKU SKU-cream): 3 × 1 L carton at $4.50 CAD = $13.50 CAD',
        '- Butter & Salt (SKU SKU-butter): 1 × 1 L carton at $2.25 CAD = $2.25 CAD',
        '',
        'Estimated total: $15.75 CAD',
      ].join('\n'),
    );
    expect(orderListText(unknown!, today)).toContain('- Saffron (SKU SKU-saffron): 1 × 1 L carton at $30.00 CAD = $30.00 CAD [supplier: Spice Route]');
    expect(orderListText(unknown!, today)).toContain('Estimated total: $32.00 CAD');
  });

  it('makes a mailto link with the subject and the list in the body, URL-encoded', () => {
    const [dairy] = lists();
    const href = orderListMailto(dairy!, today)!;
    expect(href.startsWith('mailto:orders@harbour.example?subject=Order%20from%20Cater%20Captain%20(2026-11-23)&body=')).toBe(true);
    const [, body] = href.split('&body=');
    expect(decodeURIComponent(body!)).toBe(orderListText(dairy!, today).replace(/\n/g, '\r\n'));
    // '&' inside the list is encoded, so it cannot end the body early; no raw spaces or line breaks.
    expect(body).toContain('Butter%20%26%20Salt');
    expect(href).not.toMatch(/\s/);
  });

  it('has no mailto link, and says why, with no e-mail, no supplier, a malformed address or nothing to order', () => {
    const [dairy, orchard, unknown] = lists();
    expect(orderListMailto(orchard!, today)).toBeNull();
    expect(mailtoUnavailableReason(orchard!)).toBe('Orchard Row Fruits has no e-mail address on file.');
    expect(mailtoUnavailableReason(unknown!)).toBe('These items have no supplier on file, so there is no address to e-mail.');
    const odd = { ...dairy!, supplier: { ...dairy!.supplier!, email: 'orders at harbour' } };
    expect(mailtoUnavailableReason(odd)).toMatch(/does not look like an e-mail address/);
    const [allPlaced] = lists([{ id: 'cream', orderPlaced: true }, { id: 'butter', orderPlaced: true }]);
    expect(mailtoUnavailableReason(allPlaced!)).toBe('Nothing left to order.');
  });
});
