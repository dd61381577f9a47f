import { describe, expect, it } from 'vitest';
import { staffBookedTwiceDays } from '../../src/domain/calendar';
import { eventCosting, windowCosting } from '../../src/domain/costing';
import { buildEventSheet } from '../../src/domain/eventSheet';
import { employeeForm } from '../../src/domain/inventoryRecords';
import {
  checkHourlyRate,
  clashesOf,
  doubleBookedDays,
  labourCost,
  overlapWarning,
  overlaps,
  placeShifts,
  shiftHours,
  shiftInterval,
  shiftLabel,
  alreadyOnShiftMessage,
  sameShiftAs,
  shiftProblem,
  shiftStartsNextDay,
  upcomingShiftText,
  upcomingShiftsByEmployee,
  localMinutes,
} from '../../src/domain/staff';
import { describeKey, describeSetAside } from '../../src/domain/dataNames';
import { accessorFor, perEventStores } from '../../src/storage/keys';
import { isAccountDataKey, ownedKeyOf, perEventIdOf } from '../../src/storage/owned';
import type { Employee, StaffAssignment } from '../../src/storage/schemas';
import { staffDraftProblem } from '../../src/machines/toolkit/staff.machine';

const day = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000) * 1440;
const at = (iso: string, time: string) => day(iso) + Number(time.slice(0, 2)) * 60 + Number(time.slice(3));

const gala = { id: 10, EventName: 'Harbour Gala', EventDate: '2026-12-05', StartTime: '18:00', EndTime: '23:00' };
const lateParty = { id: 11, EventName: 'Late Party', EventDate: '2026-12-05', StartTime: '20:00', EndTime: '01:00' };
const brunch = { id: 12, EventName: 'Sunday Brunch', EventDate: '2026-12-06', StartTime: '00:30', EndTime: '03:00' };

const a = (id: string, employeeId: string, shiftStart: string, shiftEnd: string, role = 'Server'): StaffAssignment => ({
  id,
  employeeId,
  name: employeeId,
  role,
  shiftStart,
  shiftEnd,
});

describe('shift times', () => {
  it('a shift on a daytime event starts and ends on its date', () => {
    expect(shiftInterval(gala, a('s', 'e', '17:00', '23:30'))).toEqual({
      start: at('2026-12-05', '17:00'),
      end: at('2026-12-05', '23:30'),
    });
  });
  it('a shift whose end is before its start runs past midnight into the next day', () => {
    expect(shiftInterval(gala, a('s', 'e', '22:00', '02:00'))).toEqual({
      start: at('2026-12-05', '22:00'),
      end: at('2026-12-06', '02:00'),
    });
    expect(shiftHours('22:00', '02:00')).toBe(4);
    expect(shiftLabel('22:00', '02:00')).toBe('22:00 – 02:00 (next day)');
  });
  it('on an event past midnight, a shift starting after midnight (before the event start, by its end) starts the next day', () => {
    expect(shiftStartsNextDay(lateParty, '00:30')).toBe(true);
    expect(shiftStartsNextDay(lateParty, '01:00')).toBe(true);
    expect(shiftStartsNextDay(lateParty, '06:00')).toBe(false);
    expect(shiftStartsNextDay(lateParty, '19:00')).toBe(false);
    expect(shiftStartsNextDay(gala, '00:30')).toBe(false);
    expect(shiftInterval(lateParty, a('s', 'e', '00:30', '02:00'))).toEqual({
      start: at('2026-12-06', '00:30'),
      end: at('2026-12-06', '02:00'),
    });
  });
  it('an end equal to the start, a time that is not HH:MM, or an event without a date has no interval', () => {
    expect(shiftInterval(gala, a('s', 'e', '18:00', '18:00'))).toBeNull();
    expect(shiftInterval(gala, a('s', 'e', '6pm', '23:00'))).toBeNull();
    expect(shiftInterval({ ...gala, EventDate: '' }, a('s', 'e', '18:00', '23:00'))).toBeNull();
    expect(shiftHours('18:00', '18:00')).toBeNull();
  });
  it('shiftProblem names the first missing piece, beside the field it concerns', () => {
    expect(shiftProblem({ employeeId: '', shiftStart: '18:00', shiftEnd: '23:00' })).toEqual({
      field: 'employeeId',
      message: 'Choose an employee to assign.',
    });
    expect(shiftProblem({ employeeId: 'e', shiftStart: '', shiftEnd: '23:00' })).toEqual({
      field: 'shiftStart',
      message: 'Shift start is required: enter a time like 18:30.',
    });
    expect(shiftProblem({ employeeId: 'e', shiftStart: '18:00', shiftEnd: '' })).toEqual({
      field: 'shiftEnd',
      message: 'Shift end is required: enter a time like 18:30.',
    });
    expect(shiftProblem({ employeeId: 'e', shiftStart: '18:00', shiftEnd: '18:00' })).toEqual({
      field: 'shiftEnd',
      message: 'Shift end must be different from Shift start.',
    });
    expect(shiftProblem({ employeeId: 'e', shiftStart: '18:00', shiftEnd: '02:00' })).toBeNull();
  });
});

