import { memo, useId } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { formatMoney } from '../../domain/money';
import {
  mailtoUnavailableReason,
  orderListMailto,
  orderListText,
  packagesText,
  type OrderList,
  type SenderProfile,
} from '../../domain/orderLists';
import { useBusinessProfile } from '../../app/settings/useSettings';
import { Button } from '../components/Button';
import { ShowMore, useShowMore } from '../components/ShowMore';
import { useOrderListActions, type DashboardRef } from '../../app/dashboard/useDashboardActor';

// minmax(0, …) columns and a fixed table layout: a 200-character supplier or item name wraps inside the
// card instead of widening the page.
const wrap = css({ display: 'grid', gap: '3', gridTemplateColumns: 'minmax(0, 1fr)', minW: 0 });
const heading = css({ fontSize: 'lg', color: 'secondary' });
const intro = css({ fontSize: 'sm', color: 'fgMuted' });
const lists = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
});
const listBox = css({
  bg: 'surfaceRaised',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'border',
  p: '4',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '2',
  alignContent: 'start',
  minW: 0,
});
const title = css({ fontSize: 'md', fontFamily: 'heading', fontWeight: 'bold', color: 'fg' });
const contact = css({
  fontSize: 'sm',
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  '& > *': { minW: 0, maxW: '100%' },
});
const table = css({
  width: '100%',
  tableLayout: 'fixed',
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
  },
  '& th:last-child, & td:last-child': { textAlign: 'right', pr: 0, whiteSpace: 'nowrap' },
});
const wide = css({ display: { base: 'none', md: 'table-cell' } });
const narrow = css({ display: { base: 'block', md: 'none' }, fontWeight: 'bold' });
const total = css({ fontWeight: 'bold', textAlign: 'right' });
const muted = css({ fontSize: 'sm', color: 'fgMuted' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const status = css({ fontSize: 'sm', fontWeight: 'bold', minH: '1.5em' });
const failed = css({ color: 'accent' });

/** Drawn again only when its own list (or the sender) changes: a "Show more" or a busy mark draws none again. */
const OrderListCard = memo(function OrderListCard({
  dashboard,
  list,
  today,
  from,
}: {
  dashboard: DashboardRef;
  list: OrderList;
  today: string;
  from: SenderProfile | null;
}) {
  const id = useId();
  const { copying, copied, copyError, copy, print } = useOrderListActions(dashboard, list.key);
  const mailto = orderListMailto(list, today, from);
  const noMail = mailtoUnavailableReason(list);
  const empty = list.lines.length === 0;
  return (
    <section className={listBox} aria-labelledby={`${id}-h`} data-order-list={list.key}>
      <h4 id={`${id}-h`} className={title}>
        {list.heading}
      </h4>
      {from?.businessName.trim() ? <p className={muted}>From: {from.businessName.trim()}</p> : null}
      {list.supplier && list.sharedName ? (
        <p className={muted}>Supplier ID {list.supplier.supplierID} (another supplier has the same name)</p>
      ) : null}
      {list.supplier ? (
        <p className={contact}>
          <span>E-mail: {list.supplier.email.trim() || 'none on file'}</span>
          <span>Phone: {list.supplier.phone.trim() || 'none on file'}</span>
        </p>
      ) : list.key === 'unknown' ? (
        <p className={muted}>Set a supplier on these items in Inventory to order them by e-mail.</p>
      ) : (
        <p className={muted}>
          No supplier called {list.heading} is on file: add it in Supplier Management to order by e-mail.
        </p>
      )}
      {empty ? (
        <p className={muted}>Nothing left to order: every item is marked Order placed.</p>
      ) : (
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className={wide}>
                Packages
              </th>
              <th scope="col">Estimated cost</th>
            </tr>
          </thead>
          <tbody>
            {list.lines.map((line) => (
              <tr key={line.itemId}>
                <td>
                  {line.name}
                  {line.sku.trim() ? <span className={muted}> (SKU {line.sku.trim()})</span> : null}
                  {line.forEvent ? <span className={muted}> · specialty ingredient for {line.forEvent}</span> : null}
                  {line.unmatchedSupplierName ? (
                    <span className={muted}> · supplier “{line.unmatchedSupplierName}” is not on file</span>
                  ) : null}
                  <span className={narrow}>{packagesText(line)}</span>
                </td>
                <td className={wide}>{packagesText(line)}</td>
                <td>{formatMoney(line.estimatedCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={total}>Estimated total: {formatMoney(list.total)}</p>
      {list.placedCount > 0 ? (
        <p className={muted}>
          {list.placedCount === 1 ? '1 item is' : `${list.placedCount} items are`} already marked Order placed and left
          out.
        </p>
      ) : null}
      <div className={actions} data-no-print="">
        <Button
          variant="outlineBlue"
          size="sm"
          disabled={copying || empty}
          onClick={() => copy(orderListText(list, today, from))}
        >
          Copy
        </Button>
        <Button variant="outlineBlue" size="sm" disabled={empty} onClick={print}>
          Print
        </Button>
        {mailto ? (
          <a className={button({ variant: 'outlineGreen', size: 'sm' })} href={mailto}>
            E-mail order
          </a>
        ) : (
          <Button variant="outlineGreen" size="sm" disabled aria-describedby={`${id}-nomail`}>
            E-mail order
          </Button>
        )}
      </div>
      {mailto ? null : (
        <p id={`${id}-nomail`} className={muted} data-no-print="">
          {noMail}
        </p>
      )}
      <p role="status" className={`${status} ${copyError ? failed : ''}`} data-no-print="">
        {copied ? 'Copied' : copyError ? `Not copied: ${copyError}` : ''}
      </p>
    </section>
  );
});

/**
 * The suppliers' order lists, a page at a time. `busy`: the lists shown are the previous window's, the chosen
 * window's being drawn (marked `aria-busy` for that moment).
 */
export const OrderLists = memo(function OrderLists({
  dashboard,
  lists: all,
  today,
  busy = false,
}: {
  dashboard: DashboardRef;
  lists: OrderList[];
  today: string;
  busy?: boolean;
}) {
  const id = useId();
  const page = useShowMore(all.length, 20);
  const from = useBusinessProfile();
  return (
    <section className={wrap} aria-labelledby={id} aria-busy={busy || undefined}>
      <h3 id={id} className={heading}>
        Order lists by supplier
      </h3>
      <p className={intro}>
        What needs ordering, grouped by supplier, with the suggested packages and estimated cost, and the specialty
        ingredients the events still need. Items marked Order placed are left out.
      </p>
      <div className={lists}>
        {all.slice(0, page.shown).map((list) => (
          <OrderListCard key={list.key} dashboard={dashboard} list={list} today={today} from={from} />
        ))}
      </div>
      <ShowMore list={page} noun="suppliers' order lists" />
    </section>
  );
});
