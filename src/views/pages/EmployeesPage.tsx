import { useMemo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useUpcomingShifts, type ShiftsByEmployee, type UpcomingShift } from '../../app/staff/useUpcomingShifts';
import { employeeForm } from '../../domain/inventoryRecords';
import { formatMoney } from '../../domain/money';
import type { Employee } from '../../domain/inventoryRecords';
import { Page } from '../components/Page';
import { RecordBook, type FieldSpec } from '../records/RecordBook';
import { useRecordBook } from '../../app/records/useRecordBook';

// The lists its first render reads, read ahead while its code loads (App.tsx `named`, issue 23).
export { prepareEmployees as prepare } from '../../app/prepareLists';

const fields: FieldSpec[] = [
  { name: 'firstName', label: 'First Name', kind: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', kind: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', kind: 'email', autoComplete: 'email' },
  { name: 'role', label: 'Role', kind: 'text' },
  { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
  {
    name: 'fullTimePartTime',
    label: 'Full-time / Part-time',
    kind: 'choice',
    options: [
      { value: 'fulltime', label: 'fulltime' },
      { value: 'parttime', label: 'parttime' },
    ],
  },
  { name: 'department', label: 'Department', kind: 'text' },
  { name: 'startDate', label: 'Start Date', kind: 'date' },
  {
    name: 'hourlyRate',
    label: 'Hourly rate (CAD)',
    kind: 'amount',
    hint: 'Optional: for the labour cost of the events they work.',
  },
];

const describeWith = (shifts: ShiftsByEmployee) => (e: Employee) => ({
  key: e.id ?? '',
  title: `${e.firstName} ${e.lastName}`,
  details: [
    ['Role', e.role],
    ['Email', e.email],
    ['Phone', e.phone],
    ['Status', e.fullTimePartTime],
    ['Department', e.department],
    ['Start Date', e.startDate],
    ['Hourly rate', typeof e.hourlyRate === 'number' ? formatMoney(e.hourlyRate) : '—'],
    ['Upcoming shifts', <UpcomingShifts key="shifts" shifts={shifts.get(e.id ?? '') ?? []} />],
  ] as Array<[string, ReactNode]>,
});

function UpcomingShifts({ shifts }: { shifts: readonly UpcomingShift[] }) {
  if (shifts.length === 0) return <>None</>;
  return (
    <ul className={css({ listStyle: 'none', p: 0, m: 0 })}>
      {shifts.map((s) => (
        <li key={s.id}>{s.text}</li>
      ))}
    </ul>
  );
}

export function EmployeesPage() {
  const shifts = useUpcomingShifts();
  const describe = useMemo(() => describeWith(shifts), [shifts]);
  const book = useRecordBook({
    form: employeeForm,
    label: 'Employees',
    name: (e) => `Employee ${e.firstName} ${e.lastName}`,
    draft: 'employees',
  });
  return (
    <Page title="Employee Management" heading="Employee Management">
      <RecordBook<Employee> book={book} idPrefix="employee" noun="Employee" fields={fields} describe={describe} />
    </Page>
  );
}
