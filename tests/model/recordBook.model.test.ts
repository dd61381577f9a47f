import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type EventFromLogic } from 'xstate';
import { mergeDrafts } from '../../src/domain/conflict';
import { employeeForm, supplierForm, type RecordForm } from '../../src/domain/inventoryRecords';
import {
  isEditedElsewhere,
  recordBookMachine,
  type BookRecord,
  type RecordBookContext,
  type RecordBookEvent,
} from '../../src/machines/records/recordBook.machine';
import type { Employee, Supplier } from '../../src/storage/schemas';
import { createWorld, describeModel, failureAfter, type Expectation } from '../support/model';

const acme: Supplier = {
  supplierID: 'S1',
  supplierName: 'Acme',
  email: 'a@acme.ca',
  phone: '555-0100',
  contractStatus: 'active',
  startDate: '2025-01-01',
  endDate: '2026-01-01',
};
const bolt: Supplier = { ...acme, supplierID: 'S2', supplierName: 'Bolt', email: 'b@bolt.ca' };
const crate: Supplier = { ...acme, supplierID: 'S3', supplierName: 'Crate' };
const ann: Employee = {
  id: 'E1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@x.ca',
  role: 'Chef',
  phone: '555',
  fullTimePartTime: 'fulltime',
  department: 'Kitchen',
  startDate: '2024-02-02',
};
const sofia: Employee = { ...ann, id: 'E2', firstName: 'Sofia', lastName: 'Ruiz' };
const noah: Employee = { ...ann, id: 'E3', firstName: 'Noah', lastName: 'Park' };

const persisted: BookRecord[][] = [];
const synced: Array<{ before: BookRecord; after: BookRecord }> = [];
/** The list's storage key (suppliers or employees) as the fakes leave it. */
const world = createWorld<{ records: BookRecord[] }>();
const machine = recordBookMachine.provide({
  actions: {
    persistRecords: ({ context }) => {
      persisted.push(context.records);
      world.record(
        'persistRecords',
        context.records.map((r) => context.form.key(r)),
      );
      world.store.records = context.records;
    },
    syncDependents: ({ context }) => {
      if (context.lastReplaced) synced.push(context.lastReplaced);
      world.record('syncDependents', context.lastReplaced && [context.lastReplaced.before, context.lastReplaced.after]);
    },
    // Issue 25: the form's draft, with the record under edit and its values when editing began.
    persistDraft: ({ context }) =>
      world.record(
        'persistDraft',
        context.draft,
        context.editingId,
        context.editBase && context.form.toDraft(context.editBase),
      ),
    discardDraft: () => world.record('discardDraft'),
    notifyDraftDropped: () => world.record('notifyDraftDropped'),
  },
  actors: { watchStorage: fromCallback(() => () => {}) },
});
const reset = () => {
  persisted.length = 0;
  synced.length = 0;
};

const keyOf = (c: RecordBookContext, r: BookRecord) => c.form.key(r);

