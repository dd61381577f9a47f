import { memo, useId, useState } from 'react';
import { css } from 'styled-system/css';
import { CANCEL_REASON_REQUIRED, MAX_REASON_LENGTH, type EventStatus } from '../../domain/eventStatus';
import type { EventStatusApi } from '../../machines/events/eventStatus.connect';
import { Button } from '../components/Button';
import { errorText, field, input, label, muted, panel, panelTitle, row } from '../events/styles';
import { StatusBadge } from '../events/StatusBadge';

/** The Tool Kit's Event status panel (issue 22, part 2): the status and the changes open to it. */
// Memoised (issue 23, sixth pass): its hook gives the same object until the tool's own figures change.
export const StatusPanel = memo(function StatusPanel({ status }: { status: EventStatusApi }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  return (
    <section className={panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={panelTitle}>
        Event status
      </h2>
      <p>
        Status: <StatusBadge status={status.status as EventStatus} reason={status.reason} />
        {status.confirmedWithoutDeposit ? <span className={muted}> (confirmed without deposit)</span> : null}
      </p>
      {status.open ? (
        <div className={row}>
          {status.canQuote ? (
            <Button variant="outlineBlue" onClick={status.quote}>
              Mark as quoted
            </Button>
          ) : null}
          {status.canConfirm || status.confirmWaitsForDeposit ? (
            <Button
              variant="solidGreen"
              onClick={status.confirm}
              disabled={!status.canConfirm}
              aria-describedby={status.confirmWaitsForDeposit ? `${id}-deposit` : undefined}
            >
              Confirm
            </Button>
          ) : null}
          {status.canConfirmWithoutDeposit ? (
            <Button variant="outlineGreen" onClick={status.confirmWithoutDeposit}>
              Confirm without deposit
            </Button>
          ) : null}
          {status.canComplete ? (
            <Button variant="outlineGreen" onClick={status.complete}>
              Mark completed
            </Button>
          ) : null}
        </div>
      ) : (
        <p className={muted}>A {status.label.toLowerCase()} event cannot change status.</p>
      )}
      {status.confirmWaitsForDeposit ? (
        <p id={`${id}-deposit`} className={muted}>
          Confirm needs the deposit paid (record it in Payments), or choose Confirm without deposit.
        </p>
      ) : null}
      {status.canCancel ? (
        <form
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end', mt: '3' })}
          onSubmit={(e) => {
            e.preventDefault();
            if (status.cancel(reason)) {
              setReason('');
              setReasonError(null);
            } else setReasonError(CANCEL_REASON_REQUIRED);
          }}
        >
          <div className={`${field} ${css({ flex: '1 1 260px' })}`}>
            <label htmlFor={`${id}-reason`} className={label}>
              Reason for cancelling
            </label>
            <input
              id={`${id}-reason`}
              className={input}
              value={reason}
              maxLength={MAX_REASON_LENGTH}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            />
            {reasonError ? (
              <span id={`${id}-reason-error`} className={errorText}>
                {reasonError}
              </span>
            ) : null}
          </div>
          <Button type="submit" variant="outlineRed">
            Cancel event
          </Button>
        </form>
      ) : null}
    </section>
  );
});
