import { memo, useId } from 'react';
import { css } from 'styled-system/css';
import { formatMoney } from '../../domain/money';
import { paymentMethods } from '../../domain/payments';
import type { PaymentsApi } from '../../machines/payments/payments.connect';
import { Button } from '../components/Button';
import { DraftNote } from '../components/DraftNote';
import { SideScroll } from '../components/SideScroll';
import { useUnsavedChanges } from '../shell/unsaved';
import { errorText, field, input, label, muted, panel, panelTitle, row, table } from '../events/styles';

const figuresGrid = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '4',
  rowGap: '1',
  '& dt': { fontWeight: 'bold' },
});
const stateBadge = css({
  display: 'inline-block',
  px: '2',
  fontWeight: 'bold',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'secondary',
  '&[data-state=overdue]': { borderColor: 'accent', color: 'alertFg' },
  '&[data-state=paidInFull]': { borderColor: 'primary', color: 'primary' },
});
const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
  gap: '3',
  alignItems: 'start',
});

/** The deposit's due date: drawn again only when it changes (issue 23), not with every figure of the tool. */
const DepositDateField = memo(function DepositDateField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (date: string) => void;
}) {
  return (
    <div className={`${field} ${css({ maxW: '260px', mt: '3' })}`}>
      <label htmlFor={id} className={label}>
        Deposit due date
      </label>
      <input id={id} type="date" className={input} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
});

/**
 * The Record payment form: drawn again only when its draft or messages change (issue 23), not when the event total
 * beside it does (a specialty line's cost, a price); its callbacks are the same functions for the tool's life
 * (`paymentActions`).
 */
const PaymentForm = memo(function PaymentForm({
  id,
  draft,
  errors,
  change,
  record,
}: {
  id: string;
  draft: PaymentsApi['draft'];
  errors: PaymentsApi['errors'];
  change: PaymentsApi['change'];
  record: () => void;
}) {
  const fieldId = (name: string) => `${id}-${name}`;
  const err = (name: keyof PaymentsApi['errors']) =>
    errors[name] ? (
      <span id={`${fieldId(name)}-error`} className={errorText}>
        {errors[name]}
      </span>
    ) : null;
  const described = (name: keyof PaymentsApi['errors']) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${fieldId(name)}-error` } : {};
  return (
    <form
      className={css({ display: 'grid', gap: '3', mt: '4' })}
      aria-label="Record payment"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        record();
      }}
    >
      <div className={formGrid}>
        <div className={field}>
          <label htmlFor={fieldId('amount')} className={label}>
            Amount
          </label>
          <input
            id={fieldId('amount')}
            className={input}
            inputMode="decimal"
            value={draft.amount}
            onChange={(e) => change('amount', e.target.value)}
            {...described('amount')}
          />
          {err('amount')}
        </div>
        <div className={field}>
          <label htmlFor={fieldId('date')} className={label}>
            Date
          </label>
          <input
            id={fieldId('date')}
            type="date"
            className={input}
            value={draft.date}
            onChange={(e) => change('date', e.target.value)}
            {...described('date')}
          />
          {err('date')}
        </div>
        <div className={field}>
          <label htmlFor={fieldId('method')} className={label}>
            Method
          </label>
          <select
            id={fieldId('method')}
            className={input}
            value={draft.method}
            onChange={(e) => change('method', e.target.value)}
            {...described('method')}
          >
            {paymentMethods.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          {err('method')}
        </div>
        <div className={field}>
          <label htmlFor={fieldId('note')} className={label}>
            Payment note
          </label>
          <input
            id={fieldId('note')}
            className={input}
            maxLength={500}
            value={draft.note}
            onChange={(e) => change('note', e.target.value)}
          />
        </div>
        <div className={field}>
          <label htmlFor={fieldId('reason')} className={label}>
            Refund reason
          </label>
          <input
            id={fieldId('reason')}
            className={input}
            maxLength={500}
            value={draft.reason}
            onChange={(e) => change('reason', e.target.value)}
            {...described('reason')}
          />
          {err('reason')}
        </div>
      </div>
      <p className={muted}>A refund is a negative amount (e.g. -50) with its reason.</p>
      <div className={row}>
        <Button type="submit">Record payment</Button>
      </div>
    </form>
  );
});

/** The Tool Kit's Payments tool (issue 22, part 3). */
// Memoised (issue 23, sixth pass): its hook gives the same object until the tool's own figures change.
export const PaymentsPanel = memo(function PaymentsPanel({ payments: p }: { payments: PaymentsApi }) {
  const id = useId();
  // Typed and not recorded: leaving the page asks first (the form is kept as a draft either way).
  useUnsavedChanges(p.dirty);
  return (
    <section className={panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={panelTitle}>
        Payments
      </h2>
      {p.text && p.figures ? (
        <>
          <p>
            <span className={stateBadge} data-state={p.figures.state} data-payment-state="">
              {p.text.state}
            </span>
          </p>
          <dl className={figuresGrid}>
            <dt>Event total</dt>
            <dd>
              <output aria-label="Event total">{p.text.total}</output>
            </dd>
            <dt>Deposit due ({p.depositPercent}%)</dt>
            <dd>
              <output aria-label="Deposit due">{p.text.deposit}</output>
              {p.figures.depositDueDate ? ` by ${p.figures.depositDueDate}` : ' on booking'}
            </dd>
            <dt>Balance due date</dt>
            <dd>{p.figures.balanceDueDate || '—'}</dd>
            <dt>Paid</dt>
            <dd>
              <output aria-label="Paid">{p.text.paid}</output>
            </dd>
            <dt>Balance due</dt>
            <dd>
              <output aria-label="Balance due">{p.text.balance}</output>
            </dd>
          </dl>
        </>
      ) : (
        <p className={errorText}>Error fetching total event ingredient cost.</p>
      )}
      <DepositDateField id={`${id}-depositDate`} value={p.depositDueDate} onChange={p.setDepositDate} />
      {p.restored ? (
        <div className={css({ mt: '4' })}>
          <DraftNote what="This payment was typed before and not recorded yet." onDiscard={p.discardDraft} />
        </div>
      ) : null}
      <PaymentForm id={id} draft={p.draft} errors={p.errors} change={p.change} record={p.record} />
      {p.removed ? (
        <div role="status" className={css({ display: 'flex', gap: '3', alignItems: 'center', mt: '3' })}>
          <span>
            Payment of {formatMoney(p.removed.amount)} on {p.removed.date} removed.
          </span>
          <Button variant="outlineBlue" size="sm" onClick={() => p.undo(p.removed!.id)}>
            Undo
          </Button>
        </div>
      ) : null}
      {p.payments.length === 0 ? (
        <p className={muted}>No payments recorded yet.</p>
      ) : (
        <SideScroll label="Payments received">
          <table className={table} aria-label="Payments received">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Method</th>
                <th scope="col">Amount</th>
                <th scope="col">Note</th>
                <th scope="col">
                  <span className={css({ srOnly: true })}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {p.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{payment.date}</td>
                  <td>{payment.method}</td>
                  <td>{formatMoney(payment.amount)}</td>
                  <td>
                    {payment.amount < 0 ? `Refund: ${payment.reason}` : ''}
                    {payment.amount < 0 && payment.note ? ' · ' : ''}
                    {payment.note}
                  </td>
                  <td>
                    <Button
                      variant="outlineRed"
                      size="sm"
                      onClick={() => p.remove(payment.id)}
                      aria-label={`Remove payment of ${formatMoney(payment.amount)} on ${payment.date}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
    </section>
  );
});
