import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useCustomerIdOf } from '../../app/customers/useCustomers';
import type { CateringEvent } from '../../machines/events/events.machine';
import { customerPath } from './path';

const link = css({ color: 'link', textDecoration: 'underline' });

/** An event's customer name, linked to the customer's page when the event has a customer record (issue 22 part 6). */
export function CustomerLink({ event, name }: { event: CateringEvent; name: string }) {
  const id = useCustomerIdOf(event);
  if (!name) return <>—</>;
  if (!id) return <>{name}</>;
  return (
    <Link href={customerPath(id)} className={link} aria-label={`Customer ${name}`}>
      {name}
    </Link>
  );
}
