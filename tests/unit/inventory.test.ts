import { describe, expect, it } from 'vitest';
import {
  addRangeErrors,
  applyEdit,
  categoryOptions,
  isAmbiguousItem,
  isNumeric,
  itemAmountRules,
  itemWithSku,
  LOW_STOCK_MESSAGE,
  packageTypeOptions,
  SKU_REQUIRED,
  detachSupplierFromItems,
  draftFromItem,
  duplicateSkuWarning,
  emptyItemDraft,
  hasCountsAndSku,
  hasValidNumbers,
  isEditDraftValid,
  isLowStock,
  isOwnItem,
  itemErrors,
  choiceOfItem,
  itemFromDraft,
  moveItem,
  resolveSupplierChoice,
  supplierChoices,
  nextItemId,
  ownItemCount,
  renameSupplierInItems,
  supplierDeleteMessage,
  supplierIdFor,
  unitLabel,
  unitOptions,
} from '../../src/domain/inventory';
import { employeeForm, supplierForm } from '../../src/domain/inventoryRecords';
import type { InventoryItem } from '../../src/storage/schemas';

const item = (id: string, supplierName = 'Acme'): InventoryItem => ({
  id,
  sku: 'S',
  name: 'N',
  category: 'Dairy',
  amountPerUnit: 1,
  unit: 'kg',
  packageType: 'box',
  quantity: 3,
  costPerUnit: 2,
  whenToOrder: 3,
  supplierName,
});

describe('inventory domain', () => {
  it('shows flOz as fluid oz and defaults the form to kg and box', () => {
    expect(unitLabel('flOz')).toBe('fluid oz');
    expect(unitOptions.map((u) => u.value)).toContain('flOz');
    expect(emptyItemDraft()).toMatchObject({ unit: 'kg', packageType: 'box', supplierName: '' });
  });
  it('checks the add rules of spec section 5', () => {
    const d = {
      ...emptyItemDraft(),
      amountPerUnit: '1.5',
      costPerUnit: '2',
      quantity: '3',
      whenToOrder: '1',
      sku: 'A',
    };
    expect(hasValidNumbers(d)).toBe(true);
    expect(hasValidNumbers({ ...d, amountPerUnit: 'x' })).toBe(false);
    expect(hasValidNumbers({ ...d, costPerUnit: '' })).toBe(false);
    expect(hasCountsAndSku(d)).toBe(true);
    expect(hasCountsAndSku({ ...d, quantity: '1.5' })).toBe(false);
    expect(hasCountsAndSku({ ...d, sku: ' ' })).toBe(false);
    expect(isEditDraftValid({ ...d, whenToOrder: 'a' })).toBe(false);
  });
  it('marks low stock at or below the re-order quantity', () => {
    expect(isLowStock({ quantity: 3, whenToOrder: 3 })).toBe(true);
    expect(isLowStock({ quantity: 4, whenToOrder: 3 })).toBe(false);
  });
  it('makes unique ids from the timestamp', () => {
    expect(nextItemId(5, new Set())).toBe('5');
    expect(nextItemId(5, new Set(['5', '5-1']))).toBe('5-2');
  });
  it('builds items with the first supplier as fallback and round-trips edits', () => {
    const d = {
      ...emptyItemDraft(),
      amountPerUnit: '1',
      costPerUnit: '2',
      quantity: '3',
      whenToOrder: '1',
      sku: ' A ',
    };
    expect(itemFromDraft(d, '1', ['Bolt', 'Acme']).supplierName).toBe('Bolt');
    expect(itemFromDraft(d, '1', []).supplierName).toBe('');
    const i = item('x');
    expect(applyEdit(i, draftFromItem(i))).toEqual(i);
  });
  it('moves items and renames suppliers', () => {
    const list = [item('a'), item('b'), item('c')];
    expect(moveItem(list, 'a', 'c').map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 'a', 'zz')).toBe(list);
    const acme = { supplierID: 'S1', supplierName: 'Acme' };
    const renamed = renameSupplierInItems(
      [item('a'), item('b', 'Bolt')],
      acme,
      { ...acme, supplierName: 'Acme Foods' },
      [{ supplierID: 'S2', supplierName: 'Bolt' }],
    );
    expect(renamed.items.map((i) => i.supplierName)).toEqual(['Acme Foods', 'Bolt']);
    expect(renamed.items[0]!.supplierID).toBe('S1');
    expect(renamed.renamed).toBe(1);
  });
});

