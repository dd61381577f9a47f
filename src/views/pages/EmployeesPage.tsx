import { employeeForm } from '../../domain/inventoryRecords';
import type { Employee } from '../../domain/inventoryRecords';
import { Page } from '../components/Page';
import { RecordBook, type FieldSpec } from '../records/RecordBook';
import { useRecordBook } from '../../app/records/useRecordBook';

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
];

const describe = (e: Employee) => ({
  key: e.id ?? '',
  title: `${e.firstName} ${e.lastName}`,
  details: [
    ['Role', e.role],
    ['Email', e.email],
    ['Phone', e.phone],
    ['Status', e.fullTimePartTime],
    ['Department', e.department],
    ['Start Date', e.startDate],
  ] as Array<[string, string]>,
});

export function EmployeesPage() {
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
