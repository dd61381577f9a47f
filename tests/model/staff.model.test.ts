import { describe, expect, it } from 'vitest';
import { createActor, type ContextFrom } from 'xstate';
import { placeShifts } from '../../src/domain/staff';
import { connectStaff } from '../../src/machines/toolkit/staff.connect';
import { staffDraftProblem, staffMachine, type StaffEventInfo } from '../../src/machines/toolkit/staff.machine';
import type { Employee, StaffAssignment } from '../../src/storage/schemas';
import { createWorld, describeModel, failureAfter } from '../support/model';

/** The event's staffList-{id}, as the app's persister writes it. */
const world = createWorld<{ assignments: StaffAssignment[] }>();
const staff = staffMachine.provide({
  actions: {
    persistStaff: ({ context }) => {
      world.record(
        'persistStaff',
        context.assignments.map((a) => a.id),
      );
      world.store.assignments = context.assignments;
    },
  },
});
type Ctx = ContextFrom<typeof staff>;

const employee = (id: string, firstName: string, lastName: string, role: string, hourlyRate?: number): Employee => ({
  id,
  firstName,
  lastName,
  email: '',
  role,
  phone: '',
  fullTimePartTime: 'fulltime',
  department: '',
  startDate: '',
  ...(hourlyRate === undefined ? {} : { hourlyRate }),
});
const marina = employee('marina', 'Marina', 'Costa', 'Server', 22.5);
const omar = employee('omar', 'Omar', 'Haddad', 'Chef');
const party: StaffEventInfo = {
  id: 20,
  EventName: 'Birthday Party',
  EventDate: '2026-12-05',
  StartTime: '19:00',
  EndTime: '01:00',
};
const gala = { id: 10, EventName: 'Harbour Gala', EventDate: '2026-12-05', StartTime: '18:00', EndTime: '23:00' };
const galaShifts = placeShifts([gala], {
  '10': [
    { id: 'g1', employeeId: 'marina', name: 'Marina Costa', role: 'Server', shiftStart: '18:00', shiftEnd: '23:00' },
  ],
});
const a1: StaffAssignment = {
  id: 'a1',
  employeeId: 'omar',
  name: 'Omar Haddad',
  role: 'Chef',
  shiftStart: '17:00',
  shiftEnd: '23:00',
};
const a2: StaffAssignment = { ...a1, id: 'a2', employeeId: 'marina', name: 'Marina Costa', role: 'Server' };
const a2There = { ...a2, shiftEnd: '22:00' };
const isSeed = (id: string) => /^a\d$/.test(id);

/** Choosing an employee fills Role at event with their role; other fields are set as typed. */
const draftAfter = (before: Ctx, event: unknown) => {
  const { field, value } = event as { field: keyof Ctx['draft']; value: string };
  const draft = { ...before.draft, [field]: value };
  if (field === 'employeeId') draft.role = before.employees.find((e) => e.id === value)?.role ?? '';
  return { ...before, draft, draftError: null };
};

