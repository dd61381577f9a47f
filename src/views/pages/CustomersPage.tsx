import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { customerName, matchesCustomerSearch } from '../../domain/customers';
import { cancelReasonOf } from '../../domain/eventStatus';
import { formatMoney } from '../../domain/money';
import { fromCents } from '../../domain/payments';
import { useCustomerBook } from '../../app/customers/useCustomers';
import { useSound } from '../../app/shell/AppActors';
import { useAuth } from '../../app/auth/AuthContext';
import { Loading } from '../shell/Loading';
import { Page } from '../components/Page';
import { TextField } from '../components/fields';
import { Button } from '../components/Button';
import { StatusBadge } from '../events/StatusBadge';
import { eventSheetPath } from '../eventSheet/path';
import { routes } from '../shell/routes';
import { customerPath } from '../customers/path';

// The lists its first render reads, read ahead while its code loads (App.tsx `named`, NotFoundPage, issue 23).
export { prepareCustomers as prepare } from '../../app/prepareLists';

/** A table that stacks each row as a card on a phone (each cell labelled by its column). */
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': {
    textAlign: 'left',
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    overflowWrap: 'anywhere',
  },
  '& th[data-num], & td[data-num]': { textAlign: { base: 'left', md: 'right' } },
  '& tbody tr:nth-of-type(even)': { bg: 'stripe' },
  '& tfoot td': { fontWeight: 'bold', borderTopWidth: '2px', borderColor: 'border' },
  mdDown: {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
    '& tr': { display: 'block', borderWidth: '1px', borderColor: 'border', mb: '3', p: '2' },
    '& td': {
      display: 'grid',
      gridTemplateColumns: '8.5rem minmax(0, 1fr)',
      gap: '2',
      borderBottomWidth: '0',
      py: '1',
    },
    '& td::before': { content: 'attr(data-label)', fontWeight: 'bold', color: 'fgMuted' },
    '& td > *': { justifySelf: 'start' },
  },
});
const link = css({ color: 'link', textDecoration: 'underline', fontWeight: 'bold' });
const total = css({ fontSize: 'lg', fontWeight: 'bold', my: '4' });

const money = (cents: number) => formatMoney(fromCents(cents));

/** How many customers the list draws at first, and how many more each "Show more customers" adds. */
const ROWS_AT_ONCE = 100;

/**
 * /customers/:id, matched by the fallback page (NotFoundPage.tsx, like the event sheet: the landing page's
 * route table stays as it is); protected like /Customers.
 */
export function CustomerFallbackPage({ id }: { id: string }) {
  const { status } = useAuth();
  if (status === 'checking') return <Loading>Checking your session…</Loading>;
  if (status === 'signedOut') return <Redirect to={routes.login} replace />;
  return <CustomerPage id={id} />;
}

