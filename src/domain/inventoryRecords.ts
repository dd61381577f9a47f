/**
 * Supplier and employee records (spec section 3) as the record-book forms see them: the empty form,
 * validation from clarifications.md, and conversion between stored records and form drafts.
 */
import type { Employee, Supplier } from '../storage/schemas';
import { checkHourlyRate } from './staff';
export type { Employee, Supplier };

export type Draft = Record<string, string>;
export type Errors = Record<string, string>;

/** What the generic record-book machine needs to know about one kind of record. */
export interface RecordForm<R> {
  empty(): Draft;
  /** `others`: the other stored records (for uniqueness rules). */
  validate(draft: Draft, others?: readonly R[]): Errors;
  /** Warnings that do not block saving (a name another record already has), by field. */
  warn?(draft: Draft, others: readonly R[]): Errors;
  toRecord(draft: Draft, previous: R | undefined, now: number): R;
  toDraft(record: R): Draft;
  key(record: R): string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+]?[\d\s()-]*\d[\d\s()-]*$/;

export const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com.';
export const PHONE_MESSAGE = 'Use digits; spaces, +, - and parentheses are allowed.';

function checkContact(d: Draft, errors: Errors) {
  if (d.email!.trim() !== '' && !EMAIL.test(d.email!.trim())) errors.email = EMAIL_MESSAGE;
  if (d.phone!.trim() !== '' && !PHONE.test(d.phone!.trim())) errors.phone = PHONE_MESSAGE;
}

export const supplierForm: RecordForm<Supplier> = {
  empty: () => ({
    supplierID: '',
    supplierName: '',
    email: '',
    phone: '',
    contractStatus: 'active',
    startDate: '',
    endDate: '',
  }),
  validate(d, others = []) {
    const errors: Errors = {};
    if (d.supplierName!.trim() === '') errors.supplierName = 'Supplier name is required.';
    const id = d.supplierID!.trim();
    // Issue 11: an id identifies one supplier (its items point at it), so a duplicate is refused.
    const taken = id === '' ? undefined : others.find((s) => s.supplierID === id);
    if (taken)
      errors.supplierID = `Supplier ID ${id} is already used by ${taken.supplierName || 'another supplier'}. Choose another ID.`;
    checkContact(d, errors);
    if (d.startDate && d.endDate && d.endDate < d.startDate)
      errors.endDate = 'The contract end date cannot be before its start date.';
    return errors;
  },
  // Issue 11: two suppliers may share a name (two branches of one firm), so a duplicate name only warns.
  warn(d, others): Errors {
    const name = d.supplierName!.trim().toLowerCase();
    const same = name === '' ? undefined : others.find((s) => s.supplierName.trim().toLowerCase() === name);
    return same
      ? {
          supplierName: `Another supplier is already called ${same.supplierName} (Supplier ID ${same.supplierID}). You can still save it.`,
        }
      : {};
  },
  toRecord: (d, previous, now) => ({
    ...previous,
    supplierID: d.supplierID!.trim() || previous?.supplierID || `S${now}${Math.random().toString(36).slice(2, 6)}`,
    supplierName: d.supplierName!.trim(),
    email: d.email!.trim(),
    phone: d.phone!.trim(),
    contractStatus: d.contractStatus === 'inactive' ? 'inactive' : 'active',
    startDate: d.startDate!,
    endDate: d.endDate!,
  }),
  toDraft: (r) => ({
    supplierID: r.supplierID,
    supplierName: r.supplierName,
    email: r.email,
    phone: r.phone,
    contractStatus: r.contractStatus,
    startDate: r.startDate,
    endDate: r.endDate,
  }),
  key: (r) => r.supplierID,
};

export const employeeForm: RecordForm<Employee> = {
  empty: () => ({
    firstName: '',
    lastName: '',
    email: '',
    role: '',
    phone: '',
    fullTimePartTime: 'fulltime',
    department: '',
    startDate: '',
    hourlyRate: '',
  }),
  validate(d) {
    const errors: Errors = {};
    if (d.firstName!.trim() === '') errors.firstName = 'First name is required.';
    if (d.lastName!.trim() === '') errors.lastName = 'Last name is required.';
    checkContact(d, errors);
    const rate = checkHourlyRate(d.hourlyRate ?? '');
    if (!rate.ok) errors.hourlyRate = rate.message;
    return errors;
  },
  toRecord: (d, previous, now) => {
    const { hourlyRate: _previousRate, ...rest } = previous ?? ({} as Partial<Employee>);
    const rate = checkHourlyRate(d.hourlyRate ?? '');
    // Issue 21: an optional hourly rate; a cleared one is left out (earlier readers never had it).
    return {
      ...rest,
      ...employeeFields(d, previous, now),
      ...(rate.ok && rate.value !== null ? { hourlyRate: rate.value } : {}),
    };
  },
  toDraft: (r) => ({
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    role: r.role,
    phone: r.phone,
    fullTimePartTime: r.fullTimePartTime,
    department: r.department,
    startDate: r.startDate,
    hourlyRate: typeof r.hourlyRate === 'number' ? String(r.hourlyRate) : '',
  }),
  key: (r) => r.id ?? `${r.firstName}|${r.lastName}|${r.email}|${r.startDate}`,
};

function employeeFields(d: Draft, previous: Employee | undefined, now: number): Employee {
  return {
    id: previous?.id ?? `E${now}${Math.random().toString(36).slice(2, 6)}`,
    firstName: d.firstName!.trim(),
    lastName: d.lastName!.trim(),
    email: d.email!.trim(),
    role: d.role!.trim(),
    phone: d.phone!.trim(),
    fullTimePartTime: d.fullTimePartTime === 'parttime' ? 'parttime' : 'fulltime',
    department: d.department!.trim(),
    startDate: d.startDate!,
  };
}