describe('one employee on the same shift of one event', () => {
  const ana: Employee = {
    id: 'ana',
    firstName: 'Ana',
    lastName: 'Lopez',
    email: '',
    role: 'Server',
    phone: '',
    fullTimePartTime: 'fulltime',
    department: '',
    startDate: '',
  };
  const bo: Employee = { ...ana, id: 'bo', firstName: 'Bo', lastName: 'Chen' };
  const list = [a('st-1', 'ana', '18:00', '23:00'), a('st-2', 'bo', '16:00', '18:00')];
  const draft = (employeeId: string, shiftStart: string, shiftEnd: string, role = 'Server') => ({
    employeeId,
    role,
    shiftStart,
    shiftEnd,
  });

  it('sameShiftAs finds the assignment with the same employee, start and end (by time, not by text)', () => {
    expect(sameShiftAs(draft('ana', '18:00', '23:00'), list)?.id).toBe('st-1');
    expect(sameShiftAs(draft('ana', ' 18:00', '23:00 '), list)?.id).toBe('st-1');
    // Another shift of the same person, the same shift of another person, or no person: not the same.
    expect(sameShiftAs(draft('ana', '18:00', '22:00'), list)).toBeUndefined();
    expect(sameShiftAs(draft('ana', '16:00', '23:00'), list)).toBeUndefined();
    expect(sameShiftAs(draft('bo', '18:00', '23:00'), list)).toBeUndefined();
    expect(sameShiftAs(draft('', '18:00', '23:00'), list)).toBeUndefined();
    expect(sameShiftAs(draft('ana', '18:00', '23:00'), [])).toBeUndefined();
  });

  it('Assign refuses the same employee on the same shift, naming them beside the Employee field', () => {
    expect(staffDraftProblem(draft('ana', '18:00', '23:00', 'Bartender'), [ana, bo], list)).toEqual({
      field: 'employeeId',
      message: 'Ana Lopez is already on this shift.',
    });
    expect(alreadyOnShiftMessage('Ana Lopez')).toBe('Ana Lopez is already on this shift.');
  });

  it('allows another shift of the same employee (overlapping ones are only warned about) and another employee', () => {
    expect(staffDraftProblem(draft('ana', '14:00', '17:00'), [ana, bo], list)).toBeNull();
    expect(staffDraftProblem(draft('ana', '20:00', '01:00'), [ana, bo], list)).toBeNull();
    expect(staffDraftProblem(draft('bo', '18:00', '23:00'), [ana, bo], list)).toBeNull();
  });

  it('names the earlier problems first: a missing time, an employee no longer on record', () => {
    expect(staffDraftProblem(draft('ana', '', '23:00'), [ana], list)?.field).toBe('shiftStart');
    expect(staffDraftProblem(draft('gone', '18:00', '23:00'), [ana], [a('x', 'gone', '18:00', '23:00')])).toEqual({
      field: 'employeeId',
      message: 'That employee is no longer on record: choose another.',
    });
    expect(staffDraftProblem(draft('bo', '18:00', '23:00', 'x'.repeat(500)), [ana, bo], list)?.field).toBe('role');
  });
});

