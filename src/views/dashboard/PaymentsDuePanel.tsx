import { css, cx } from 'styled-system/css';
import { formatMoney } from '../../domain/money';
import { statusLabels, type EventStatus } from '../../domain/eventStatus';
import { usePaymentsDue } from '../../app/dashboard/usePaymentsDue';
import { ExportButtons } from './ExportButtons';
import { Panel } from './Panel';
import { SideScroll } from '../components/SideScroll';
import type { DashboardRef } from '../../app/dashboard/useDashboardActor';

const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': {
    textAlign: 'left',
    py: '1',
    pr: '2',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'border',
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
  },
  '& td[data-money], & th[data-money]': { textAlign: 'right', whiteSpace: 'nowrap' },
  '& tr[data-overdue] td': { color: 'alertFg', fontWeight: 'bold' },
});
// On a phone the table keeps readable columns and scrolls sideways (SideScroll), instead of squeezing the event and
// its due date to a letter a line.
const tableClass = cx(table, css({ minWidth: '40rem', '& tbody td:nth-child(-n+2)': { minWidth: '9rem' } }));
const meta = css({ color: 'fgMuted', fontSize: 'sm' });

const heading = 'Payments Due';
const subtitle = 'Next 14 days and overdue';

/**
 * Deposits and balances due in the next 14 days and overdue ones (issue 22), with Export JSON/CSV. Working them
 * out reads every open event's total: with `ready` false (the Dashboard's first paint, issue 23) only the heading.
 */
export function PaymentsDuePanel({ dashboard, ready = true }: { dashboard: DashboardRef; ready?: boolean }) {
  return ready ? <PaymentsDue dashboard={dashboard} /> : <Panel heading={heading} subtitle={subtitle} busy />;
}

function PaymentsDue({ dashboard }: { dashboard: DashboardRef }) {
  const due = usePaymentsDue(dashboard);
  return (
    <Panel
      heading={heading}
      subtitle={subtitle}
      actions={<ExportButtons collection="PaymentsDue" label="PaymentsDue" rows={() => due.rows} />}
    >
      {due.rows.length === 0 ? (
        <p className={meta}>No deposits or balances due in the next 14 days, and none overdue.</p>
      ) : (
        <SideScroll label="Payments due">
          <table className={tableClass} aria-label="Payments due">
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Due</th>
                <th scope="col" data-money="">
                  Amount due
                </th>
                <th scope="col" data-money="">
                  Received
                </th>
                <th scope="col" data-money="">
                  Balance due
                </th>
              </tr>
            </thead>
            <tbody>
              {due.rows.map((row) => (
                <tr key={row.eventId} data-overdue={row.overdue || undefined} aria-label={row.eventName}>
                  <td>
                    {row.eventName} ({row.eventDate}, {statusLabels[row.status as EventStatus]})
                  </td>
                  <td>
                    {row.overdue ? 'Overdue: ' : ''}
                    {row.nextDue} {row.dueDate ? `by ${row.dueDate}` : 'on booking'}
                  </td>
                  <td data-money="">{formatMoney(row.amountDue)}</td>
                  <td data-money="">{formatMoney(row.received)}</td>
                  <td data-money="">{formatMoney(row.balanceDue)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total{due.totals.overdue ? ` (${due.totals.overdue} overdue)` : ''}
                </th>
                <td data-money="">{formatMoney(due.totals.amountDue)}</td>
                <td />
                <td data-money="">{formatMoney(due.totals.balanceDue)}</td>
              </tr>
            </tfoot>
          </table>
        </SideScroll>
      )}
    </Panel>
  );
}
