/**
 * The signed-in nav's sync status in words (with the last sync's time), the conflict dialog for a
 * record changed on two devices. Loaded lazily with a signed-in visitor's first page (RouteBoundary):
 * the landing page never loads sync code.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { css } from 'styled-system/css';
import { useRunSync, useSync } from '../../app/sync/useSync';
import { useAuth } from '../../app/auth/AuthContext';
import { useOfflineApp } from '../../app/offline/offlineApp';
import { ConflictDialog } from '../components/ConflictDialog';
import SyncPanel from './SyncPanel';
import SyncQuestion from './SyncQuestion';

/** One empty object, so the dialog's choices are not reset on every render. */
const noChoices = {};

const status = css({
  display: { base: 'none', md: 'flex' },
  order: -1,
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
export default function SyncHost() {
  const auth = useAuth();
  useRunSync(auth.status === 'signedIn', auth.email);
  useOfflineApp(auth.status === 'signedIn');
  const sync = useSync();
  const { conflict } = sync;
  // The nav bar's list of controls (rendered by the shell, outside this chunk): the status goes first in it.
  const [nav, setNav] = useState<Element | null>(null);
  // The Dashboard's places for the question and the switch (empty elements the pages render; this chunk fills them).
  const [slots, setSlots] = useState<{ question: Element | null; storage: Element | null }>({
    question: null,
    storage: null,
  });
  useEffect(() => {
    setNav(document.querySelector('header nav'));
    const find = () =>
      setSlots((was) => {
        const question = document.querySelector('[data-sync-slot="question"]');
        const storage = document.querySelector('[data-sync-slot="storage"]');
        return was.question === question && was.storage === storage ? was : { question, storage };
      });
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {slots.question ? createPortal(<SyncQuestion />, slots.question) : null}
      {slots.storage ? createPortal(<SyncPanel />, slots.storage) : null}
      {sync.status && nav
        ? createPortal(
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
              {sync.status.detail ? <span>{sync.status.detail}</span> : null}
              {sync.status.last ? <span>{sync.status.last}</span> : null}
            </p>,
            nav,
          )
        : null}
      <ConflictDialog
        place="another device"
        what={conflict?.what ?? ''}
        labels={conflict?.labels ?? {}}
        busy={sync.conflictBusy}
        error={sync.conflictError}
        conflict={{
          open: !!conflict,
          name: conflict?.what ?? '',
          deletedElsewhere: !!conflict?.deletedElsewhere,
          deletedHere: !!conflict?.deletedHere,
          diffs: conflict?.diffs ?? [],
          initialChoices: conflict?.initialChoices ?? noChoices,
          keepTheirs: () => conflict && sync.resolve(conflict.key, { keep: 'theirs' }),
          keepMine: () => conflict && sync.resolve(conflict.key, { keep: 'mine' }),
          merge: (choices) =>
            conflict && sync.resolve(conflict.key, { keep: 'merged', record: conflict.merge(choices) }),
        }}
      />
    </>
  );
}