describe('supplier and employee forms (clarifications.md)', () => {
  it('validates suppliers', () => {
    const ok = {
      ...supplierForm.empty(),
      supplierName: 'A',
      email: 'a@b.ca',
      phone: '+1 (555) 010-0000',
      startDate: '2025-01-02',
      endDate: '2025-01-01',
    };
    expect(Object.keys(supplierForm.validate(ok))).toEqual(['endDate']);
    expect(
      Object.keys(supplierForm.validate({ ...ok, supplierName: ' ', email: 'x', phone: 'abc', endDate: '' })),
    ).toEqual(['supplierName', 'email', 'phone']);
  });
  it('validates employees and gives ids', () => {
    expect(Object.keys(employeeForm.validate(employeeForm.empty()))).toEqual(['firstName', 'lastName']);
    const a = employeeForm.toRecord({ ...employeeForm.empty(), firstName: 'A', lastName: 'B' }, undefined, 1);
    expect(a.id).toMatch(/^E1[a-z0-9]+$/);
    expect(employeeForm.toRecord({ ...employeeForm.empty(), firstName: 'C', lastName: 'D' }, a, 2).id).toBe(a.id);
  });
  it("refuses a Supplier ID another supplier has, but not the record's own", () => {
    const acme = supplierForm.toRecord(
      { ...supplierForm.empty(), supplierID: 'S1', supplierName: 'Acme' },
      undefined,
      1,
    );
    const draft = { ...supplierForm.empty(), supplierID: 'S1', supplierName: 'Other' };
    expect(supplierForm.validate(draft, [acme]).supplierID).toBe(
      'Supplier ID S1 is already used by Acme. Choose another ID.',
    );
    expect(supplierForm.validate(draft, [])).toEqual({});
  });
});

describe('sane item values (issue 11)', () => {
  const good = {
    ...emptyItemDraft(),
    sku: 'A1',
    amountPerUnit: '2.5',
    costPerUnit: '12.99',
    quantity: '4',
    whenToOrder: '2',
  };
  it('the Edit Item rules: SKU, whole counts, numbers, none negative or above the ceilings, each with its message', () => {
    expect(itemErrors(good)).toEqual({});
    expect(itemErrors({ ...good, quantity: '-1' }).quantity).toBe(
      'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.',
    );
    expect(itemErrors({ ...good, whenToOrder: '-3' }).whenToOrder).toBe(
      'Re-order Qty cannot be negative: enter a whole number from 0 to 1,000,000.',
    );
    expect(itemErrors({ ...good, quantity: '2.5' }).quantity).toBe(
      'On-hand Quantity must be a whole number from 0 to 1,000,000.',
    );
    expect(itemErrors({ ...good, costPerUnit: '6.4e21' }).costPerUnit).toBe(
      'Cost per Unit is too large: enter a number from 0 to 10,000,000.',
    );
    expect(itemErrors({ ...good, amountPerUnit: 'Infinity' }).amountPerUnit).toBe(
      'Amount per Unit must be a number from 0 to 1,000,000.',
    );
    expect(itemErrors({ ...good, amountPerUnit: '' }).amountPerUnit).toBe(
      'Amount per Unit is required: enter a number from 0 to 1,000,000.',
    );
    expect(itemErrors({ ...good, sku: '  ' }).sku).toBe('SKU is required.');
    expect(isEditDraftValid({ ...good, quantity: '-1' })).toBe(false);
    expect(isEditDraftValid({ ...good, quantity: '0', whenToOrder: '0', costPerUnit: '0' })).toBe(true);
  });
  it('the add form: negative or too large values get messages; what the spec treats (non-numbers, non-integer counts) is left to its alert and silence', () => {
    expect(addRangeErrors(good)).toEqual({});
    expect(Object.keys(addRangeErrors({ ...good, quantity: '-4', costPerUnit: '1e20' })).sort()).toEqual([
      'costPerUnit',
      'quantity',
    ]);
    expect(addRangeErrors({ ...good, quantity: '1.5', amountPerUnit: 'x' })).toEqual({});
  });
  it('issue 25: a negative on-hand or re-order quantity says why next to the field, whole or not (the spec silently refused -2.5)', () => {
    expect(addRangeErrors({ ...good, quantity: '-2.5', whenToOrder: ' -0.5 ' })).toEqual({
      quantity: 'On-hand Quantity cannot be negative: enter a whole number from 0 to 1,000,000.',
      whenToOrder: 'Re-order Qty cannot be negative: enter a whole number from 0 to 1,000,000.',
    });
    // Positive fractions and non-numbers keep the spec's silence.
    expect(addRangeErrors({ ...good, quantity: '2.5', whenToOrder: 'some' })).toEqual({});
  });
  it('warns about a SKU another item has (case and spaces ignored), naming it, but not about the item itself', () => {
    const list = [
      { ...item('a'), sku: 'TOM-1', name: 'Tomatoes' },
      { ...item('b'), sku: 'OIL-2', name: 'Olive Oil' },
    ];
    expect(duplicateSkuWarning(list, ' tom-1 ', null)).toBe(
      'SKU tom-1 is already used by Tomatoes (Acme). You can still save it.',
    );
    expect(duplicateSkuWarning(list, 'TOM-1', 'a')).toBeUndefined();
    expect(duplicateSkuWarning(list, 'NEW', null)).toBeUndefined();
    expect(duplicateSkuWarning(list, '', null)).toBeUndefined();
  });
});