for (const [name, form, records, field, good] of [
  ['recordBook (suppliers)', supplierForm, [acme, bolt, crate], 'supplierName', 'Crate & Co'],
  ['recordBook (employees)', employeeForm, [ann, sofia, noah], 'firstName', 'Bo'],
] as Array<[string, RecordForm<BookRecord>, BookRecord[], string, string]>) {
  const middle = records[1]!;
  const middleId = form.key(middle);
  const changedThere = { ...middle, [field]: 'Changed There', email: 'there@x.ca' };
  const mine = { ...middle, [field]: good };
  type Ctx = RecordBookContext;
  const keys = (list: BookRecord[]) => list.map((r) => form.key(r));
  const others = (c: Ctx) => c.records.filter((r) => form.key(r) !== c.editingId);
  const errorsOf = (c: Ctx, draft = c.draft) => form.validate(draft, others(c));
  const isValid = (c: Ctx, draft = c.draft) => Object.keys(errorsOf(c, draft)).length === 0;
  const find = (list: BookRecord[], id: string | null) => list.find((r) => form.key(r) === id);
  const cleared = (c: Ctx): Ctx => ({
    ...c,
    draft: form.empty(),
    errors: {},
    editingId: null,
    editBase: null,
    theirs: null,
    draftRestored: false,
  });
  // Issue 25: saved drafts the page opens with: a record being added; an edit of the middle record as it is; an edit
  // begun from the middle record as it was before another tab changed it (stale: dropped, and the caterer told).
  const addSaved = { values: { ...form.empty(), [field]: 'Half typed' } };
  const editSaved = {
    values: { ...form.toDraft(middle), [field]: good },
    recordId: middleId,
    base: form.toDraft(middle),
  };
  const staleSaved = {
    values: { ...form.toDraft(middle), [field]: good },
    recordId: middleId,
    base: { ...form.toDraft(middle), [field]: 'Before' },
  };
  const dropped: Expectation<typeof machine, { records: BookRecord[] }>['effects'] = [['discardDraft']];
  /** Issue 11: a Supplier ID another supplier has is refused, naming that supplier; the record's own id is not a duplicate. */
  const checkDuplicateId = ({ before, after }: { before: Ctx; after: Ctx }) => {
    if (form !== supplierForm) return;
    const id = (before.draft.supplierID ?? '').trim();
    const owner = id === '' ? undefined : (others(before) as Supplier[]).find((r) => r.supplierID === id);
    expect(after.errors.supplierID).toBe(
      owner ? `Supplier ID ${id} is already used by ${owner.supplierName}. Choose another ID.` : undefined,
    );
  };
  /** `saved` is the draft made a record (over `previous`), at the place of `previous` or appended; every other record the same object. */
  const expectSaved = (
    before: BookRecord[],
    after: BookRecord[],
    draft: Record<string, string>,
    previous: BookRecord | undefined,
  ) => {
    const at = previous ? before.indexOf(previous) : before.length;
    expect(after).toHaveLength(previous ? before.length : before.length + 1);
    after.forEach((r, i) => {
      if (i !== at) expect(r, `record ${form.key(r)} must not change`).toBe(before[i]);
    });
    const saved = after[at]!;
    const expected = form.toRecord(draft, previous, 0);
    if (previous) expect(form.key(saved)).toBe(form.key(previous));
    else if (form.key(saved) !== form.key(expected)) {
      // A new record without a typed id gets a fresh one (time-based), taken by no other record.
      expect(keys(before)).not.toContain(form.key(saved));
      // (Employees keep their id out of the form; a supplier's is the Supplier ID field.)
      const keyField = Object.keys(form.toDraft(expected)).find(
        (k) => form.toDraft(expected)[k] === form.key(expected),
      );
      expect(form.toDraft(saved)).toEqual(
        keyField ? { ...form.toDraft(expected), [keyField]: form.key(saved) } : form.toDraft(expected),
      );
      return saved;
    }
    expect(form.toDraft(saved)).toEqual(form.toDraft(expected));
    return saved;
  };
  const written: Expectation<typeof machine, { records: BookRecord[] }>['effects'] = ({ after }) => [
    ['persistRecords', keys(after.records)],
  ];
  const writtenAndSynced: Expectation<typeof machine, { records: BookRecord[] }>['effects'] = ({ after }) => [
    ['persistRecords', keys(after.records)],
    ['syncDependents', after.lastReplaced && [after.lastReplaced.before, after.lastReplaced.after]],
  ];
  /** Keep mine (or a valid merge): the draft over their version, or added again when they deleted it. */
  const keptMine = (
    draftOf: (c: Ctx, event: unknown) => Record<string, string>,
  ): Expectation<typeof machine, { records: BookRecord[] }> => ({
    target: 'adding',
    context: (before, event, after) => {
      const draft = draftOf(before, event);
      expect(isValid(before, draft)).toBe(true);
      const theirs = find(before.records, before.editingId);
      const saved = expectSaved(before.records, after.records, draft, theirs);
      if (!theirs) expect(form.key(saved)).toBe(before.editingId);
      return {
        ...cleared(before),
        records: after.records,
        lastReplaced: theirs ? { before: theirs, after: saved } : null,
      };
    },
    effects: (step) => [...(writtenAndSynced as (s: typeof step) => unknown[][])(step), ['discardDraft']] as never,
  });
  const merged = (c: Ctx, event: unknown) =>
    mergeDrafts(c.draft, form.toDraft(c.theirs!), (event as { choices: Record<string, 'mine' | 'theirs'> }).choices);
  const loaded = (before: Ctx, event: unknown) => {
    const record = find(before.records, (event as { id: string }).id)!;
    expect(record).toBeDefined();
    return {
      ...before,
      editingId: form.key(record),
      editBase: record,
      draft: form.toDraft(record),
      errors: {},
      draftRestored: false,
    };
  };
  describeModel(name, {
    machine,
    reset,
    world,
    inputs: [
      { records, form },
      { records, form, saved: addSaved },
      { records, form, saved: editSaved },
      { records, form, saved: staleSaved },
    ],
    store: (input) => ({ records: input.records }),
    persisted: (context) => ({ records: context.records }),
    external: (event, store) => {
      if (event.type === 'storage.change') store.records = event.records;
    },
    initial: {
      started: [{ id: 'storageSync', input: undefined }],
      effects: (input) => (input.saved?.base?.[field] === 'Before' ? [['discardDraft'], ['notifyDraftDropped']] : []),
    },
    transitions: {
      // The field takes the value typed; only that field's message goes; the form's values are kept as its draft.
      '(machine)|field.change|0': {
        context: (before, event) => {
          const { field, value } = event as { field: string; value: string };
          const errors = { ...before.errors };
          delete errors[field];
          return { ...before, draft: { ...before.draft, [field]: value }, errors };
        },
        effects: ({ after }) => [
          ['persistDraft', after.draft, after.editingId, after.editBase && form.toDraft(after.editBase)],
        ],
      },
      // Issue 25: the page opens with the saved draft of an edit of an unchanged record: editing it again, as typed.
      'restoring||0': {
        target: 'editing',
        context: (before) => ({
          ...before,
          editingId: middleId,
          editBase: middle,
          draft: editSaved.values,
          errors: {},
          draftRestored: true,
          savedEdit: null,
        }),
      },
      // Its record changed since: dropped (never applied over the newer record), the caterer told.
      'restoring||1': { target: 'adding', context: (before) => ({ ...before, savedEdit: null }) },
      'restoring||2': { target: 'adding', check: ({ before }) => expect(before.savedEdit).toBeNull() },
      // Discard draft: an empty form when adding, the record's stored values when editing.
      'adding|draft.discard|0': { context: cleared, effects: dropped },
      'editing|draft.discard|0': {
        context: (before) => ({ ...before, draft: form.toDraft(before.editBase!), errors: {}, draftRestored: false }),
        effects: dropped,
      },
      '(machine)|save.conflict|0': {
        target: 'conflict',
        context: (before, event) => {
          const { mine, theirs } = event as { mine: BookRecord; theirs: BookRecord | null };
          return {
            ...before,
            editingId: form.key(mine),
            editBase: theirs ?? mine,
            draft: form.toDraft(mine),
            errors: {},
            theirs: find(before.records, form.key(mine)) ?? null,
          };
        },
      },
      'adding|form.submit|0': {
        context: (before, _event, after) => {
          expect(isValid(before)).toBe(true);
          expectSaved(before.records, after.records, before.draft, undefined);
          return { ...cleared(before), records: after.records };
        },
        effects: ({ after }) => [['persistRecords', keys(after.records)], ['discardDraft']],
      },
      'adding|form.submit|1': {
        context: (before) => {
          expect(isValid(before)).toBe(false);
          return { ...before, errors: errorsOf(before) };
        },
        check: checkDuplicateId,
      },
      'adding|form.cancel|0': { context: cleared, effects: dropped },
      'adding|record.edit|0': { target: 'editing', context: loaded, effects: dropped },
      'adding|record.delete|0': {
        context: (before, event) => ({
          ...before,
          records: before.records.filter((r) => form.key(r) !== (event as { id: string }).id),
        }),
        effects: written,
      },
      'adding|storage.change|0': {
        context: (before, event) => ({ ...before, records: (event as { records: BookRecord[] }).records }),
      },
      // Stale: the record changed or went elsewhere since Edit; nothing is written.
      'editing|form.submit|0': {
        target: 'conflict',
        context: (before) => {
          const current = find(before.records, before.editingId);
          expect(
            !current || JSON.stringify(form.toDraft(current)) !== JSON.stringify(form.toDraft(before.editBase!)),
            'not stale',
          ).toBe(true);
          return { ...before, theirs: current ?? null };
        },
      },
      // Replaces the record with that id (not a position), reports the replacement, leaves edit mode.
      'editing|form.submit|1': {
        target: 'adding',
        context: (before, _event, after) => {
          expect(isValid(before)).toBe(true);
          const previous = find(before.records, before.editingId)!;
          const saved = expectSaved(before.records, after.records, before.draft, previous);
          return { ...cleared(before), records: after.records, lastReplaced: { before: previous, after: saved } };
        },
        effects: (step) => [...(writtenAndSynced as (s: typeof step) => unknown[][])(step), ['discardDraft']] as never,
      },
      'editing|form.submit|2': {
        context: (before) => {
          expect(isValid(before)).toBe(false);
          return { ...before, errors: errorsOf(before) };
        },
        check: checkDuplicateId,
      },
      'editing|form.cancel|0': { target: 'adding', context: cleared, effects: dropped },
      'editing|record.edit|0': { target: 'editing', context: loaded, effects: dropped },
      'editing|record.delete|0': {
        target: 'adding',
        context: (before, event) => {
          expect((event as { id: string }).id).toBe(before.editingId);
          return { ...cleared(before), records: before.records.filter((r) => form.key(r) !== before.editingId) };
        },
        effects: ({ after }) => [['persistRecords', keys(after.records)], ['discardDraft']],
      },
      'editing|record.delete|1': {
        context: (before, event) => {
          const id = (event as { id: string }).id;
          expect(id).not.toBe(before.editingId);
          return { ...before, records: before.records.filter((r) => form.key(r) !== id) };
        },
        effects: written,
      },
      'editing|storage.change|0': {
        context: (before, event) => ({ ...before, records: (event as { records: BookRecord[] }).records }),
      },
      'conflict|conflict.keepTheirs|0': { target: 'adding', context: cleared, effects: dropped },
      'conflict|conflict.keepMine|0': keptMine((c) => c.draft),
      // Mine no longer passes: back to the form, based on their version, with the messages.
      'conflict|conflict.keepMine|1': {
        target: 'editing',
        context: (before) => {
          expect(isValid(before)).toBe(false);
          return { ...before, editBase: before.theirs ?? before.editBase, errors: errorsOf(before) };
        },
      },
      'conflict|conflict.merge|0': keptMine(merged),
      'conflict|conflict.merge|1': {
        target: 'editing',
        context: (before, event) => {
          const draft = merged(before, event);
          expect(isValid(before, draft)).toBe(false);
          return { ...before, draft, editBase: before.theirs, errors: errorsOf(before, draft) };
        },
      },
      'conflict|storage.change|0': {
        context: (before, event) => {
          const list = (event as { records: BookRecord[] }).records;
          return { ...before, records: list, theirs: find(list, before.editingId) ?? null };
        },
      },
    },
    serializeState: (s) =>
      JSON.stringify({
        v: s.value,
        n: Math.min(s.context.records.length, 5),
        m: s.context.records.find((r) => form.key(r) === middleId)
          ? form.toDraft(s.context.records.find((r) => form.key(r) === middleId)!)[field]
          : null,
        i: s.context.editingId,
        t: s.context.theirs ? form.toDraft(s.context.theirs)[field] : null,
        d: s.context.draft[field],
        e: Object.keys(s.context.errors),
      }),
    events: {
      'field.change': [
        { type: 'field.change', field, value: good },
        { type: 'field.change', field, value: '' },
        { type: 'field.change', field: 'email', value: 'not-an-email' },
      ],
      'form.submit': [{ type: 'form.submit' }],
      'form.cancel': [{ type: 'form.cancel' }],
      'record.edit': [
        { type: 'record.edit', id: middleId },
        { type: 'record.edit', id: 'nobody' },
      ],
      'record.delete': [
        { type: 'record.delete', id: middleId },
        { type: 'record.delete', id: form.key(records[0]!) },
      ],
      'storage.change': [
        { type: 'storage.change', records: records.map((r) => (r === middle ? changedThere : r)) },
        { type: 'storage.change', records: records.filter((r) => r !== middle) },
        { type: 'storage.change', records },
      ],
      'save.conflict': [{ type: 'save.conflict', mine, theirs: changedThere }],
      'conflict.keepTheirs': [{ type: 'conflict.keepTheirs' }],
      'conflict.keepMine': [{ type: 'conflict.keepMine' }],
      'conflict.merge': [{ type: 'conflict.merge', choices: { [field]: 'mine' } }],
      'draft.discard': [{ type: 'draft.discard' }],
    },
    limit: 60000,
    states: {
      restoring: () => {
        throw new Error('restoring is transient');
      },
      adding: (s) => {
        expect(s.hasTag('editing')).toBe(false);
        expect(s.context.editingId).toBeNull();
        expect(s.context.editBase).toBeNull();
        expect(s.context.theirs).toBeNull();
        // Ids stay unique: no save ever duplicates or loses a record's identity.
        const ids = s.context.records.map((r) => keyOf(s.context, r));
        expect(new Set(ids).size).toBe(ids.length);
      },
      editing: (s) => {
        expect(s.hasTag('editing')).toBe(true);
        expect(s.hasTag('conflict')).toBe(false);
        expect(s.context.editingId).not.toBeNull();
        expect(s.context.editBase).not.toBeNull();
      },
      conflict: (s) => {
        expect(s.hasTag('conflict')).toBe(true);
        const current = s.context.records.find((r) => keyOf(s.context, r) === s.context.editingId) ?? null;
        expect(s.context.theirs).toEqual(current);
      },
    },
    // Written for the page that opens with no draft.
    sequences: (input): RecordBookEvent[][] =>
      input.saved
        ? []
        : [
            [
              { type: 'field.change', field, value: good },
              { type: 'field.change', field: 'lastName', value: 'Ray' },
              { type: 'form.submit' },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'field.change', field, value: '' },
              { type: 'form.submit' },
              { type: 'field.change', field, value: good },
              { type: 'form.submit' },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'record.delete', id: form.key(records[0]!) },
              { type: 'form.submit' },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'record.edit', id: form.key(records[2]!) },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'field.change', field, value: good },
              { type: 'storage.change', records: records.map((r) => (r === middle ? changedThere : r)) },
              { type: 'form.submit' },
              { type: 'storage.change', records },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'field.change', field: 'email', value: 'not-an-email' },
              { type: 'storage.change', records: records.map((r) => (r === middle ? changedThere : r)) },
              { type: 'form.submit' },
              { type: 'conflict.keepMine' },
            ],
            [
              { type: 'record.edit', id: middleId },
              { type: 'field.change', field: 'email', value: 'not-an-email' },
              { type: 'storage.change', records: records.map((r) => (r === middle ? changedThere : r)) },
              { type: 'form.submit' },
              { type: 'conflict.merge', choices: { email: 'mine' } },
            ],
            // Issue 11 (suppliers): the middle supplier given the last one's Supplier ID is refused naming it; its own id saves.
            ...(form === supplierForm
              ? ([
                  [
                    { type: 'record.edit', id: middleId },
                    { type: 'field.change', field: 'supplierID', value: 'S3' },
                    { type: 'form.submit' },
                    { type: 'field.change', field: 'supplierID', value: ' S2 ' },
                    { type: 'form.submit' },
                  ],
                  [
                    { type: 'field.change', field: 'supplierName', value: 'Dune' },
                    { type: 'field.change', field: 'supplierID', value: 'S2' },
                    { type: 'form.submit' },
                    { type: 'field.change', field: 'supplierID', value: 'S4' },
                    { type: 'form.submit' },
                  ],
                ] as Array<
                  Array<
                    | { type: 'field.change'; field: string; value: string }
                    | { type: 'record.edit'; id: string }
                    | { type: 'form.submit' }
                  >
                >)
              : []),
          ],
  });
}