/** /Customers: every customer with their events and what they owe, and a search. */
export function CustomersPage() {
  const book = useCustomerBook();
  const [query, setQuery] = useState('');
  // The first rows, then more on demand (issue 23: 2,000 rows drawn at once held the first load).
  const [limit, setLimit] = useState(ROWS_AT_ONCE);
  const search = (text: string) => {
    setQuery(text);
    setLimit(ROWS_AT_ONCE);
  };
  const shown = useMemo(() => book.rows.filter((r) => matchesCustomerSearch(r.customer, query)), [book.rows, query]);
  // "Show more customers" moves the focus to the first row it added (the button goes once all are shown, and
  // the focus would otherwise drop to the page).
  const rowsBody = useRef<HTMLTableSectionElement>(null);
  const focusRow = useRef<number | null>(null);
  const showMore = () => {
    focusRow.current = limit;
    setLimit((n) => n + ROWS_AT_ONCE);
  };
  useEffect(() => {
    const row = focusRow.current;
    focusRow.current = null;
    if (row !== null) rowsBody.current?.rows[row]?.querySelector('a')?.focus();
  }, [limit]);
  return (
    <Page title="Customers" heading="Customers">
      <p className={css({ color: 'fgMuted', mb: '4' })}>
        Customers come from the details typed on events, matched by e-mail or phone. Choose one under Existing customer
        in the event form to fill in their details.
      </p>
      <div className={css({ maxW: '420px', mb: '4' })}>
        <TextField
          id="customer-search"
          label="Search customers"
          type="search"
          value={query}
          onValue={search}
          hint="Name, e-mail or phone"
        />
      </div>
      <p role="status" className={css({ mb: '2' })}>
        {shown.length === book.rows.length
          ? `${book.rows.length} ${book.rows.length === 1 ? 'customer' : 'customers'}`
          : `${shown.length} of ${book.rows.length} customers`}
      </p>
      {shown.length ? (
        <>
          <table className={table} aria-label="Customers">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col" data-num="">
                  Events
                </th>
                <th scope="col" data-num="">
                  Owed
                </th>
              </tr>
            </thead>
            <tbody ref={rowsBody}>
              {shown.slice(0, limit).map((row) => (
                <tr key={row.customer.id}>
                  <td data-label="Name">
                    <Link href={customerPath(row.customer.id)} className={link}>
                      {customerName(row.customer) || 'No name'}
                    </Link>
                  </td>
                  <td data-label="E-mail">{row.customer.email || '—'}</td>
                  <td data-label="Phone">{row.customer.phone || '—'}</td>
                  <td data-label="Events" data-num="">
                    {row.events.length}
                  </td>
                  <td data-label="Owed" data-num="">
                    {money(book.owedOf(row))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {shown.length > limit ? (
            <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mt: '4' })}>
              <span>
                Showing {limit} of {shown.length} customers.
              </span>
              <Button variant="outlineBlue" onClick={showMore}>
                Show more customers
              </Button>
            </p>
          ) : null}
        </>
      ) : (
        <p className={css({ p: '6', textAlign: 'center', color: 'fgMuted' })}>
          {book.rows.length ? 'No customer matches the search.' : 'No customers yet: customers come from events.'}
        </p>
      )}
    </Page>
  );
}

/** /customers/:id: one customer's details, their events with totals and balances, and what they owe. */
function CustomerPage({ id }: { id: string }) {
  const book = useCustomerBook();
  // The event's sheet link sounds like the card's Event Sheet link.
  const { play } = useSound();
  const found = book.customer(decodeURIComponent(id));
  if (!found) {
    return (
      <Page title="Customer not found" heading="Customer not found">
        <p>
          There is no customer with this address. <Link href={routes.customers}>See every customer</Link>.
        </p>
      </Page>
    );
  }
  const { customer, events, owedCents } = found;
  const name = customerName(customer) || 'No name';
  return (
    <Page title={name} heading={name}>
      <p className={css({ mb: '4' })}>
        <Link href={routes.customers} className={link}>
          ← Customers
        </Link>
      </p>
      <dl
        className={css({
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(0, 1fr)',
          gap: '1 4',
          mb: '4',
          '& dt': { fontWeight: 'bold', color: 'fgMuted' },
          '& dd': { overflowWrap: 'anywhere' },
        })}
      >
        <dt>E-mail</dt>
        <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}</dd>
        <dt>Phone</dt>
        <dd>{customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : '—'}</dd>
      </dl>
      <p className={total} data-testid="customer-owed">
        Owed in total: {money(owedCents)}
      </p>
      <h2 className={css({ fontFamily: 'heading', fontSize: 'xl', fontWeight: 'bold', color: 'secondary', mb: '2' })}>
        Events ({events.length})
      </h2>
      {events.length ? (
        <table className={table} aria-label={`Events of ${name}`}>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" data-num="">
                Total
              </th>
              <th scope="col" data-num="">
                Balance due
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((row) => (
              <tr key={row.event.id}>
                <td data-label="Date">
                  <time dateTime={row.event.EventDate}>{row.event.EventDate || '—'}</time>
                </td>
                <td data-label="Event">
                  <Link href={eventSheetPath(row.event.id)} className={link} onClick={() => play('Event Sheet')}>
                    {row.event.EventName || `Event ${row.event.id}`}
                  </Link>
                </td>
                <td data-label="Status">
                  <StatusBadge status={row.status} reason={cancelReasonOf(row.event)} />
                </td>
                <td data-label="Total" data-num="">
                  {money(row.totalCents)}
                </td>
                <td data-label="Balance due" data-num="">
                  {money(row.balanceCents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={css({ color: 'fgMuted' })}>No events for this customer.</p>
      )}
    </Page>
  );
}
