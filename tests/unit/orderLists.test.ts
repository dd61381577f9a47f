import { describe, expect, it } from 'vitest';
import { formatMeasure } from '../../src/domain/ingredients';
import { supplierDeleteMessage } from '../../src/domain/inventory';
import { needToOrderLines, type SpecialtyOrderLine } from '../../src/domain/needToOrder';
import {
  mailtoUnavailableReason,
  orderListMailto,
  orderListsBySupplier,
  orderListText,
  packageLabel,
  packagesText,
  UNKNOWN_SUPPLIER_HEADING,
} from '../../src/domain/orderLists';
import type { InventoryItem, Supplier } from '../../src/storage/schemas';

const item = (
  id: string,
  name: string,
  quantity: number,
  whenToOrder: number,
  costPerUnit: number,
  supplierName: string,
): InventoryItem => ({
  id,
  name,
  sku: `SKU-${id}`,
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'L',
  packageType: 'carton',
  quantity,
  costPerUnit,
  whenToOrder,
  supplierName,
});
const supplier = (supplierID: string, supplierName: string, email: string, phone = '555-0100'): Supplier => ({
  supplierID,
  supplierName,
  email,
  phone,
  contractStatus: 'active',
  startDate: '2026-01-01',
  endDate: '2027-01-01',
});

const suppliers = [
  supplier('S2', 'Orchard Row Fruits', ''),
  supplier('S1', 'Harbour Dairy', 'orders@harbour.example', '(902) 555-0101'),
  supplier('S3', 'harbour dairy', 'dup@x.example'),
];
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
    expect(dairy!.lines.map((l) => [l.packages, l.estimatedCost])).toEqual([
      [3, 13.5],
      [1, 2.25],
    ]);
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
        '- Heavy Cream (SKU SKU-cream): 3 × 1 L cartons at $4.50 CAD = $13.50 CAD',
        '- Butter & Salt (SKU SKU-butter): 1 × 1 L carton at $2.25 CAD = $2.25 CAD',
        '',
        'Estimated total: $15.75 CAD',
      ].join('\n'),
    );
    expect(orderListText(unknown!, today)).toContain(
      '- Saffron (SKU SKU-saffron): 1 × 1 L carton at $30.00 CAD = $30.00 CAD [supplier: Spice Route]',
    );
    expect(orderListText(unknown!, today)).toContain('Estimated total: $32.00 CAD');
  });

  it('makes a mailto link with the subject and the list in the body, URL-encoded', () => {
    const [dairy] = lists();
    const href = orderListMailto(dairy!, today)!;
    expect(
      href.startsWith('mailto:orders@harbour.example?subject=Order%20from%20Cater%20Captain%20(2026-11-23)&body='),
    ).toBe(true);
    const [, body] = href.split('&body=');
    expect(decodeURIComponent(body!)).toBe(orderListText(dairy!, today).replace(/\n/g, '\r\n'));
    // '&' inside the list is encoded, so it cannot end the body early; no raw spaces or line breaks.
    expect(body).toContain('Butter%20%26%20Salt');
    expect(href).not.toMatch(/\s/);
  });

  it('issue 22: a saved business name replaces "Cater Captain" in the subject and heads the list with its contact', () => {
    const [dairy] = lists();
    const from = { businessName: '  Harbour Catering ', phone: '902-555-0199', email: 'hello@harbour.example' };
    const href = orderListMailto(dairy!, today, from)!;
    expect(href).toContain('?subject=Order%20from%20Harbour%20Catering%20(2026-11-23)&body=');
    const text = orderListText(dairy!, today, from);
    expect(text.split('\n').slice(0, 2)).toEqual([
      `Order for ${dairy!.heading} (2026-11-23)`,
      'From: Harbour Catering (902-555-0199 · hello@harbour.example)',
    ]);
    expect(decodeURIComponent(href.split('&body=')[1]!)).toBe(text.replace(/\n/g, '\r\n'));
    // No name saved (or a blank one): the product's name, and no From line.
    const blank = { businessName: '  ', phone: '', email: '' };
    expect(orderListMailto(dairy!, today, blank)).toBe(orderListMailto(dairy!, today));
    expect(orderListText(dairy!, today, blank)).toBe(orderListText(dairy!, today));
    expect(orderListText(dairy!, today)).not.toContain('From:');
  });

  it('has no mailto link, and says why, with no e-mail, no supplier, a malformed address or nothing to order', () => {
    const [dairy, orchard, unknown] = lists();
    expect(orderListMailto(orchard!, today)).toBeNull();
    expect(mailtoUnavailableReason(orchard!)).toBe('Orchard Row Fruits has no e-mail address on file.');
    expect(mailtoUnavailableReason(unknown!)).toBe(
      'These items have no supplier on file, so there is no address to e-mail.',
    );
    const odd = { ...dairy!, supplier: { ...dairy!.supplier!, email: 'orders at harbour' } };
    expect(mailtoUnavailableReason(odd)).toMatch(/does not look like an e-mail address/);
    const [allPlaced] = lists([
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: true },
    ]);
    expect(mailtoUnavailableReason(allPlaced!)).toBe('Nothing left to order.');
  });
});