describe('overlap rules', () => {
  it('shifts overlap when each starts before the other ends; touching ends do not overlap', () => {
    expect(overlaps({ start: 0, end: 60 }, { start: 30, end: 90 })).toBe(true);
    expect(overlaps({ start: 0, end: 60 }, { start: 60, end: 90 })).toBe(false);
    expect(overlaps({ start: 0, end: 120 }, { start: 30, end: 60 })).toBe(true);
  });
  it('a past-midnight shift overlaps a shift of the next day that starts before it ends', () => {
    const shifts = placeShifts([lateParty, brunch], {
      '11': [a('late', 'marina', '20:00', '01:00')],
      '12': [a('early', 'marina', '00:30', '03:00')],
    });
    const late = shifts.find((s) => s.assignmentId === 'late')!;
    expect(clashesOf(shifts, 'marina', late.interval, 'late').map((s) => s.eventName)).toEqual(['Sunday Brunch']);
    // The same brunch shift starting at 01:00 only touches the late shift's end: no clash.
    const touching = placeShifts([lateParty, brunch], {
      '11': [a('late', 'marina', '20:00', '01:00')],
      '12': [a('early', 'marina', '01:00', '03:00')],
    });
    expect(clashesOf(touching, 'marina', late.interval, 'late')).toEqual([]);
  });
  it('the same times a day apart do not overlap; another employee never clashes', () => {
    const shifts = placeShifts([gala, { ...gala, id: 13, EventName: 'Next Gala', EventDate: '2026-12-06' }], {
      '10': [a('x', 'marina', '18:00', '23:00')],
      '13': [a('y', 'marina', '18:00', '23:00'), a('z', 'omar', '18:00', '23:00')],
    });
    const x = shifts.find((s) => s.assignmentId === 'x')!;
    expect(clashesOf(shifts, 'marina', x.interval, 'x')).toEqual([]);
    expect(clashesOf(shifts, 'omar', x.interval)).toHaveLength(0);
  });
  it('the warning names the other event as the issue words it', () => {
    const shifts = placeShifts([gala], { '10': [a('x', 'marina', '18:00', '23:00')] });
    const clashes = clashesOf(shifts, 'marina', { start: at('2026-12-05', '20:00'), end: at('2026-12-06', '01:00') });
    expect(overlapWarning('Marina Costa', clashes, 11)).toBe('Marina Costa is already working Harbour Gala then');
    expect(overlapWarning('Marina Costa', clashes, 10)).toBe('Marina Costa is already working this event then');
    expect(overlapWarning('Marina Costa', [], 11)).toBeNull();
  });
  it('the calendar marks the days where one employee has overlapping shifts (past midnight included)', () => {
    const shifts = placeShifts([gala, lateParty, brunch], {
      '10': [a('g', 'marina', '18:00', '23:00'), a('g2', 'omar', '18:00', '23:00')],
      '11': [a('l', 'omar', '23:00', '01:30')],
      '12': [a('b', 'omar', '01:00', '03:00')],
    });
    // Omar: 23:00-01:30 overlaps 01:00-03:00 of the next day; 18:00-23:00 only touches 23:00.
    expect([...doubleBookedDays(shifts)].sort()).toEqual(['2026-12-05', '2026-12-06']);
    const apart = placeShifts([gala, lateParty], {
      '10': [a('g', 'marina', '18:00', '20:00')],
      '11': [a('l', 'marina', '20:00', '01:00')],
    });
    expect(doubleBookedDays(apart).size).toBe(0);
  });
});

