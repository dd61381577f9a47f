import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useCustomerIdOf } from '../../app/customers/useCustomers';
import type { CateringEvent } from '../../machines/events/events.machine';
import { customerPath } from './path';
import { ButtonLink } from '../components/Button';

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

/**
 * "Customer page: Ann Smith", to the customer of an event's sheet, quote or invoice (issue 22 part 6): in
 * their toolbars, which never print (a printed document shows no app links). Nothing when the event has no
 * customer record.
 */
export function CustomerPageLink({ event }: { event: CateringEvent }) {
  const id = useCustomerIdOf(event);
  if (!id) return null;
  const name = `${event.CustomerFirstName} ${event.CustomerLastName}`.trim();
  return (
    <ButtonLink href={customerPath(id)} variant="outlineBlue">
      {name ? `Customer page: ${name}` : 'Customer page'}
    </ButtonLink>
  );
}
