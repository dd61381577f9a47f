import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { countRecovered, watchRecovered } from '../../storage/recoveredActions';
import { routes } from '../shell/routes';

/** How many set-aside values there are now, kept current (without loading the Recovered data screen's code). */
export function useRecoveredCount(): number {
  return useSyncExternalStore(watchRecovered, countRecovered, () => 0);
}

/** The data view's way to the Recovered data screen, with how many values are set aside. */
export function RecoveredLink() {
  const count = useRecoveredCount();
  return (
    <p>
      <Link href={routes.recovered} className={css({ color: 'link', fontWeight: 'semibold' })}>
        Recovered data ({count})
      </Link>
    </p>
  );
}