describe('labour cost, hand-worked', () => {
  const employees: Array<Pick<Employee, 'id' | 'hourlyRate'>> = [
    { id: 'marina', hourlyRate: 22.5 },
    { id: 'omar', hourlyRate: 18.35 },
    { id: 'nora' },
  ];
  it('hours x rate per shift, each to the cent, summed; a shift without a rate is counted at $0 and reported', () => {
    // Marina 17:00-23:30 = 6.5 h x 22.50 = 146.25; Omar 22:00-02:00 = 4 h x 18.35 = 73.40;
    // Omar 18:20-19:00 = 2/3 h x 18.35 = 12.2333.. -> 12.23; Nora 3 h, no rate.
    const c = labourCost(
      [
        a('1', 'marina', '17:00', '23:30'),
        a('2', 'omar', '22:00', '02:00'),
        a('3', 'omar', '18:20', '19:00'),
        a('4', 'nora', '18:00', '21:00'),
      ],
      employees,
    );
    expect(c).toEqual({ cost: 231.88, hours: 14.17, unrated: 1 });
  });
  it("takes each list's current rates: a new list with a new rate, and a list grown by an employee", () => {
    const shift = [a('1', 'marina', '17:00', '23:30'), a('2', 'zoe', '18:00', '20:00')];
    const list: Array<Pick<Employee, 'id' | 'hourlyRate'>> = [{ id: 'marina', hourlyRate: 22.5 }];
    expect(labourCost(shift, list)).toEqual({ cost: 146.25, hours: 8.5, unrated: 1 });
    expect(labourCost(shift, [{ id: 'marina', hourlyRate: 20 }])).toEqual({ cost: 130, hours: 8.5, unrated: 1 });
    list.push({ id: 'zoe', hourlyRate: 15 });
    expect(labourCost(shift, list)).toEqual({ cost: 176.25, hours: 8.5, unrated: 0 });
    expect(labourCost([], list)).toEqual({ cost: 0, hours: 0, unrated: 0 });
  });
  it('labour joins food cost in cost, margin and the per-guest figures', () => {
    // Food: 10 x 7.50 = 75.00; price 500 less 10 % = 450.00; labour 146.25 + 73.40 = 219.65.
    const costing = eventCosting({
      guests: 40,
      inventoryLines: [],
      specialtyLines: [
        {
          name: 'Halibut',
          units: 'kg',
          unitQuantity: 1,
          quantityNeeded: 10,
          onHand: false,
          needToOrder: true,
          costPerUnit: 7.5,
          packageType: 'box',
          supplierName: 'Fish Co',
        },
      ],
      priceLines: [{ name: 'Dinner', price: 425, currency: 'CAD' }],
      discountPercent: 10,
      labour: labourCost([a('1', 'marina', '17:00', '23:30'), a('2', 'omar', '22:00', '02:00')], employees),
    });
    // Price = (425 + 0 + 75) x 0.9 = 450; cost = 75 + 219.65 = 294.65; margin = 155.35 (34.5 %).
    expect([costing.foodCost, costing.labourCost, costing.cost, costing.price, costing.margin]).toEqual([
      75, 219.65, 294.65, 450, 155.35,
    ]);
    expect(costing.marginPercent).toBe(34.5);
    // Per guest (40): cost 7.37 (7.36625), price 11.25, margin 3.88 (3.88375).
    expect([costing.costPerGuest, costing.pricePerGuest, costing.marginPerGuest]).toEqual([7.37, 11.25, 3.88]);
    // Dashboard totals: cost is food + labour.
    const w = windowCosting([costing, costing]);
    expect([w.revenue, w.cost, w.margin]).toEqual([900, 589.3, 310.7]);
  });
  it('with no staff the figures are as before (labour 0)', () => {
    const c = eventCosting({ guests: 2, inventoryLines: [], specialtyLines: [], priceLines: [], discountPercent: 0 });
    expect([c.labourCost, c.cost, c.margin, c.unratedShifts]).toEqual([0, 0, 0, 0]);
  });
});

