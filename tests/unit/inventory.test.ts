import { describe, expect, it } from 'vitest';
import {
  applyEdit, draftFromItem, emptyItemDraft, hasCountsAndSku, hasValidNumbers, isEditDraftValid, isLowStock, itemFromDraft, moveItem, nextItemId, renameSupplierInItems, unitLabel, unitOptions,
} from '../../src/domain/inventory';
import { employeeForm, supplierForm } from '../../src/domain/inventoryRecords';
import type { InventoryItem } from '../../src/storage/schemas';

const item = (id: string, supplierName = 'Acme'): InventoryItem => ({
  id, sku: 'S', name: 'N', category: 'Dairy', amountPerUnit: 1, unit: 'kg', packageType: 'box', quantity: 3, costPerUnit: 2, whenToOrder: 3, supplierName,
});

describe('inventory domain', () => {
  it('shows flOz as fluid oz and defaults the form to kg and box', () => {
    expect(unitLabel('flOz')).toBe('fluid oz');
    expect(unitOptions.map((u) => u.value)).toContain('flOz');
    expect(emptyItemDraft()).toMatchObject({ unit: 'kg', packageType: 'box', supplierName: '' });
  });
  it('checks the add rules of spec section 5', () => {
    const d = { ...emptyItemDraft(), amountPerUnit: '1.5', costPerUnit: '2', quantity: '3', whenToOrder: '1', sku: 'A' };
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
    const d = { ...emptyItemDraft(), amountPerUnit: '1', costPerUnit: '2', quantity: '3', whenToOrder: '1', sku: ' A ' };
    expect(itemFromDraft(d, '1', ['Bolt', 'Acme']).supplierName).toBe('Bolt');
    expect(itemFromDraft(d, '1', []).supplierName).toBe('');
    const i = item('x');
    expect(applyEdit(i, draftFromItem(i))).toEqual(i);
  });
  it('moves items and renames suppliers', () => {
    const list = [item('a'), item('b'), item('c')];
    expect(moveItem(list, 'a', 'c').map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 'a', 'zz')).toBe(list);
    expect(renameSupplierInItems([item('a'), item('b', 'Bolt')], 'Acme', 'Acme Foods').map((i) => i.supplierName)).toEqual(['Acme Foods', 'Bolt']);
  });
});

describe('supplier and employee forms (clarifications.md)', () => {
  it('validates suppliers', () => {
    const ok = { ...supplierForm.empty(), supplierName: 'A', email: 'a@b.ca', phone: '+1 (555) 010-0000', startDate: '2025-01-02', endDate: '2025-01-01' };
    expect(Object.keys(supplierForm.validate(ok))).toEqual(['endDate']);
    expect(Object.keys(supplierForm.validate({ ...ok, supplierName: ' ', email: 'x', phone: 'abc', endDate: '' }))).toEqual(['supplierName', 'email', 'phone']);
  });
  it('validates employees and gives ids', () => {
    expect(Object.keys(employeeForm.validate(employeeForm.empty()))).toEqual(['firstName', 'lastName']);
    const a = employeeForm.toRecord({ ...employeeForm.empty(), firstName: 'A', lastName: 'B' }, undefined, 1);
    expect(a.id).toMatch(/^E1[a-z0-9]+$/);
    expect(employeeForm.toRecord({ ...employeeForm.empty(), firstName: 'C', lastName: 'D' }, a, 2).id).toBe(a.id);
  });
  it('refuses a Supplier ID another supplier has, but not the record\'s own', () => {
    const acme = supplierForm.toRecord({ ...supplierForm.empty(), supplierID: 'S1', supplierName: 'Acme' }, undefined, 1);
    const draft = { ...supplierForm.empty(), supplierID: 'S1', supplierName: 'Other' };
    expect(supplierForm.validate(draft, [acme]).supplierID).toBe('Another supplier already has this Supplier ID.');
    expect(supplierForm.validate(draft, [])).toEqual({});
  });
});