describeModel('staff', {
  machine: staff,
  world,
  inputs: [
    { event: party, assignments: [a1, a2], employees: [marina, omar], others: [] },
    { event: party, assignments: [a1], employees: [], others: [] },
  ],
  store: (input) => ({ assignments: input.assignments }),
  persisted: (context) => ({ assignments: context.assignments }),
  external: (event, store) => {
    if (event.type === 'storage.change') store.assignments = event.assignments;
  },
  serializeState: (s) =>
    // The other events' shifts and this event's times only feed the warnings (pinned below): left out to keep the walk small.
    JSON.stringify([
      s.value,
      s.context.assignments.filter((a) => isSeed(a.id)).map((a) => `${a.id}=${a.shiftEnd}`),
      Math.min(s.context.assignments.filter((a) => !isSeed(a.id)).length, 1),
      s.context.draft,
      s.context.draftError !== null,
      s.context.employees.length,
    ]),
  limit: 20000,
  events: {
    'draft.change': [
      { type: 'draft.change', field: 'employeeId', value: 'marina' },
      { type: 'draft.change', field: 'role', value: 'Bartender' },
      { type: 'draft.change', field: 'shiftEnd', value: '19:00' },
    ],
    'staff.assign': [{ type: 'staff.assign' }],
    'staff.remove': [
      { type: 'staff.remove', id: 'a2' },
      { type: 'staff.remove', id: 'no-such-assignment' },
    ],
    'storage.change': [
      { type: 'storage.change', assignments: [a1, a2There] },
      { type: 'storage.change', assignments: [a1] },
    ],
    'employees.change': [
      { type: 'employees.change', employees: [] },
      { type: 'employees.change', employees: [omar] },
      { type: 'employees.change', employees: [marina, omar] },
    ],
    'shifts.change': [{ type: 'shifts.change', others: galaShifts }],
    'event.change': [{ type: 'event.change', event: { ...party, StartTime: '20:00' } }],
  },
  transitions: {
    // Remove takes that assignment away by id, wherever it is in the list, and stores the list.
    '(machine)|staff.remove|0': {
      context: (before, event) => {
        const id = (event as { id: string }).id;
        expect(before.assignments.some((a) => a.id === id)).toBe(true);
        return { ...before, assignments: before.assignments.filter((a) => a.id !== id) };
      },
      effects: ({ after }) => [['persistStaff', after.assignments.map((a) => a.id)]],
    },
    '(machine)|storage.change|0': {
      context: (before, event) => ({
        ...before,
        assignments: (event as { assignments: StaffAssignment[] }).assignments,
      }),
    },
    // The employees now; a chosen one who is gone is unchosen (with the role that came with them).
    '(machine)|employees.change|0': {
      target: 'checking',
      context: (before, event) => {
        const employees = (event as { employees: Employee[] }).employees;
        const kept = employees.some((e) => e.id === before.draft.employeeId);
        return { ...before, employees, draft: kept ? before.draft : { ...before.draft, employeeId: '', role: '' } };
      },
    },
    '(machine)|shifts.change|0': {
      context: (before, event) => ({ ...before, others: (event as { others: Ctx['others'] }).others }),
    },
    '(machine)|event.change|0': {
      context: (before, event) => ({ ...before, event: (event as { event: StaffEventInfo }).event }),
    },
    'checking||0': { target: 'ready', check: ({ before }) => expect(before.employees.length).toBeGreaterThan(0) },
    'checking||1': { target: 'noEmployees', check: ({ before }) => expect(before.employees).toEqual([]) },
    'ready|draft.change|0': { context: draftAfter },
    // A valid draft (overlapping or not, but never a shift this person is already on) is appended under a
    // new id; the person clears, the times stay.
    'ready|staff.assign|0': {
      context: (before, _event, after) => {
        expect(staffDraftProblem(before.draft, before.employees, before.assignments)).toBeNull();
        expect(
          before.assignments.filter(
            (a) =>
              a.employeeId === before.draft.employeeId &&
              a.shiftStart === before.draft.shiftStart &&
              a.shiftEnd === before.draft.shiftEnd,
          ),
        ).toEqual([]);
        const added = after.assignments.at(-1)!;
        expect(before.assignments.map((a) => a.id)).not.toContain(added.id);
        const employee = before.employees.find((e) => e.id === before.draft.employeeId)!;
        return {
          ...before,
          assignments: [
            ...before.assignments,
            {
              id: added.id,
              employeeId: employee.id!,
              name: `${employee.firstName} ${employee.lastName}`,
              role: before.draft.role.trim(),
              shiftStart: before.draft.shiftStart,
              shiftEnd: before.draft.shiftEnd,
            },
          ],
          draft: { ...before.draft, employeeId: '', role: '' },
          draftError: null,
          seq: before.seq + 1,
        };
      },
      effects: ({ after }) => [['persistStaff', after.assignments.map((a) => a.id)]],
    },
    'ready|staff.assign|1': {
      context: (before) => {
        const problem = staffDraftProblem(before.draft, before.employees, before.assignments);
        expect(problem).not.toBeNull();
        return { ...before, draftError: problem };
      },
    },
  },
  states: {
    checking: () => {
      throw new Error('checking is transient and must never be observed');
    },
    noEmployees: (s) => {
      expect(s.hasTag('noEmployees')).toBe(true);
      expect(s.context.employees).toEqual([]);
      expect(s.can({ type: 'staff.assign' })).toBe(false);
    },
    ready: (s) => {
      expect(s.hasTag('ready')).toBe(true);
      expect(s.context.employees.length).toBeGreaterThan(0);
      // a1 is never removed by the walks: whatever else happens, it stays as it was.
      expect(s.context.assignments.find((a) => a.id === 'a1')).toEqual(a1);
    },
  },
});

