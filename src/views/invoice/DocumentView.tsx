import { Fragment, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import type { BusinessProfile } from '../../domain/businessProfile';
import { formatSheetDate, sheetTimes } from '../../domain/eventSheet';
import { formatAmount } from '../../domain/ingredients';
import { dollars, type DocumentEvent, type DocumentView } from '../../domain/invoice';
import { formatMoney } from '../../domain/money';
import * as s from '../eventSheet/styles';

const money = (cents: number) => formatMoney(dollars(cents));
const percent = (value: number) => `${formatAmount(value)} %`;

const header = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto' },
  gap: '4',
  alignItems: 'start',
  borderBottomWidth: '3px',
  borderColor: 'primary',
  pb: '3',
  _print: { gridTemplateColumns: 'minmax(0, 1fr) auto', pb: '2', borderBottomWidth: '2px', gap: '3' },
});
const business = css({ display: 'flex', gap: '3', alignItems: 'flex-start', minW: 0 });
const businessText = css({ minW: 0, flex: '1 1 0', overflowWrap: 'anywhere' });
const logo = css({
  maxH: '72px',
  maxW: '140px',
  objectFit: 'contain',
  flexShrink: 0,
  _print: { maxH: '56px', maxW: '120px' },
});
const businessName = css({ fontSize: { base: 'xl', md: '2xl' }, color: 'primary', _print: { fontSize: '14pt' } });
const lines = css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' });
const docHead = css({ textAlign: { base: 'left', sm: 'right' }, _print: { textAlign: 'right' } });
const docTitle = css({ fontSize: { base: '3xl', md: '4xl' }, color: 'primary', _print: { fontSize: '20pt' } });
const numberText = css({ fontWeight: 'bold', fontSize: 'lg', _print: { fontSize: '11pt' } });
const draft = css({ fontStyle: 'italic', color: 'fgMuted' });
const balanceRow = css({
  fontWeight: 'extrabold',
  fontSize: { base: 'md', sm: 'xl' },
  '& td, & th': { borderTopWidth: '3px', borderColor: 'fg' },
  _print: { fontSize: '12pt' },
});
/** The totals' labels read as text (not the small muted column headers), the amounts column wide enough on a phone. */
const priceTable = css({
  '& tfoot th': { fontSize: 'md', color: 'fg', fontWeight: 'normal', _print: { fontSize: '9pt' } },
  '& tfoot tr:first-of-type th': { borderTopWidth: '2px', borderColor: 'fg' },
  _print: { '& tfoot th': { borderBottomWidth: '1px', borderBottomColor: 'border' } },
});
const amountCol = css({ width: { base: '46%', sm: '34%' } });
const strong = css({ '& th': { fontWeight: 'extrabold !important' } });
/** Payments: dates, methods and amounts keep their words whole; the note takes the room left. */
const paymentsTable = css({
  tableLayout: { base: 'auto !important', sm: 'fixed !important' },
  '& td': { fontSize: { base: 'sm', sm: 'md' } },
  '& th': { overflowWrap: 'normal' },
  _print: { '& td': { fontSize: 'inherit' } },
});
/** A date keeps one line except on the narrowest phones (320 px), where it may break at a hyphen. */
const dateCell = css({ '@media (min-width: 360px)': { whiteSpace: 'nowrap' } });
const nowrap = css({ whiteSpace: { base: 'normal', sm: 'nowrap' }, overflowWrap: 'normal !important' });
const bigAmount = css({ fontSize: { base: 'md', sm: 'xl' }, _print: { fontSize: '12pt' } });
/** Amounts keep a line on paper and wider screens; on a phone a long one may put "CAD" on a second line. */
const amount = cx(
  s.num,
  css({ whiteSpace: { base: 'normal !important', sm: 'nowrap !important' }, overflowWrap: 'normal !important' }),
);
const negative = (cents: number) => (cents === 0 ? money(0) : `-${money(Math.abs(cents))}`);

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className={s.facts}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export interface DocumentViewProps {
  view: DocumentView;
  event: DocumentEvent;
  profile: BusinessProfile;
  /** The toolbar (Back, Issue, Print): shown on screen, never printed. */
  actions: ReactNode;
  /** Notes above the document on screen (not issued yet, changed since issued): never printed. */
  notices?: ReactNode;
}