function started(records: BookRecord[], form: RecordForm<BookRecord>) {
  reset();
  const actor = createActor(machine, { input: { records, form } });
  actor.start();
  return actor;
}
const sup = supplierForm as RecordForm<BookRecord>;
const emp = employeeForm as RecordForm<BookRecord>;
const names = (records: BookRecord[]) => records.map((r) => (r as Employee).firstName ?? (r as Supplier).supplierName);

describe('recordBook rules pinned by hand (spec section 4, issue 9)', () => {
  it('appends in add mode and shows the message next to an invalid field', () => {
    const actor = started([acme], sup);
    actor.send({ type: 'field.change', field: 'email', value: 'nope' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toHaveProperty('supplierName');
    expect(actor.getSnapshot().context.errors).toHaveProperty('email');
    expect(persisted).toEqual([]);
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Dune' });
    actor.send({ type: 'field.change', field: 'email', value: 'd@dune.ca' });
    actor.send({ type: 'form.submit' });
    expect(names(actor.getSnapshot().context.records)).toEqual(['Acme', 'Dune']);
    expect(actor.getSnapshot().context.draft.supplierName).toBe('');
    expect(persisted).toEqual([actor.getSnapshot().context.records]);
  });

  it('typing in a field clears that field’s message only, in add and in edit mode', () => {
    for (const edit of [false, true]) {
      const actor = started([acme, bolt, crate], sup);
      if (edit) {
        actor.send({ type: 'record.edit', id: 'S2' });
        actor.send({ type: 'field.change', field: 'supplierName', value: '' });
      }
      actor.send({ type: 'field.change', field: 'email', value: 'nope' });
      actor.send({ type: 'form.submit' });
      expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual(['email', 'supplierName']);
      actor.send({ type: 'field.change', field: 'supplierName', value: '   ' });
      expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['email']);
      actor.send({ type: 'field.change', field: 'email', value: 'still@' });
      expect(actor.getSnapshot().context.errors).toEqual({});
      expect(actor.getSnapshot().context.draft).toMatchObject({ supplierName: '   ', email: 'still@' });
    }
  });

  it('refuses a Supplier ID another supplier already has', () => {
    const actor = started([acme, bolt], sup);
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Dune' });
    actor.send({ type: 'field.change', field: 'supplierID', value: 'S2' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.supplierID).toBe(
      'Supplier ID S2 is already used by Bolt. Choose another ID.',
    );
    expect(persisted).toEqual([]);
  });

  it("issue 11: editing the middle supplier, another supplier's ID is refused naming it; keeping its own ID saves", () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'field.change', field: 'supplierID', value: 'S3' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      supplierID: 'Supplier ID S3 is already used by Crate. Choose another ID.',
    });
    expect(persisted).toEqual([]);
    actor.send({ type: 'field.change', field: 'supplierID', value: 'S2' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(persisted).toHaveLength(1);
    expect(persisted[0]![0]).toBe(acme);
    expect(persisted[0]![2]).toBe(crate);
  });

  it('replaces the edited record by id, touching no other record, and reports the replacement', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    expect(actor.getSnapshot().context.draft.supplierName).toBe('Bolt');
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Bolt Foods' });
    actor.send({ type: 'form.submit' });
    const records = actor.getSnapshot().context.records;
    expect(actor.getSnapshot().value).toBe('adding');
    expect(names(records)).toEqual(['Acme', 'Bolt Foods', 'Crate']);
    expect(records[0]).toBe(acme);
    expect(records[2]).toBe(crate);
    expect(synced).toEqual([
      { before: bolt, after: expect.objectContaining({ supplierName: 'Bolt Foods', supplierID: 'S2' }) },
    ]);
  });

  it('two tabs: another tab deletes Marina while this one edits Sofia; Submit still replaces Sofia, not Noah', () => {
    const marina = { ...ann, id: 'E0', firstName: 'Marina' };
    const actor = started([marina, sofia, noah], emp);
    actor.send({ type: 'record.edit', id: 'E2' });
    actor.send({ type: 'storage.change', records: [sofia, noah] });
    actor.send({ type: 'field.change', field: 'role', value: 'Head Chef' });
    actor.send({ type: 'form.submit' });
    const records = actor.getSnapshot().context.records as Employee[];
    expect(records.map((e) => [e.firstName, e.role])).toEqual([
      ['Sofia', 'Head Chef'],
      ['Noah', 'Chef'],
    ]);
  });

  it('the draft being typed survives another tab saving the list', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S3' });
    actor.send({ type: 'field.change', field: 'email', value: 'half@typ' });
    actor.send({ type: 'storage.change', records: [acme, { ...bolt, phone: '1' }, crate] });
    expect(actor.getSnapshot().context.draft.email).toBe('half@typ');
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('a stale Submit goes to conflict; Keep theirs saves nothing and keeps their version', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'field.change', field: 'phone', value: '999' });
    const theirs = { ...bolt, email: 'new@bolt.ca' };
    actor.send({ type: 'storage.change', records: [acme, theirs, crate] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.theirs).toBe(theirs);
    expect(persisted).toEqual([]);
    actor.send({ type: 'conflict.keepTheirs' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.records[1]).toBe(theirs);
    expect(persisted).toEqual([]);
  });

  it('Keep mine saves this form over their version; Merge takes the chosen fields from each', () => {
    const theirs = { ...bolt, email: 'new@bolt.ca', rev: 4 };
    let actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'field.change', field: 'phone', value: '999' });
    actor.send({ type: 'storage.change', records: [acme, theirs, crate] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted.at(-1)![1]).toMatchObject({ supplierID: 'S2', phone: '999', email: 'b@bolt.ca', rev: 4 });
    expect(persisted.at(-1)![0]).toBe(acme);

    actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'field.change', field: 'phone', value: '999' });
    actor.send({ type: 'storage.change', records: [acme, theirs, crate] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'conflict.merge', choices: { phone: 'mine', email: 'theirs' } });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(persisted).toHaveLength(1);
    expect(persisted[0]![1]).toMatchObject({ supplierID: 'S2', phone: '999', email: 'new@bolt.ca' });
    expect(persisted[0]![2]).toBe(crate);
  });

  it('a record deleted in another tab: Keep it deleted saves nothing; Save mine again puts it back', () => {
    let actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'storage.change', records: [acme, crate] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.theirs).toBeNull();
    expect(actor.getSnapshot().can({ type: 'conflict.merge', choices: {} })).toBe(false);
    actor.send({ type: 'conflict.keepTheirs' });
    expect(names(actor.getSnapshot().context.records)).toEqual(['Acme', 'Crate']);
    expect(persisted).toEqual([]);

    actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'storage.change', records: [acme, crate] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'conflict.keepMine' });
    expect(names(persisted[0]!)).toEqual(['Acme', 'Crate', 'Bolt']);
  });

  it('a conflict reported by storage (a simultaneous save) opens the same choice', () => {
    const actor = started([acme, bolt, crate], sup);
    const theirs = { ...bolt, email: 'x@bolt.ca' };
    actor.send({ type: 'storage.change', records: [acme, theirs, crate] });
    actor.send({ type: 'save.conflict', mine: { ...bolt, phone: '1' }, theirs });
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.draft.phone).toBe('1');
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted[0]![1]).toMatchObject({ phone: '1', email: 'b@bolt.ca' });
  });

  it('deletes by id, the middle one, leaving the others as they were', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.delete', id: 'S2' });
    expect(persisted).toEqual([[acme, crate]]);
  });

  it('cancel clears the form and leaves edit mode without saving', () => {
    const actor = started([ann], emp);
    actor.send({ type: 'record.edit', id: 'E1' });
    actor.send({ type: 'field.change', field: 'firstName', value: 'Zed' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(actor.getSnapshot().context.draft.firstName).toBe('');
    expect((actor.getSnapshot().context.records[0] as Employee).firstName).toBe('Ann');
    expect(persisted).toEqual([]);
  });

  it('gives new employees an id', () => {
    const actor = started([], emp);
    actor.send({ type: 'field.change', field: 'firstName', value: 'Bo' });
    actor.send({ type: 'field.change', field: 'lastName', value: 'Ray' });
    actor.send({ type: 'form.submit' });
    expect((actor.getSnapshot().context.records[0] as Employee).id).toMatch(/^E\d+/);
  });
});

