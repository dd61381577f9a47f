/** The Upcoming Events totals' "received" and "outstanding" (issue 22), from the events' payments and totals as stored now. */
import { useEffect, useMemo, useReducer } from 'react';
import { isOpenStatus, statusOf } from '../../domain/eventStatus';
import { receivedAndOutstanding } from '../../domain/payments';
import type { CateringEvent } from '../../storage/schemas';
import { taxedTotals, watchEventCosting } from '../events/costingData';

export function useReceivedOutstanding(events: readonly CateringEvent[]) {
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const ids = events.map((e) => e.id).join(',');
  useEffect(() => watchEventCosting(ids ? ids.split(',').map(Number) : [], bump), [ids]);
  return useMemo(
    () => receivedAndOutstanding(events, taxedTotals(), (event) => isOpenStatus(statusOf(event))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [events, version],
  );
}