/** One event's printable quote or invoice: the business, the customer, the event, the price lines, payments and the balance. */
export function DocumentPageView({ view, event, profile, actions, notices }: DocumentViewProps) {
  const snap = view.snapshot;
  const times = sheetTimes(event.EventDate, event.StartTime, event.EndTime);
  const customer = `${event.CustomerFirstName} ${event.CustomerLastName}`.trim() || '—';
  const venue = [event.VenueName, event.VenueStreetAddress, event.VenueCity].map((p) => p.trim()).filter(Boolean);
  const name = profile.businessName.trim();
  const titleId = `document-title`;
  return (
    <article className={s.sheet} aria-labelledby={titleId} data-document={view.kind}>
      <div className={s.toolbar}>{actions}</div>
      {notices}
      <header className={header}>
        <div className={business}>
          {profile.logo ? <img src={profile.logo} alt={name ? `${name} logo` : 'Logo'} className={logo} /> : null}
          <div className={businessText}>
            {/* Without a saved name the screen says where to add it; paper shows no placeholder. */}
            <p className={name ? businessName : cx(businessName, s.screenOnly)}>
              {name || 'Your business name (Settings)'}
            </p>
            {profile.address.trim() ? <p className={lines}>{profile.address.trim()}</p> : null}
            <p>{[profile.phone.trim(), profile.email.trim()].filter(Boolean).join(' · ')}</p>
            {profile.taxNumber.trim() ? <p>Tax registration number: {profile.taxNumber.trim()}</p> : null}
          </div>
        </div>
        <div className={docHead}>
          <h1 id={titleId} className={docTitle}>
            {view.title}
          </h1>
          {view.number ? (
            <>
              <p className={numberText} data-testid="document-number">
                {view.number}
              </p>
              <p>Issued {formatSheetDate(view.issuedAt ?? '')}</p>
            </>
          ) : (
            <p className={draft}>Not issued yet: no number</p>
          )}
        </div>
      </header>
      <div className={s.columns2}>
        <section className={s.block} aria-labelledby="document-customer">
          <h2 id="document-customer" className={s.blockTitle}>
            {view.kind === 'invoice' ? 'Bill to' : 'Prepared for'}
          </h2>
          <Facts
            rows={[
              ['Customer', customer],
              ['Phone', String(event.CustomerPhoneNumber ?? '').trim() || '—'],
              ['Email', event.CustomerEmail.trim() || '—'],
            ]}
          />
        </section>
        <section className={s.block} aria-labelledby="document-event">
          <h2 id="document-event" className={s.blockTitle}>
            Event
          </h2>
          <Facts
            rows={[
              ['Event', event.EventName.trim() || '—'],
              [
                'Date',
                `${formatSheetDate(event.EventDate)}, ${times.start} to ${times.end}${times.endsNextDay ? ' (next day)' : ''}`,
              ],
              ['Venue', venue.length ? venue.join(', ') : '—'],
              ['Guests', String(event.NumberOfGuests)],
            ]}
          />
        </section>
      </div>
      {snap ? (
        <div className={s.tableWrap}>
          <table className={cx(s.table, priceTable)} aria-label="Price lines">
            <colgroup>
              <col />
              <col className={amountCol} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className={amount}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {snap.lines.length ? (
                snap.lines.map((line) => (
                  <tr key={line.key}>
                    <td>{line.label}</td>
                    <td className={amount}>{money(line.cents)}</td>
                  </tr>
                ))
              ) : (
                <tr>
                  <td colSpan={2} className={s.empty}>
                    No price lines yet.
                  </td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr className={s.totalsRow}>
                <th scope="row">Subtotal</th>
                <td className={amount}>{money(snap.subtotalCents)}</td>
              </tr>
              {snap.discountPercent !== 0 || snap.discountCents !== 0 ? (
                <tr>
                  <th scope="row">Discount ({percent(snap.discountPercent)})</th>
                  <td className={amount}>{negative(snap.discountCents)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row">
                  {snap.taxName} ({percent(snap.taxPercent)})
                </th>
                <td className={amount} aria-label={snap.taxName}>
                  {money(snap.taxCents)}
                </td>
              </tr>
              <tr className={cx(s.grandRow, strong)}>
                <th scope="row">Total</th>
                <td className={amount} data-testid="document-total">
                  {money(snap.totalCents)}
                </td>
              </tr>
              <tr>
                <th scope="row">
                  Deposit ({percent(snap.depositPercent)}
                  {view.depositDueDate ? `, due ${formatSheetDate(view.depositDueDate)}` : ', due on booking'})
                </th>
                <td className={amount}>{money(snap.depositCents)}</td>
              </tr>
              <tr>
                <th scope="row">Payments received</th>
                <td className={amount} data-testid="document-paid">
                  {money(view.paidCents)}
                </td>
              </tr>
              <tr className={cx(balanceRow, strong)}>
                <th scope="row">
                  Balance due{view.balanceDueDate ? ` by ${formatSheetDate(view.balanceDueDate)}` : ''}
                </th>
                <td className={cx(amount, bigAmount)} data-testid="balance-due">
                  {money(view.balanceCents)}
                </td>
              </tr>
            </tfoot>
          </table>
          {snap.foreignCurrencies.length ? (
            <p className={s.warning} role="note">
              Price lines in {snap.foreignCurrencies.join(', ')} are added to the CAD totals at face value.
            </p>
          ) : null}
          <p className={s.muted}>All amounts are in CAD.</p>
        </div>
      ) : (
        <p className={s.warning} role="alert">
          Error fetching total event ingredient cost.
        </p>
      )}
      {view.payments.length ? (
        <div className={s.tableWrap}>
          <table className={cx(s.table, paymentsTable)}>
            <caption>Payments received</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Method</th>
                <th scope="col">Note</th>
                <th scope="col" className={amount}>
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {view.payments.map((p) => (
                <tr key={p.id}>
                  <td className={dateCell}>{p.date}</td>
                  <td className={nowrap}>{p.method}</td>
                  <td>{p.note}</td>
                  <td className={amount}>{money(p.cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <section className={cx(s.block)} aria-labelledby="document-terms">
        <h2 id="document-terms" className={s.blockTitle}>
          Terms
        </h2>
        <p className={lines}>{profile.paymentTerms.trim() || 'Payment terms are set in Business Settings.'}</p>
      </section>
    </article>
  );
}
