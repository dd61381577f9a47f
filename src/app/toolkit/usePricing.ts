import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { connectPricing } from '../../machines/toolkit/pricing.connect';
import type { ToolkitActors } from './useToolkitActors';

/** The Pricing panel's values (src/machines/toolkit/pricing.connect.ts), from the Tool Kit's four live actors (with the Staff tool's shifts). */
export function usePricing(actors: ToolkitActors) {
  const pricing = useSelector(actors.pricing, (s) => s);
  const inventory = useSelector(actors.inventory, (s) => s);
  const specialty = useSelector(actors.specialty, (s) => s);
  const staff = useSelector(actors.staff, (s) => s);
  return useMemo(
    () => connectPricing(pricing, inventory, specialty, actors.pricing.send, staff),
    [pricing, inventory, specialty, staff, actors.pricing],
  );
}