describe('supplier references (issue 11)', () => {
  const acmeA = { supplierID: 'S1', supplierName: 'Acme Foods' };
  const acmeB = { supplierID: 'S2', supplierName: 'Acme Foods' };
  const bolt = { supplierID: 'S3', supplierName: 'Bolt' };
  const withId = (id: string, supplierID: string, name = 'Acme Foods') => ({ ...item(id, name), supplierID });
  it('an item keeps the id of the one supplier of its name; none when two suppliers share it', () => {
    expect(supplierIdFor('Bolt', [acmeA, bolt])).toBe('S3');
    expect(supplierIdFor('Acme Foods', [acmeA, acmeB])).toBeUndefined();
    expect(supplierIdFor('', [acmeA])).toBeUndefined();
    const d = {
      ...emptyItemDraft(),
      sku: 'A',
      amountPerUnit: '1',
      costPerUnit: '1',
      quantity: '1',
      whenToOrder: '1',
      supplierName: 'Bolt',
    };
    expect(itemFromDraft(d, 'x', ['Bolt'], [acmeA, bolt]).supplierID).toBe('S3');
    // Editing without changing the supplier keeps the id; choosing another supplier takes its id.
    const stored = withId('y', 'S1');
    expect(applyEdit(stored, draftFromItem(stored), [acmeA, acmeB, bolt]).supplierID).toBe('S1');
    expect(applyEdit(stored, { ...draftFromItem(stored), supplierName: 'Bolt' }, [acmeA, bolt]).supplierID).toBe('S3');
    expect(applyEdit(stored, { ...draftFromItem(stored), supplierName: '' }, [acmeA, bolt]).supplierID).toBeUndefined();
  });
  it('renaming one of two suppliers called Acme Foods renames only the items carrying its id', () => {
    const items = [withId('a', 'S1'), withId('b', 'S2'), withId('c', 'S1'), item('d', 'Acme Foods'), item('e', 'Bolt')];
    const result = renameSupplierInItems(items, acmeA, { ...acmeA, supplierName: 'Acme Fine Foods' }, [acmeB, bolt]);
    expect(result.items.map((i) => i.supplierName)).toEqual([
      'Acme Fine Foods',
      'Acme Foods',
      'Acme Fine Foods',
      'Acme Foods',
      'Bolt',
    ]);
    expect(result.renamed).toBe(2);
    // Item d names the shared name and has no id: it cannot be told apart, so it is counted, not renamed.
    expect(result.ambiguous).toBe(1);
    expect(result.items[1]).toBe(items[1]);
  });
  it('an older item without an id belongs to the only supplier of its name, and takes its id when renamed', () => {
    const items = [item('a', 'Bolt'), item('b', 'Acme Foods')];
    const result = renameSupplierInItems(items, bolt, { ...bolt, supplierName: 'Bolt & Co' }, [acmeA]);
    expect(result.items[0]).toMatchObject({ supplierName: 'Bolt & Co', supplierID: 'S3' });
    expect(result.items[1]).toBe(items[1]);
    expect(result.ambiguous).toBe(0);
  });
  it('renaming to a name another supplier has still moves only the own items', () => {
    const items = [withId('a', 'S3', 'Bolt'), withId('b', 'S1')];
    const result = renameSupplierInItems(items, bolt, { ...bolt, supplierName: 'Acme Foods' }, [acmeA]);
    expect(result.items.map((i) => [i.supplierName, i.supplierID])).toEqual([
      ['Acme Foods', 'S3'],
      ['Acme Foods', 'S1'],
    ]);
    expect(result.renamed).toBe(1);
  });
  it('a changed Supplier ID follows to its items; an unchanged supplier changes nothing', () => {
    const items = [withId('a', 'S3', 'Bolt')];
    expect(renameSupplierInItems(items, bolt, { ...bolt, supplierID: 'S9' }, []).items[0]!.supplierID).toBe('S9');
    expect(renameSupplierInItems(items, bolt, bolt, []).items).toBe(items);
  });
  it('deleting a supplier counts its items; they keep the name and lose the id', () => {
    const items = [withId('a', 'S1'), withId('b', 'S1'), withId('c', 'S2'), item('d', 'Acme Foods'), item('e', 'Bolt')];
    expect(ownItemCount(items, acmeA, [acmeB, bolt])).toBe(2);
    expect(ownItemCount(items, bolt, [acmeA, acmeB])).toBe(1);
    expect(isOwnItem(item('d', 'Acme Foods'), acmeA, [acmeB])).toBe(false);
    const result = detachSupplierFromItems(items, acmeA, [acmeB, bolt]);
    expect(result.detached).toBe(2);
    expect(result.items.slice(0, 2).map((i) => [i.supplierName, 'supplierID' in i])).toEqual([
      ['Acme Foods', false],
      ['Acme Foods', false],
    ]);
    expect(result.items[2]).toBe(items[2]);
    expect(supplierDeleteMessage('Acme Foods', 3)).toBe(
      '3 inventory items use Acme Foods. They will keep the name but have no supplier on record.',
    );
    expect(supplierDeleteMessage('Acme Foods', 1)).toBe(
      '1 inventory item uses Acme Foods. It will keep the name but have no supplier on record.',
    );
  });
  it('warns about a supplier name another supplier has, but refuses its Supplier ID', () => {
    const acme = supplierForm.toRecord(
      { ...supplierForm.empty(), supplierID: 'S1', supplierName: 'Acme Foods' },
      undefined,
      1,
    );
    const draft = { ...supplierForm.empty(), supplierID: 'S7', supplierName: ' acme foods ' };
    expect(supplierForm.warn!(draft, [acme])).toEqual({
      supplierName: 'Another supplier is already called Acme Foods (Supplier ID S1). You can still save it.',
    });
    expect(supplierForm.validate(draft, [acme])).toEqual({});
    expect(supplierForm.warn!({ ...draft, supplierName: 'Bolt' }, [acme])).toEqual({});
  });
});

