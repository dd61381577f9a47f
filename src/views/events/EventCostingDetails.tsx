import { css } from 'styled-system/css';
import type { CateringEvent } from '../../machines/events/events.machine';
import { CostingFigures } from '../toolkit/CostingFigures';
import { useEventCosting } from '../../app/events/costingData';

/** The event's cost, price and margin under its details. */
export function EventCostingDetails({ event }: { event: CateringEvent }) {
  const costing = useEventCosting(event);
  return (
    <div className={css({ mt: '3' })}>
      <CostingFigures costing={costing} heading="Cost, price and margin" />
    </div>
  );
}
