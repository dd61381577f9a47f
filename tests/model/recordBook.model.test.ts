import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { employeeForm, supplierForm, type RecordForm } from '../../src/domain/inventoryRecords';
import { recordBookMachine, type BookRecord } from '../../src/machines/records/recordBook.machine';
import type { Employee, Supplier } from '../../src/storage/schemas';
import { describeModel } from '../support/model';

const acme: Supplier = { supplierID: 'S1', supplierName: 'Acme', email: 'a@acme.ca', phone: '555-0100', contractStatus: 'active', startDate: '2025-01-01', endDate: '2026-01-01' };
const bolt: Supplier = { ...acme, supplierID: 'S2', supplierName: 'Bolt' };
const ann: Employee = { id: 'E1', firstName: 'Ann', lastName: 'Lee', email: 'ann@x.ca', role: 'Chef', phone: '555', fullTimePartTime: 'fulltime', department: 'Kitchen', startDate: '2024-02-02' };

const persisted: BookRecord[][] = [];
const synced: Array<{ before: BookRecord; after: BookRecord }> = [];
const machine = recordBookMachine.provide({
  actions: {
    persistRecords: ({ context }) => void persisted.push(context.records),
    syncDependents: ({ context }) => void synced.push(context.lastReplaced!),
  },
  actors: { watchStorage: fromCallback(() => () => {}) },
});
const reset = () => {
  persisted.length = 0;
  synced.length = 0;
};

for (const [name, form, records, field, good] of [
  ['recordBook (suppliers)', supplierForm, [acme, bolt], 'supplierName', 'Crate & Co'],
  ['recordBook (employees)', employeeForm, [ann, { ...ann, id: 'E2', firstName: 'Cy' }], 'firstName', 'Bo'],
] as Array<[string, RecordForm<BookRecord>, BookRecord[], string, string]>) {
  describeModel(name, {
    machine,
    reset,
    input: { records, form },
    serializeState: (s) =>
      JSON.stringify({ v: s.value, n: Math.min(s.context.records.length, 4), i: s.context.editingIndex, d: s.context.draft[field], e: Object.keys(s.context.errors) }),
    events: {
      'field.change': [
        { type: 'field.change', field, value: good },
        { type: 'field.change', field, value: '' },
        { type: 'field.change', field: 'email', value: 'not-an-email' },
      ],
      'form.submit': [{ type: 'form.submit' }],
      'form.cancel': [{ type: 'form.cancel' }],
      'record.edit': [{ type: 'record.edit', index: 0 }, { type: 'record.edit', index: 9 }],
      'record.delete': [{ type: 'record.delete', index: 0 }, { type: 'record.delete', index: records.length - 1 }],
      'storage.change': [{ type: 'storage.change', records: [] }, { type: 'storage.change', records }],
    },
    limit: 2000,
    states: {
      adding: (s) => {
        expect(s.hasTag('editing')).toBe(false);
        expect(s.context.editingIndex).toBeNull();
      },
      editing: (s) => {
        expect(s.hasTag('editing')).toBe(true);
        expect(s.context.editingIndex).not.toBeNull();
        expect(s.context.editingIndex!).toBeLessThan(s.context.records.length);
      },
    },
    sequences: [
      [{ type: 'record.edit', index: 0 }, { type: 'field.change', field, value: '' }, { type: 'form.submit' }, { type: 'field.change', field, value: good }, { type: 'form.submit' }],
      [{ type: 'record.edit', index: records.length - 1 }, { type: 'record.delete', index: 0 }],
      [{ type: 'field.change', field, value: good }, { type: 'field.change', field: 'lastName', value: 'Ray' }, { type: 'form.submit' }],
    ],
  });
}

function started(records: BookRecord[], form: RecordForm<BookRecord>) {
  reset();
  const actor = createActor(machine, { input: { records, form } });
  actor.start();
  return actor;
}

describe('recordBook rules pinned by hand (spec section 4)', () => {
  it('appends in add mode and shows the message next to an invalid field', () => {
    const actor = started([acme], supplierForm as RecordForm<BookRecord>);
    actor.send({ type: 'field.change', field: 'email', value: 'nope' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toHaveProperty('supplierName');
    expect(actor.getSnapshot().context.errors).toHaveProperty('email');
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Dune' });
    actor.send({ type: 'field.change', field: 'email', value: 'd@dune.ca' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.records).toHaveLength(2);
    expect(actor.getSnapshot().context.draft.supplierName).toBe('');
    expect(persisted).toHaveLength(1);
  });

  it('replaces the edited record, returns to add mode and reports the replacement', () => {
    const actor = started([acme, bolt], supplierForm as RecordForm<BookRecord>);
    actor.send({ type: 'record.edit', index: 1 });
    expect(actor.getSnapshot().context.draft.supplierName).toBe('Bolt');
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Bolt Foods' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect((actor.getSnapshot().context.records[1] as Supplier).supplierName).toBe('Bolt Foods');
    expect((actor.getSnapshot().context.records[1] as Supplier).supplierID).toBe('S2');
    expect(synced).toEqual([{ before: bolt, after: expect.objectContaining({ supplierName: 'Bolt Foods' }) }]);
  });

  it('cancel clears the form and leaves edit mode without saving', () => {
    const actor = started([ann], employeeForm as RecordForm<BookRecord>);
    actor.send({ type: 'record.edit', index: 0 });
    actor.send({ type: 'field.change', field: 'firstName', value: 'Zed' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.draft.firstName).toBe('');
    expect((actor.getSnapshot().context.records[0] as Employee).firstName).toBe('Ann');
    expect(persisted).toEqual([]);
  });

  it('gives new employees an id', () => {
    const actor = started([], employeeForm as RecordForm<BookRecord>);
    actor.send({ type: 'field.change', field: 'firstName', value: 'Bo' });
    actor.send({ type: 'field.change', field: 'lastName', value: 'Ray' });
    actor.send({ type: 'form.submit' });
    expect((actor.getSnapshot().context.records[0] as Employee).id).toMatch(/^E\d+/);
  });
});
