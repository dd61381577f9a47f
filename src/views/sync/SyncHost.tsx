/**
 * The signed-in nav's sync status in words (with the last sync's time), the conflict dialog for a
 * record changed on two devices. Loaded lazily by the nav bar once
 * signed in: the landing page never loads sync code.
 */
import { css } from 'styled-system/css';
import { useRunSync, useSync } from '../../app/sync/useSync';
import { AuthActorContext } from '../auth/AuthContext';
import { ConflictDialog } from '../components/ConflictDialog';

const status = css({
  display: { base: 'none', md: 'flex' },
  flexDirection: 'column',
  alignItems: 'flex-end',
  fontSize: 'xs',
  lineHeight: '1.2',
  maxW: '220px',
  textAlign: 'right',
  color: 'fgMuted',
  mr: '1',
});
const retry = css({
  bg: 'transparent',
  border: 'none',
  p: 0,
  color: 'accent',
  fontWeight: 'bold',
  textDecoration: 'underline',
  cursor: 'pointer',
  fontSize: 'xs',
});
export function SyncHost() {
  const user = AuthActorContext.useSelector((s) => (s.hasTag('signedIn') ? s.context.user : null));
  useRunSync(user);
  const sync = useSync();
  const { conflict } = sync;
  return (
    <>
      {sync.status ? (
        <p className={status} role="status" aria-label="Sync status" data-sync-tone={sync.status.tone}>
          {sync.status.canRetry ? (
            <span>
              Could not sync —{' '}
              <button type="button" className={retry} onClick={sync.retry}>
                Retry
              </button>
            </span>
          ) : (
            <span>{sync.status.text}</span>
          )}
          {sync.status.last ? <span>{sync.status.last}</span> : null}
        </p>
      ) : null}
      <ConflictDialog
        open={!!conflict}
        place="another device"
        what={conflict?.what ?? ''}
        deletedElsewhere={!!conflict?.deletedElsewhere}
        diffs={conflict?.diffs ?? []}
        labels={{}}
        initialChoices={conflict?.initialChoices ?? {}}
        busy={sync.conflictBusy}
        onKeepTheirs={() => conflict && sync.resolve(conflict.key, { keep: 'theirs' })}
        onKeepMine={() => conflict && sync.resolve(conflict.key, { keep: 'mine' })}
        onMerge={(choices) =>
          conflict && sync.resolve(conflict.key, { keep: 'merged', record: conflict.merge(choices) })
        }
      />
    </>
  );
}