describe('order lists: order of the lists', () => {
  it('suppliers by name and the unknown group last, whatever order the items come in', () => {
    const items = [
      item('saffron', 'Saffron', 0, 0, 30, 'Spice Route'),
      item('apples', 'Apples', 2, 2, 10, 'Orchard Row Fruits'),
      item('salt', 'Salt', 0, 1, 1, ''),
      item('cream', 'Heavy Cream', 1, 3, 4.5, 'Harbour Dairy'),
    ];
    const result = orderListsBySupplier(needToOrderLines(items, new Map(), []), suppliers);
    expect(result.map((l) => l.heading)).toEqual(['Harbour Dairy', 'Orchard Row Fruits', UNKNOWN_SUPPLIER_HEADING]);
  });
  it('headings in the order localeCompare gives them: case, accents and digits (one collator, issue 23)', () => {
    const names = ['zeta Farms', 'Éclair Bakes', 'eclair bakes', 'Apple 10', 'apple 9', 'Ångström Fish', 'Zeta farms'];
    const items = names.map((n, i) => item(`i${i}`, `Item ${i}`, 0, 1, 1, n));
    const result = orderListsBySupplier(
      needToOrderLines(items, new Map(), []),
      names.map((n, i) => supplier(`S${i}`, n, '')),
    );
    const headings = result.map((l) => l.heading);
    expect(headings).toHaveLength(6);
    expect(headings).toEqual([...headings].reverse().sort((a, b) => a.localeCompare(b)));
  });
  it('an unmatched supplier name is kept trimmed on the line', () => {
    const result = orderListsBySupplier(
      needToOrderLines([item('saffron', 'Saffron', 0, 0, 30, '  Spice Route ')], new Map(), []),
      suppliers,
    );
    expect(result[0]!.lines[0]!.unmatchedSupplierName).toBe('Spice Route');
  });
});

describe('package labels', () => {
  it('"1 L carton", leaving out an unknown amount and an empty unit or package type', () => {
    expect(packageLabel({ amountPerUnit: 1, unit: 'L', packageType: 'carton' })).toBe('1 L carton');
    expect(packageLabel({ amountPerUnit: Number.NaN, unit: 'kg', packageType: 'bag' })).toBe('kg bag');
    expect(packageLabel({ amountPerUnit: 2.5, unit: '', packageType: 'bag' })).toBe('2.5 bag');
    expect(packageLabel({ amountPerUnit: Number.NaN, unit: '', packageType: '' })).toBe('');
  });
  it('a count with no package label reads "package"', () => {
    expect(packagesText({ packages: 2, packageLabel: '' })).toBe('2 × package');
    expect(packagesText({ packages: 3, packageLabel: '1 L carton' })).toBe('3 × 1 L carton');
  });
});