describe('inventory form details', () => {
  const acme = { supplierID: 'S1', supplierName: 'Acme' };

  it('resets the add form to blank fields, unit kg and package type box', () => {
    expect(emptyItemDraft()).toEqual({
      sku: '',
      name: '',
      category: '',
      amountPerUnit: '',
      unit: 'kg',
      packageType: 'box',
      costPerUnit: '',
      quantity: '',
      whenToOrder: '',
      supplierName: '',
      allergens: '',
    });
  });

  it('shows a unit it does not know as it is', () => {
    expect(unitLabel('bushel')).toBe('bushel');
    expect(unitLabel('kg')).toBe('kg');
  });

  it('a numeric field must hold more than spaces; spaces around a number are fine', () => {
    expect(isNumeric('   ')).toBe(false);
    expect(isNumeric(' 2.5 ')).toBe(true);
  });

  it('builds an item with the SKU and name trimmed', () => {
    const d = {
      ...emptyItemDraft(),
      sku: '  TOM-1 ',
      name: ' Tomatoes ',
      amountPerUnit: '1',
      costPerUnit: '2',
      quantity: '3',
      whenToOrder: '1',
      supplierName: 'Acme',
    };
    expect(itemFromDraft(d, 'x', ['Acme'])).toMatchObject({
      sku: 'TOM-1',
      name: 'Tomatoes',
      amountPerUnit: 1,
      costPerUnit: 2,
      quantity: 3,
      whenToOrder: 1,
    });
  });

  it('an edit that empties the supplier leaves it empty (no fallback to a first supplier)', () => {
    const stored = { ...item('y', 'Acme'), supplierID: 'S1' };
    const edited = applyEdit(stored, { ...draftFromItem(stored), supplierName: '' }, [acme]);
    expect(edited.supplierName).toBe('');
    expect('supplierID' in edited).toBe(false);
  });
});

