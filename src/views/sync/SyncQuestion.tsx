/**
 * The first sign-in's question on a device that holds data for an account that does not sync yet:
 * keep this business in the account? Shown on the Dashboard, in the page (nothing is blocked while
 * it waits), with what would be uploaded counted first.
 */
import { useId } from 'react';
import { css } from 'styled-system/css';
import { useSync } from '../../app/sync/useSync';
import { describeCounts } from '../../machines/sync/sync.connect';
import { Button } from '../components/Button';

const box = css({
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'accent',
  p: '4',
  mb: '6',
  display: 'grid',
  gap: '3',
});
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });

export default function SyncQuestion() {
  const sync = useSync();
  const headingId = useId();
  if (!sync.asking) return null;
  return (
    <section className={box} aria-labelledby={headingId}>
      <h2 id={headingId} className={css({ fontSize: 'xl', color: 'accent', fontFamily: 'heading' })}>
        Keep this business in your account?
      </h2>
      <p>
        This browser holds {describeCounts(sync.counts)}. Kept in your account, they are on every device you sign in on,
        and safe if this browser’s data is cleared. Every change stays instant here and works offline. You can change
        this later with “Sync across devices” in the Dashboard’s storage section.
      </p>
      <div className={actions}>
        <Button variant="solidGreen" onClick={sync.turnOn}>
          Keep it in my account
        </Button>
        <Button variant="outlineGreen" onClick={sync.decline}>
          Not now
        </Button>
      </div>
    </section>
  );
}
