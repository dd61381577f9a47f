/**
 * The Staff tool of one event (issue 21, part 3). With no employees on record it says so (`noEmployees`);
 * otherwise (`ready`) the form picks an Employee (the Role at event follows the employee's role), Shift
 * start and Shift end (the event's times at first; a shift may run past midnight) and Assign appends
 * an assignment under a new id and stores the list. Remove takes one assignment away by its id. A shift
 * that overlaps another of the same employee is only warned about (staff.connect.ts): Assign still
 * saves it. An employee already on the same shift of this event is refused (`staffDraftProblem`), the
 * form kept as typed. Another tab's save, a change to the employees and to the other events' shifts
 * arrive as events and keep what is being typed.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { alreadyOnShiftMessage, employeeName, sameShiftAs, shiftProblem, type PlacedShift } from '../../domain/staff';
import type { CateringEvent, Employee, StaffAssignment } from '../../storage/schemas';

export interface StaffDraft {
  employeeId: string;
  role: string;
  shiftStart: string;
  shiftEnd: string;
}

export type StaffEventInfo = Pick<CateringEvent, 'id' | 'EventName' | 'EventDate' | 'StartTime' | 'EndTime'>;

export interface StaffInput {
  event: StaffEventInfo;
  /** staffList-{eventId} as stored. */
  assignments: StaffAssignment[];
  employees: Employee[];
  /** The shifts of every other event (domain/staff.ts placeShifts), for the overlap warning. */
  others: PlacedShift[];
}

export interface StaffContext extends StaffInput {
  draft: StaffDraft;
  /** Why the last Assign was refused, until the form changes. */
  draftError: StaffDraftProblem | null;
  /** Counter for new assignment ids. */
  seq: number;
}

export type StaffEvent =
  /** A Staff form control changed (choosing an Employee also fills Role at event with their role). */
  | { type: 'draft.change'; field: keyof StaffDraft; value: string }
  /** The Assign button. */
  | { type: 'staff.assign' }
  /** A listed person's Remove button. */
  | { type: 'staff.remove'; id: string }
  /** Another tab saved this event's staff list (the Tool Kit's watcher). */
  | { type: 'storage.change'; assignments: StaffAssignment[] }
  /** The employees changed (added, renamed, deleted, a new hourly rate). */
  | { type: 'employees.change'; employees: Employee[] }
  /** Another event's staff or times changed. */
  | { type: 'shifts.change'; others: PlacedShift[] }
  /** This event's date or times changed (the events list). */
  | { type: 'event.change'; event: StaffEventInfo };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const staffSecrets = {
  events: {
    'draft.change': [],
    'staff.remove': [],
    'storage.change': [],
    'employees.change': [],
    'shifts.change': [],
    'event.change': [],
  },
} as const satisfies SecretsOf<StaffEvent, StaffContext>;

const stub = (name: string) => () => {
  throw new Error(`staff: provide ${name}`);
};

export const roleTooLongMessage = `Role at event can be at most ${MAX_NAME_LENGTH} characters.`;

/** Why the draft cannot be assigned, and the field the message is shown beside. */
export interface StaffDraftProblem {
  field: keyof StaffDraft;
  message: string;
}

/** Why the draft cannot be assigned to this event (whose list is `assignments`), or null. */
export function staffDraftProblem(
  draft: StaffDraft,
  employees: readonly Employee[],
  assignments: readonly StaffAssignment[],
): StaffDraftProblem | null {
  const problem = shiftProblem(draft);
  if (problem) return problem;
  const employee = employees.find((e) => e.id === draft.employeeId);
  if (!employee) return { field: 'employeeId', message: 'That employee is no longer on record: choose another.' };
  if (sameShiftAs(draft, assignments))
    return { field: 'employeeId', message: alreadyOnShiftMessage(employeeName(employee)) };
  if (draft.role.length > MAX_NAME_LENGTH) return { field: 'role', message: roleTooLongMessage };
  return null;
}

const blankDraft = (event: StaffEventInfo): StaffDraft => ({
  employeeId: '',
  role: '',
  shiftStart: event.StartTime ?? '',
  shiftEnd: event.EndTime ?? '',
});