describe('duplicate SKUs', () => {
  it('matches a stored SKU with spaces around it or in another case', () => {
    const list = [{ ...item('a'), sku: ' tom-1 ', name: 'Tomatoes' }];
    expect(itemWithSku(list, 'TOM-1', null)?.id).toBe('a');
  });

  it('never matches a blank SKU, even against an item whose SKU is blank', () => {
    const list = [{ ...item('a'), sku: '  ' }];
    expect(itemWithSku(list, '', null)).toBeUndefined();
    expect(itemWithSku(list, '   ', null)).toBeUndefined();
  });

  it('names an unnamed item "another item" and leaves out a blank supplier', () => {
    const list = [{ ...item('a', ''), sku: 'X-1', name: '' }];
    expect(duplicateSkuWarning(list, 'X-1', null)).toBe(
      'SKU X-1 is already used by another item. You can still save it.',
    );
  });
});

describe('supplier ids and ownership edges', () => {
  it('gives no supplier id for a blank or spaces-only name, even if a supplier has that name', () => {
    expect(supplierIdFor('', [{ supplierID: 'S9', supplierName: '' }])).toBeUndefined();
    expect(supplierIdFor('  ', [{ supplierID: 'S9', supplierName: '  ' }])).toBeUndefined();
  });

  it('an item without a supplier name belongs to no supplier, even one with a blank name', () => {
    expect(isOwnItem({ supplierName: '' }, { supplierID: 'S1', supplierName: '' }, [])).toBe(false);
  });

  it('an item is ambiguous only without an id, naming the supplier, when another supplier shares the name', () => {
    const acme = { supplierID: 'S1', supplierName: 'Acme' };
    const acme2 = { supplierID: 'S2', supplierName: 'Acme' };
    const bolt = { supplierID: 'S3', supplierName: 'Bolt' };
    expect(isAmbiguousItem({ supplierName: 'Acme' }, acme, [acme2])).toBe(true);
    expect(isAmbiguousItem({ supplierName: 'Acme', supplierID: 'S1' }, acme, [acme2])).toBe(false);
    expect(isAmbiguousItem({ supplierName: 'Bolt' }, acme, [acme2])).toBe(false);
    expect(isAmbiguousItem({ supplierName: 'Acme' }, acme, [bolt])).toBe(false);
  });

  it('a changed Supplier ID alone counts no ambiguous items (their name does not change)', () => {
    const acme = { supplierID: 'S1', supplierName: 'Acme' };
    const acme2 = { supplierID: 'S2', supplierName: 'Acme' };
    const result = renameSupplierInItems([item('d', 'Acme')], acme, { ...acme, supplierID: 'S9' }, [acme2]);
    expect(result).toMatchObject({ renamed: 0, ambiguous: 0 });
  });

  it('deleting a supplier keeps an own item without an id exactly as it was', () => {
    const items = [item('a', 'Bolt')];
    const result = detachSupplierFromItems(items, { supplierID: 'S3', supplierName: 'Bolt' }, []);
    expect(result.detached).toBe(1);
    expect(result.items[0]).toBe(items[0]);
  });

  it('says no items use a supplier when none do', () => {
    expect(supplierDeleteMessage('Acme Foods', 0)).toBe('No inventory items use Acme Foods.');
  });
});