describe('recordBook: the edited-elsewhere notice and the tags the view reads', () => {
  it('no notice when not editing, or while the record is as it was at Edit; a notice once another tab changed or deleted it', () => {
    const actor = started([acme, bolt, crate], sup);
    expect(isEditedElsewhere(actor.getSnapshot().context)).toBe(false);
    expect([actor.getSnapshot().hasTag('editing'), actor.getSnapshot().hasTag('conflict')]).toEqual([false, false]);
    actor.send({ type: 'record.edit', id: 'S2' });
    expect(isEditedElsewhere(actor.getSnapshot().context)).toBe(false);
    expect([actor.getSnapshot().hasTag('editing'), actor.getSnapshot().hasTag('conflict')]).toEqual([true, false]);
    // Saved again unchanged (a new object, the same fields): still no notice.
    actor.send({ type: 'storage.change', records: [acme, { ...bolt }, crate] });
    expect(isEditedElsewhere(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'storage.change', records: [acme, { ...bolt, phone: '555-0199' }, crate] });
    expect(isEditedElsewhere(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'storage.change', records: [acme, crate] });
    expect(isEditedElsewhere(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'form.submit' });
    expect([actor.getSnapshot().hasTag('editing'), actor.getSnapshot().hasTag('conflict')]).toEqual([true, true]);
  });
});

