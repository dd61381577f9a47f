/**
 * The Dashboard's Payments Due (issue 22): every event the Dashboard reads, its total after tax as stored
 * now (the same figure as the Tool Kit's Payments tool and the event sheet), its payments and status,
 * and the business's deposit and balance rules. Follows other tabs' changes of the events and of the
 * per-event keys.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useReducer } from 'react';
import { emptyProfile } from '../../domain/businessProfile';
import { statusOf } from '../../domain/eventStatus';
import { paymentsDue } from '../../domain/payments';
import { taxedTotals, watchEventCosting } from '../events/costingData';
import type { DashboardRef } from '../dashboard/useDashboardActor';
import { useBusinessProfile } from '../settings/useSettings';

export function usePaymentsDue(ref: DashboardRef) {
  const events = useSelector(ref, (s) => s.context.events);
  const today = useSelector(ref, (s) => s.context.today);
  const profile = useBusinessProfile() ?? emptyProfile();
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const ids = events.map((e) => e.id).join(',');
  // Re-watched only when the set of events changes, not on every edit of one.
  useEffect(() => watchEventCosting(ids ? ids.split(',').map(Number) : [], bump), [ids]);
  return useMemo(
    () =>
      paymentsDue(
        events,
        taxedTotals(),
        statusOf,
        { depositPercent: profile.depositPercent, balanceDays: profile.balanceDays },
        today,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, today, profile.depositPercent, profile.balanceDays, version],
  );
}
