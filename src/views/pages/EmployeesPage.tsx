import { Page } from '../components/Page';

export function EmployeesPage() {
  return <Page title="Employee Management" heading="Employee Management">{null}</Page>;
}