describe('order list text: contact, SKU and an empty list', () => {
  const one = (s: Supplier, sku = 'SKU-cream') =>
    orderListsBySupplier(
      needToOrderLines([{ ...item('cream', 'Heavy Cream', 1, 3, 4.5, s.supplierName), sku }], new Map(), []),
      [s],
    )[0]!;
  it('the contact line shows what the supplier has, trimmed: e-mail, phone, both, or no line at all', () => {
    expect(orderListText(one(supplier('S1', 'Dairy', ' a@dairy.example ', ' 555-0100 ')), today).split('\n')[1]).toBe(
      'Contact: a@dairy.example · 555-0100',
    );
    expect(orderListText(one(supplier('S1', 'Dairy', '', '555-0100')), today).split('\n')[1]).toBe('Contact: 555-0100');
    expect(orderListText(one(supplier('S1', 'Dairy', 'a@dairy.example', '  ')), today).split('\n')[1]).toBe(
      'Contact: a@dairy.example',
    );
    expect(
      orderListText(one(supplier('S1', 'Dairy', ' ', '')), today)
        .split('\n')
        .slice(0, 2),
    ).toEqual(['Order for Dairy (2026-11-23)', '']);
  });
  it('the SKU is shown trimmed, and left out when blank', () => {
    const s = supplier('S1', 'Dairy', 'a@dairy.example');
    expect(orderListText(one(s, '  AB-1 '), today)).toContain('- Heavy Cream (SKU AB-1): ');
    expect(orderListText(one(s, '   '), today)).toContain('- Heavy Cream: 3 × 1 L carton');
  });
  it('a list whose items are all marked Order placed says there is nothing left to order', () => {
    const [dairy] = lists([
      { id: 'cream', orderPlaced: true },
      { id: 'butter', orderPlaced: true },
    ]);
    expect(orderListText(dairy!, today).split('\n')).toEqual([
      'Order for Harbour Dairy (2026-11-23)',
      'Contact: orders@harbour.example · (902) 555-0101',
      '',
      'Nothing left to order: every item is marked Order placed.',
      '',
      'Estimated total: $0.00 CAD',
    ]);
  });
  it('an e-mail address with spaces around it is used trimmed', () => {
    const list = one(supplier('S1', 'Dairy', '  orders@dairy.example '));
    expect(mailtoUnavailableReason(list)).toBeNull();
    expect(orderListMailto(list, today)!.startsWith('mailto:orders@dairy.example?subject=')).toBe(true);
  });
});

describe('order lists: the unknown group and odd addresses', () => {
  it('the group without a supplier is headed "No supplier on file"', () => {
    const [unknown] = orderListsBySupplier(
      needToOrderLines([item('salt', 'Salt', 0, 1, 1, '')], new Map(), []),
      suppliers,
    );
    expect(unknown!.heading).toBe('No supplier on file');
    expect(orderListText(unknown!, today).split('\n')[0]).toBe('Order for No supplier on file (2026-11-23)');
  });
  it('an address with a space inside or text after it has no mailto link', () => {
    const [dairy] = lists();
    for (const email of ['orders dept@harbour.example', 'orders@harbour.example please']) {
      const odd = { ...dairy!, supplier: { ...dairy!.supplier!, email } };
      expect(mailtoUnavailableReason(odd)).toBe(
        `Harbour Dairy's e-mail address (${email}) does not look like an e-mail address.`,
      );
      expect(orderListMailto(odd, today)).toBeNull();
    }
  });
});

describe('issue 25: suppliers that share a name', () => {
  const twins = [
    supplier('S1', 'Coastal Seafood Co.', 'first@coastal.example'),
    supplier('S2', 'Coastal Seafood Co.', 'second@coastal.example'),
  ];
  it("an item goes to the supplier whose Supplier ID it carries (the second one's e-mail), and both lists say which supplier they are", () => {
    const items = [
      { ...item('cod', 'Cod', 0, 1, 9, 'Coastal Seafood Co.'), supplierID: 'S2' },
      { ...item('hake', 'Hake', 0, 1, 8, 'Coastal Seafood Co.'), supplierID: 'S1' },
    ];
    const result = orderListsBySupplier(needToOrderLines(items, new Map(), []), twins);
    expect(result.map((l) => [l.key, l.lines.map((x) => x.itemId), l.sharedName])).toEqual([
      ['supplier:S2', ['cod'], true],
      ['supplier:S1', ['hake'], true],
    ]);
    const cod = result.find((l) => l.key === 'supplier:S2')!;
    expect(orderListMailto(cod, today)!.startsWith('mailto:second@coastal.example?')).toBe(true);
  });
  it('an older item without a Supplier ID still goes by name; a name no other supplier has is not flagged', () => {
    const [list] = orderListsBySupplier(
      needToOrderLines([item('cod', 'Cod', 0, 1, 9, 'coastal seafood co.')], new Map(), []),
      [...twins.slice(0, 1), supplier('S3', 'Bolt', '')],
    );
    expect(list!.key).toBe('supplier:S1');
    expect(list!.sharedName).toBe(false);
  });
});

