import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useRecoveredCount } from '../../app/recovered/useRecoveredCount';
import { routes } from '../shell/routes';

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