describe('moving items', () => {
  const list = [item('a'), item('b'), item('c')];

  it('moves a later item up to the first place, and an earlier one down', () => {
    expect(moveItem(list, 'c', 'a').map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 'a', 'c').map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(list.map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('leaves the list as it is for an unknown id or a move onto itself', () => {
    expect(moveItem(list, 'zz', 'a')).toBe(list);
    expect(moveItem(list, 'a', 'zz')).toBe(list);
    expect(moveItem(list, 'b', 'b')).toBe(list);
  });
});

describe('the inventory form option lists (spec section 3)', () => {
  it('offers the spec categories, units (flOz shown as fluid oz) and package types', () => {
    expect(categoryOptions).toEqual([
      'Cool Storage',
      'Freezer',
      'Dry Storage',
      'Produce',
      'Fruits',
      'Vegetables',
      'Meat',
      'Seafood',
      'Dairy',
      'Frozen',
      'Canned',
      'Wine Cellar',
      'Other',
    ]);
    expect(unitOptions.map((u) => u.value)).toEqual([
      'kg',
      'lbs',
      'cups',
      'oz',
      'flOz',
      'grams',
      'tbsp',
      'tsp',
      'milliliters',
      'liters',
      'quarts',
      'pints',
      'gallons',
      'other',
    ]);
    expect(unitOptions.filter((u) => u.label !== u.value)).toEqual([{ value: 'flOz', label: 'fluid oz' }]);
    expect(packageTypeOptions).toEqual(['box', 'bag', 'bottle', 'carton', 'container', 'pallet', 'each', 'other']);
  });

  it('words the low-stock highlight and the missing SKU', () => {
    expect(LOW_STOCK_MESSAGE).toBe('Low stock: re-order needed');
    expect(SKU_REQUIRED).toBe('SKU is required.');
  });

  it('labels the amount fields as the add form does, counts whole', () => {
    expect(itemAmountRules).toMatchObject({
      amountPerUnit: { label: 'Amount per Unit' },
      costPerUnit: { label: 'Cost per Unit' },
      quantity: { label: 'On-hand Quantity', integer: true },
      whenToOrder: { label: 'Re-order Qty', integer: true },
    });
  });
});

describe('issue 25: Supplier Name choices when two suppliers share a name', () => {
  const twins = [
    { supplierID: 'S1', supplierName: 'Coastal Seafood Co.' },
    { supplierID: 'S2', supplierName: 'Coastal Seafood Co.' },
    { supplierID: 'S3', supplierName: 'Harbour Dairy' },
    { supplierID: 'S4', supplierName: '' },
  ];
  it('one choice per supplier of a shared name, told apart by Supplier ID; other names as they are', () => {
    expect(supplierChoices(twins).map((c) => c.label)).toEqual([
      'Coastal Seafood Co. (Supplier ID S1)',
      'Coastal Seafood Co. (Supplier ID S2)',
      'Harbour Dairy',
    ]);
  });
  it('a choice names its supplier: the item keeps the name and that Supplier ID', () => {
    expect(resolveSupplierChoice('Coastal Seafood Co. (Supplier ID S2)', twins)).toEqual({
      supplierName: 'Coastal Seafood Co.',
      supplierID: 'S2',
    });
    expect(resolveSupplierChoice('Harbour Dairy', twins)).toEqual({ supplierName: 'Harbour Dairy', supplierID: 'S3' });
    expect(resolveSupplierChoice('Coastal Seafood Co.', twins)).toEqual({
      supplierName: 'Coastal Seafood Co.',
      supplierID: undefined,
    });
    const draft = {
      ...emptyItemDraft(),
      name: 'Hake',
      amountPerUnit: '1',
      costPerUnit: '3',
      quantity: '2',
      whenToOrder: '1',
      supplierName: 'Coastal Seafood Co. (Supplier ID S2)',
    };
    expect(itemFromDraft(draft, 'h', [], twins)).toMatchObject({
      supplierName: 'Coastal Seafood Co.',
      supplierID: 'S2',
    });
  });
  it("an item shows as its own supplier's choice", () => {
    expect(choiceOfItem({ supplierName: 'Coastal Seafood Co.', supplierID: 'S1' }, twins)).toBe(
      'Coastal Seafood Co. (Supplier ID S1)',
    );
    expect(choiceOfItem({ supplierName: 'Harbour Dairy', supplierID: 'S3' }, twins)).toBe('Harbour Dairy');
    expect(choiceOfItem({ supplierName: 'Coastal Seafood Co.' }, twins)).toBe('Coastal Seafood Co.');
  });
});

describe('issue 21: an inventory item’s allergens', () => {
  const d = {
    ...emptyItemDraft(),
    sku: 'PB-1',
    name: 'Peanut butter',
    amountPerUnit: '1',
    costPerUnit: '8',
    quantity: '3',
    whenToOrder: '1',
  };

  it('the add form starts with none; an item added with some keeps them, in the list’s order, unknown ids dropped', () => {
    expect(emptyItemDraft().allergens).toBe('');
    expect(itemFromDraft(d, '1', []).allergens).toBeUndefined();
    expect(itemFromDraft({ ...d, allergens: 'soy,peanuts,cheese' }, '1', []).allergens).toEqual(['peanuts', 'soy']);
  });

  it('the Edit Item draft holds them as text and Save replaces them: changed, emptied or untouched', () => {
    const stored = { ...item('p'), allergens: ['milk', 'eggs'] };
    expect(draftFromItem(stored).allergens).toBe('milk,eggs');
    expect(applyEdit(stored, draftFromItem(stored))).toEqual(stored);
    expect(applyEdit(stored, { ...draftFromItem(stored), allergens: 'sesame' }).allergens).toEqual(['sesame']);
    expect(applyEdit(stored, { ...draftFromItem(stored), allergens: '' })).not.toHaveProperty('allergens');
    // An earlier item (no field, or a malformed one) reads as none.
    expect(draftFromItem(item('q')).allergens).toBe('');
    expect(draftFromItem({ ...item('r'), allergens: 'peanuts' }).allergens).toBe('');
  });
});

describe('issue 23: Supplier Name choices on 1,000 suppliers', () => {
  it('reads the suppliers a few times over, not once per pair (the Edit dialog computed a million comparisons)', () => {
    const list = Array.from({ length: 1000 }, (_, i) => ({
      supplierID: `S${i}`,
      supplierName: i === 7 || i === 900 ? 'Twin Farms' : `Supplier ${i}`,
    }));
    let reads = 0;
    const counted = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const choices = supplierChoices(counted);
    expect(choices).toHaveLength(1000);
    expect(choices.filter((c) => c.value.startsWith('Twin Farms'))).toEqual([
      { value: 'Twin Farms (Supplier ID S7)', label: 'Twin Farms (Supplier ID S7)' },
      { value: 'Twin Farms (Supplier ID S900)', label: 'Twin Farms (Supplier ID S900)' },
    ]);
    expect(resolveSupplierChoice('Twin Farms (Supplier ID S900)', counted)).toEqual({
      supplierName: 'Twin Farms',
      supplierID: 'S900',
    });
    expect(choiceOfItem({ supplierName: 'Twin Farms', supplierID: 'S7' }, counted)).toBe('Twin Farms (Supplier ID S7)');
    expect(reads).toBeLessThan(10_000);
  });
});