describe('recordBook (unprovided effects)', () => {
  const run = (
    provide: Parameters<typeof recordBookMachine.provide>[0],
    send: Array<EventFromLogic<typeof recordBookMachine>>,
  ) => failureAfter(recordBookMachine.provide(provide), { records: [acme, bolt], form: sup }, send);
  const quiet = fromCallback(() => () => {});
  it('without a provided watchStorage, persistRecords or syncDependents, the book fails loudly, naming what to provide', () => {
    expect(run({}, [])).toContain('recordBook: provide watchStorage');
    expect(run({ actors: { watchStorage: quiet } }, [{ type: 'record.delete', id: 'S1' }])).toContain(
      'recordBook: provide persistRecords',
    );
    expect(
      run({ actors: { watchStorage: quiet }, actions: { persistRecords: () => {} } }, [
        { type: 'record.edit', id: 'S2' },
      ]),
    ).toContain('recordBook: provide discardDraft');
    expect(
      run({ actors: { watchStorage: quiet } }, [{ type: 'field.change', field: 'supplierName', value: 'X' }]),
    ).toContain('recordBook: provide persistDraft');
    expect(
      run({ actors: { watchStorage: quiet }, actions: { persistRecords: () => {}, discardDraft: () => {} } }, [
        { type: 'record.edit', id: 'S2' },
        { type: 'form.submit' },
      ]),
    ).toContain('recordBook: provide syncDependents');
  });
});

