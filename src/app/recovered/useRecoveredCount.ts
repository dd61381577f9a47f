import { useSyncExternalStore } from 'react';
import { countRecovered, watchRecovered } from '../../storage/recoveredActions';

/** How many set-aside values there are now, kept current (without loading the Recovered data screen's code). */
export function useRecoveredCount(): number {
  return useSyncExternalStore(watchRecovered, countRecovered, () => 0);
}