describe('issue 25: specialty ingredients the events still need', () => {
  const saffron: SpecialtyOrderLine = {
    id: 'specialty:2:sp-1',
    eventId: 2,
    eventName: 'Quarterly Sales Conference Lunch',
    eventDate: '2026-11-28',
    name: 'Saffron threads',
    supplierName: 'Spice Merchant',
    quantity: 2,
    packageType: 'jar',
    unitQuantity: 1,
    units: 'g',
    costPerUnit: 12.5,
    estimatedCost: 25,
    placed: false,
  };
  it('go to the list of the supplier record of that name, with the event they are for', () => {
    const result = orderListsBySupplier([], [supplier('S9', 'spice merchant', 'orders@spice.example')], [saffron]);
    expect(result).toHaveLength(1);
    expect(result[0]!.key).toBe('supplier:S9');
    expect(result[0]!.lines).toEqual([
      expect.objectContaining({
        itemId: 'specialty:2:sp-1',
        name: 'Saffron threads',
        packageLabel: '1 g jars',
        packages: 2,
        estimatedCost: 25,
        forEvent: 'Quarterly Sales Conference Lunch (2026-11-28)',
      }),
    ]);
    expect(orderListText(result[0]!, today)).toContain(
      '- Saffron threads (specialty, for Quarterly Sales Conference Lunch (2026-11-28)): 2 × 1 g jars at $12.50 CAD = $25.00 CAD',
    );
    expect(orderListMailto(result[0]!, today)).not.toBeNull();
  });
  it('with no supplier record of that name, a list of that name (no e-mail), before the unknown group; Order placed leaves them out', () => {
    const result = orderListsBySupplier(
      needToOrderLines([item('salt', 'Salt', 0, 1, 1, '')], new Map(), []),
      suppliers,
      [saffron, { ...saffron, id: 'specialty:3:sp-2', placed: true }],
    );
    expect(result.map((l) => [l.key, l.heading, l.lines.map((x) => x.itemId), l.placedCount])).toEqual([
      ['name:spice merchant', 'Spice Merchant', ['specialty:2:sp-1'], 1],
      ['unknown', UNKNOWN_SUPPLIER_HEADING, ['salt'], 0],
    ]);
    expect(mailtoUnavailableReason(result[0]!)).toBe(
      'Spice Merchant is not on file as a supplier, so there is no address to e-mail.',
    );
  });
});

describe('issue 25: amounts read as a caterer writes them', () => {
  it('"4 × 1 L cartons", not "4 × 1 liters carton"; one package stays singular; boxes, each', () => {
    expect(
      packagesText({
        packages: 4,
        packageLabel: packageLabel({ amountPerUnit: 1, unit: 'liters', packageType: 'carton' }, 4),
      }),
    ).toBe('4 × 1 L cartons');
    expect(packageLabel({ amountPerUnit: 500, unit: 'grams', packageType: 'box' }, 1)).toBe('500 g box');
    expect(packageLabel({ amountPerUnit: 500, unit: 'grams', packageType: 'box' }, 2)).toBe('500 g boxes');
    expect(packageLabel({ amountPerUnit: 1, unit: 'other', packageType: 'each' }, 3)).toBe('1 other each');
  });
  it('1816 grams read 1.82 kg, 2500 milliliters 2.5 L; smaller amounts keep their unit, as symbols', () => {
    expect(formatMeasure(1816, 'grams')).toBe('1.82 kg');
    expect(formatMeasure(2500, 'milliliters')).toBe('2.5 L');
    expect(formatMeasure(750, 'milliliters')).toBe('750 mL');
    expect(formatMeasure(3, 'lbs')).toBe('3 lb');
    expect(formatMeasure(2, 'cups')).toBe('2 cups');
    expect(formatMeasure(Number.NaN, 'grams')).toBe('—');
  });
  it('"2 inventory items use Coastal Seafood Co." ends with one full stop', () => {
    expect(supplierDeleteMessage('Coastal Seafood Co.', 2)).toBe(
      '2 inventory items use Coastal Seafood Co. They will keep the name but have no supplier on record.',
    );
    expect(supplierDeleteMessage('Acme Foods', 1)).toBe(
      '1 inventory item uses Acme Foods. It will keep the name but have no supplier on record.',
    );
  });
});