describe('recordBook (pinned: cancel in add mode, gone records, merge validation, a deleted employee saved again)', () => {
  it('Cancel in add mode clears what was typed and its messages, and saves nothing', () => {
    const actor = started([acme], sup);
    actor.send({ type: 'field.change', field: 'supplierName', value: 'Dune' });
    actor.send({ type: 'field.change', field: 'email', value: 'nope' });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.cancel' });
    expect(actor.getSnapshot().context.draft).toEqual(sup.empty());
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(persisted).toEqual([]);
  });
  it('Delete of a record that is not there (another tab deleted it) writes nothing, in add and in edit mode', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.delete', id: 'S9' });
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'record.delete', id: 'S9' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.records).toEqual([acme, bolt, crate]);
    expect(persisted).toEqual([]);
  });
  it('a merge that takes my Supplier ID, which another supplier has, is refused: back to the form with the message, nothing saved', () => {
    const actor = started([acme, bolt, crate], sup);
    actor.send({ type: 'record.edit', id: 'S2' });
    actor.send({ type: 'field.change', field: 'supplierID', value: 'S1' });
    actor.send({ type: 'storage.change', records: [acme, { ...bolt, phone: '555-0199' }, crate] });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('conflict');
    actor.send({ type: 'conflict.merge', choices: { supplierID: 'mine', phone: 'theirs' } });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toHaveProperty('supplierID');
    expect(persisted).toEqual([]);
  });
  it('an employee deleted in another tab and saved again with Keep mine comes back under its own id', () => {
    const actor = started([ann, sofia, noah], emp);
    actor.send({ type: 'record.edit', id: 'E2' });
    actor.send({ type: 'field.change', field: 'role', value: 'Sous-chef' });
    actor.send({ type: 'storage.change', records: [ann, noah] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'conflict.keepMine' });
    expect(persisted).toHaveLength(1);
    expect(persisted[0]!.map((r) => (r as Employee).id)).toEqual(['E1', 'E3', 'E2']);
    expect(persisted[0]![2]).toMatchObject({ firstName: 'Sofia', role: 'Sous-chef' });
  });
});