describe('staff (pinned)', () => {
  const start = (others = galaShifts) =>
    createActor(staff, { input: { event: party, assignments: [], employees: [marina, omar], others } }).start();
  const view = (actor: ReturnType<typeof start>) => connectStaff(actor.getSnapshot().context, actor.send);

  it('the shift defaults to the event’s times; choosing an employee fills Role at event with their role', () => {
    const actor = start();
    expect(view(actor).draft).toEqual({ employeeId: '', role: '', shiftStart: '19:00', shiftEnd: '01:00' });
    view(actor).change('employeeId', 'omar');
    expect(view(actor).draft.role).toBe('Chef');
    view(actor).change('role', 'Sous-chef');
    expect(view(actor).draft.role).toBe('Sous-chef');
  });

  it('an overlap with another event is warned naming it, and Assign still saves the person', () => {
    world.effects.length = 0;
    const actor = start();
    view(actor).change('employeeId', 'marina');
    expect(view(actor).draftWarning).toBe('Marina Costa is already working Harbour Gala then');
    view(actor).assign();
    const [row] = view(actor).rows;
    expect(row).toMatchObject({
      name: 'Marina Costa',
      role: 'Server',
      shift: '19:00 – 01:00 (next day)',
      hours: 6,
      cost: '$135.00 CAD',
      warning: 'Marina Costa is already working Harbour Gala then',
    });
    expect(world.effects).toEqual([['persistStaff', [row!.id]]]);
  });

  it('a shift that only touches the other (23:00 on) is not warned; a shift past midnight is still compared', () => {
    const actor = start();
    view(actor).change('employeeId', 'marina');
    view(actor).change('shiftStart', '23:00');
    view(actor).change('shiftEnd', '02:00');
    expect(view(actor).draftWarning).toBeNull();
    view(actor).change('shiftStart', '22:59');
    expect(view(actor).draftWarning).toBe('Marina Costa is already working Harbour Gala then');
  });

  it('the same person on the same shift of this event is refused beside Employee, the form kept; another shift of theirs that overlaps is warned', () => {
    world.effects.length = 0;
    const actor = start([]);
    view(actor).change('employeeId', 'marina');
    view(actor).assign();
    view(actor).change('employeeId', 'marina');
    view(actor).change('role', 'Bartender');
    // No "you can still assign them" warning for a shift Assign refuses.
    expect(view(actor).draftWarning).toBeNull();
    view(actor).assign();
    expect(view(actor).draftError).toBe('Marina Costa is already on this shift.');
    expect(view(actor).draftErrorField).toBe('employeeId');
    expect(view(actor).draft).toEqual({
      employeeId: 'marina',
      role: 'Bartender',
      shiftStart: '19:00',
      shiftEnd: '01:00',
    });
    expect(view(actor).rows).toHaveLength(1);
    expect(world.effects).toHaveLength(1);
    // Changing the form clears the refusal; a different shift that overlaps hers is warned and saved.
    view(actor).change('shiftEnd', '20:00');
    view(actor).change('shiftStart', '17:00');
    expect(view(actor).draftError).toBeNull();
    expect(view(actor).draftWarning).toBe('Marina Costa is already working this event then');
    view(actor).assign();
    expect(view(actor).rows).toHaveLength(2);
    view(actor).change('employeeId', 'omar');
    view(actor).assign();
    // Marina 6 h + 3 h x $22.50 = $202.50; Omar 3 h has no rate.
    expect(view(actor).labour).toEqual({ cost: 202.5, hours: 12, unrated: 1 });
    expect(view(actor).rows[2]!.cost).toBe('No hourly rate');
  });

  it('a stored list that already holds the same shift twice still reads and shows both, each warned', () => {
    const twice = [a2, { ...a2, id: 'a2-again' }];
    const actor = createActor(staff, {
      input: { event: party, assignments: twice, employees: [marina, omar], others: [] },
    }).start();
    expect(view(actor).rows.map((r) => [r.id, r.warning])).toEqual([
      ['a2', 'Marina Costa is already working this event then'],
      ['a2-again', 'Marina Costa is already working this event then'],
    ]);
  });

  it('Assign without an employee, or with equal times, says why and saves nothing', () => {
    world.effects.length = 0;
    const actor = start();
    view(actor).assign();
    expect(view(actor).draftError).toBe('Choose an employee to assign.');
    view(actor).change('employeeId', 'omar');
    view(actor).change('shiftEnd', '19:00');
    view(actor).assign();
    expect(view(actor).draftError).toBe('Shift end must be different from Shift start.');
    expect(world.effects).toEqual([]);
    expect(view(actor).rows).toEqual([]);
  });

  it('removes by id: removing the middle person leaves the others as they were', () => {
    const three = [a1, a2, { ...a1, id: 'a3' }];
    const actor = createActor(staff, {
      input: { event: party, assignments: three, employees: [marina, omar], others: [] },
    }).start();
    view(actor).remove('a2');
    expect(actor.getSnapshot().context.assignments).toEqual([a1, { ...a1, id: 'a3' }]);
  });

  it('without a provided persistStaff, a change fails loudly, naming what to provide', () => {
    expect(
      failureAfter(staffMachine, { event: party, assignments: [a1], employees: [omar], others: [] }, [
        { type: 'staff.remove', id: 'a1' },
      ]),
    ).toContain('staff: provide persistStaff');
  });
});
