/**
 * What the Staff tool shows, worked out from the staff machine's context (no React): the employee
 * choices, each listed person with their role, shift, hours and cost, the overlap warnings (this
 * event's other shifts and every other event's), and the event's labour cost.
 */
import { formatMoney } from '../../domain/money';
import {
  clashesOf,
  employeeName,
  labourCost,
  overlapWarning,
  placeShifts,
  sameShiftAs,
  shiftHours,
  shiftInterval,
  shiftLabel,
  type LabourCost,
  type PlacedShift,
} from '../../domain/staff';
import type { StaffContext, StaffDraft, StaffEvent } from './staff.machine';

export interface StaffRow {
  id: string;
  name: string;
  role: string;
  shift: string;
  hours: number | null;
  /** 'CAD' money text, or 'No hourly rate'. */
  cost: string;
  warning: string | null;
}

export interface StaffView {
  options: Array<{ value: string; label: string }>;
  draft: StaffDraft;
  /** Why Assign was refused, shown beside `draftErrorField`. */
  draftError: string | null;
  draftErrorField: keyof StaffDraft | null;
  /** The overlap warning for the person and shift being chosen (Assign still saves; not for a shift they are already on, which Assign refuses). */
  draftWarning: string | null;
  rows: StaffRow[];
  labour: LabourCost;
  labourText: string;
  change: (field: keyof StaffDraft, value: string) => void;
  assign: () => void;
  remove: (id: string) => void;
}

/** This event's own assignments placed in time (for overlaps with each other). */
function ownShifts(context: StaffContext): PlacedShift[] {
  return placeShifts([context.event], { [String(context.event.id)]: context.assignments });
}

/** The other events' shifts plus this event's own: every shift the warnings compare with. */
export function allShifts(context: StaffContext): PlacedShift[] {
  return [...context.others.filter((s) => s.eventId !== context.event.id), ...ownShifts(context)];
}

export function draftWarningOf(context: StaffContext): string | null {
  const { draft } = context;
  if (!draft.employeeId || sameShiftAs(draft, context.assignments)) return null;
  const interval = shiftInterval(context.event, draft);
  if (!interval) return null;
  const employee = context.employees.find((e) => e.id === draft.employeeId);
  return overlapWarning(
    employeeName(employee),
    clashesOf(allShifts(context), draft.employeeId, interval),
    context.event.id,
  );
}

export function rowsOf(context: StaffContext): StaffRow[] {
  const shifts = allShifts(context);
  return context.assignments.map((a) => {
    const employee = context.employees.find((e) => e.id === a.employeeId);
    const name = employeeName(employee, a.name);
    const hours = shiftHours(a.shiftStart, a.shiftEnd);
    const rate = employee?.hourlyRate;
    const interval = shiftInterval(context.event, a);
    return {
      id: a.id,
      name,
      role: a.role,
      shift: shiftLabel(a.shiftStart, a.shiftEnd),
      hours,
      cost:
        typeof rate === 'number' && hours !== null ? formatMoney(labourCost([a], [employee!]).cost) : 'No hourly rate',
      warning: interval
        ? overlapWarning(name, clashesOf(shifts, a.employeeId, interval, a.id), context.event.id)
        : null,
    };
  });
}

export function connectStaff(context: StaffContext, send: (event: StaffEvent) => void): StaffView {
  const labour = labourCost(context.assignments, context.employees);
  return {
    options: context.employees
      .filter((e) => e.id)
      .map((e) => ({ value: e.id!, label: e.role ? `${employeeName(e)} (${e.role})` : employeeName(e) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
    draft: context.draft,
    draftError: context.draftError?.message ?? null,
    draftErrorField: context.draftError?.field ?? null,
    draftWarning: draftWarningOf(context),
    rows: rowsOf(context),
    labour,
    labourText: formatMoney(labour.cost),
    change: (field, value) => send({ type: 'draft.change', field, value }),
    assign: () => send({ type: 'staff.assign' }),
    remove: (id) => send({ type: 'staff.remove', id }),
  };
}