export const staffMachine = setup({
  types: { context: {} as StaffContext, events: {} as StaffEvent, input: {} as StaffInput },
  actions: {
    setDraftField: assign(({ context, event }) => {
      assertEvent(event, 'draft.change');
      const draft = { ...context.draft, [event.field]: event.value };
      // Role at event defaults to the chosen employee's role.
      if (event.field === 'employeeId') draft.role = context.employees.find((e) => e.id === event.value)?.role ?? '';
      return { draft, draftError: null };
    }),
    appendAssignment: assign(({ context }) => {
      const employee = context.employees.find((e) => e.id === context.draft.employeeId);
      const assignment: StaffAssignment = {
        id: `staff-${Date.now().toString(36)}-${context.seq}`,
        employeeId: context.draft.employeeId,
        name: employeeName(employee),
        role: context.draft.role.trim(),
        shiftStart: context.draft.shiftStart.trim(),
        shiftEnd: context.draft.shiftEnd.trim(),
      };
      return { assignments: [...context.assignments, assignment], seq: context.seq + 1 };
    }),
    /** The next person usually works the same shift: the times stay, the employee and role clear. */
    clearPerson: assign({
      draft: ({ context }) => ({ ...context.draft, employeeId: '', role: '' }),
      draftError: () => null,
    }),
    setDraftError: assign({
      draftError: ({ context }) => staffDraftProblem(context.draft, context.employees, context.assignments),
    }),
    removeAssignment: assign({
      assignments: ({ context, event }) => {
        assertEvent(event, 'staff.remove');
        return context.assignments.filter((a) => a.id !== event.id);
      },
    }),
    setAssignments: assign({
      assignments: ({ event }) => {
        assertEvent(event, 'storage.change');
        return event.assignments;
      },
    }),
    /** The employees now; a chosen employee who is gone is unchosen. */
    setEmployees: assign(({ context, event }) => {
      assertEvent(event, 'employees.change');
      const kept = event.employees.some((e) => e.id === context.draft.employeeId);
      return {
        employees: event.employees,
        draft: kept ? context.draft : { ...context.draft, employeeId: '', role: '' },
      };
    }),
    setOthers: assign({
      others: ({ event }) => {
        assertEvent(event, 'shifts.change');
        return event.others;
      },
    }),
    setEvent: assign({
      event: ({ event }) => {
        assertEvent(event, 'event.change');
        return event.event;
      },
    }),
    /** Stores staffList-{eventId}. */
    persistStaff: stub('persistStaff'),
  },
  guards: {
    hasEmployees: ({ context }) => context.employees.length > 0,
    isDraftValid: ({ context }) => staffDraftProblem(context.draft, context.employees, context.assignments) === null,
    isAssigned: ({ context, event }) =>
      event.type === 'staff.remove' && context.assignments.some((a) => a.id === event.id),
  },
}).createMachine({
  id: 'staff',
  meta: { secrets: staffSecrets },
  context: ({ input }) => ({
    event: input.event,
    assignments: input.assignments,
    employees: input.employees,
    others: input.others,
    draft: blankDraft(input.event),
    draftError: null,
    seq: 0,
  }),
  initial: 'checking',
  on: {
    // Whoever is listed can be removed, even once no employee is left on record.
    'staff.remove': { guard: 'isAssigned', actions: ['removeAssignment', 'persistStaff'] },
    'storage.change': { actions: 'setAssignments' },
    'employees.change': { target: '.checking', actions: 'setEmployees' },
    'shifts.change': { actions: 'setOthers' },
    'event.change': { actions: 'setEvent' },
  },
  states: {
    checking: {
      always: [{ guard: 'hasEmployees', target: 'ready' }, { target: 'noEmployees' }],
    },
    noEmployees: { tags: ['noEmployees'] },
    ready: {
      tags: ['ready'],
      on: {
        'draft.change': { actions: 'setDraftField' },
        'staff.assign': [
          { guard: 'isDraftValid', actions: ['appendAssignment', 'clearPerson', 'persistStaff'] },
          { actions: 'setDraftError' },
        ],
      },
    },
  },
});