describe('hourly rate on the employee form', () => {
  const draft = { ...employeeForm.empty(), firstName: 'Marina', lastName: 'Costa' };
  it('is optional; a number from 0 to 10,000; refused with a message that names it', () => {
    expect(employeeForm.validate(draft)).toEqual({});
    expect(employeeForm.validate({ ...draft, hourlyRate: 'abc' }).hourlyRate).toBe(
      'Hourly rate must be a number from 0 to 10,000.',
    );
    expect(employeeForm.validate({ ...draft, hourlyRate: '-3' }).hourlyRate).toBe(
      'Hourly rate cannot be negative: enter a number from 0 to 10,000.',
    );
    expect(employeeForm.validate({ ...draft, hourlyRate: '10001' }).hourlyRate).toBe(
      'Hourly rate is too large: enter a number from 0 to 10,000.',
    );
    expect(checkHourlyRate(' 22.50 ')).toEqual({ ok: true, value: 22.5 });
  });
  it('is stored as a number, and left out when cleared (earlier readers never had it)', () => {
    const saved = employeeForm.toRecord({ ...draft, hourlyRate: '22.50' }, undefined, 1);
    expect(saved.hourlyRate).toBe(22.5);
    expect(employeeForm.toDraft(saved).hourlyRate).toBe('22.5');
    const cleared = employeeForm.toRecord({ ...draft, hourlyRate: '' }, saved, 2);
    expect('hourlyRate' in cleared).toBe(false);
    expect(cleared.id).toBe(saved.id);
  });
});

describe('upcoming shifts', () => {
  it('lists the shifts not yet ended, soonest first, by employee', () => {
    const shifts = placeShifts([gala, lateParty], {
      '10': [a('g', 'marina', '18:00', '23:00')],
      '11': [a('l', 'marina', '23:30', '01:00', 'Bartender')],
    });
    const now = localMinutes(new Date(2026, 11, 5, 23, 0));
    const list = upcomingShiftsByEmployee(shifts, now).get('marina')!;
    expect(list.map(upcomingShiftText)).toEqual(['2026-12-05 23:30 – 01:00 (next day): Late Party (Bartender)']);
  });
});

describe('the event sheet and the calendar', () => {
  it('the sheet lists staff with roles and shifts, earliest first, by their current name (or as assigned)', () => {
    const sheet = buildEventSheet({
      event: {
        ...lateParty,
        CustomerFirstName: '',
        CustomerLastName: '',
        CustomerPhoneNumber: '',
        CustomerEmail: '',
        EventType: '',
        NumberOfGuests: 10,
        VenueName: '',
        VenueStreetAddress: '',
        VenueCity: '',
        ingredients: [],
      },
      lines: [],
      items: [],
      discountPercent: 0,
      taxPercent: 0,
      staff: [a('cleanup', 'gone', '00:30', '02:00', 'Porter'), a('bar', 'marina', '19:30', '01:00', 'Bartender')],
      employees: [
        {
          ...employeeForm.toRecord({ ...employeeForm.empty(), firstName: 'Marina', lastName: 'Costa' }, undefined, 1),
          id: 'marina',
        },
      ],
    });
    expect(sheet.staff).toEqual([
      { key: 'bar', name: 'Marina Costa', role: 'Bartender', shift: '19:30 – 01:00 (next day)' },
      // Starts after midnight of this overnight event: listed last; the employee is gone, so the name kept on the assignment.
      { key: 'cleanup', name: 'gone', role: 'Porter', shift: '00:30 – 02:00' },
    ]);
  });
  it('the calendar marks the days where someone on staff is booked twice', () => {
    expect([
      ...staffBookedTwiceDays([gala, lateParty], {
        '10': [a('g', 'marina', '18:00', '23:00')],
        '11': [a('l', 'marina', '20:00', '01:00')],
      }),
    ]).toEqual(['2026-12-05']);
    expect(staffBookedTwiceDays([gala], { '10': [a('g', 'marina', '18:00', '23:00')] }).size).toBe(0);
  });
});

describe('staffList-{id} is a per-event key of the account', () => {
  it('is owned, backed up as per-event data, moves with the account, and is named for people', () => {
    expect(ownedKeyOf('staffList-4')).toEqual({ kind: 'base', key: 'staffList-4' });
    expect(perEventIdOf('staffList-4')).toBe(4);
    expect(isAccountDataKey('staffList-4')).toBe(true);
    expect(isAccountDataKey('account:u1:staffList-4')).toBe(false);
    expect(accessorFor('staffList-4')?.kind).toBe('collection');
    expect(perEventStores(4).map((s) => s.key)).toContain('staffList-4');
    expect(describeKey('staffList-4')).toBe('the staff of event 4');
    expect(describeSetAside('staffList-4', true)).toBe('a staff assignment of event 4');
  });
});
