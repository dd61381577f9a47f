/**
 * Changes kept while storage was full, offered back above every signed-in page (issue 25, item 12):
 * "A change could not be saved because storage is full", with Retry saving, Download and Discard for
 * each. Loaded lazily by RouteBoundary (it is not part of the landing page); shown to a signed-in visitor only.
 */
import { useId } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../components/Button';
import { usePendingChanges, useSignedInAccount } from '../../app/shell/usePendingChanges';

const panel = css({
  bg: 'alertBg',
  color: 'alertFg',
  borderBottom: '3px solid',
  borderColor: 'alertFg',
  px: { base: '4', md: '6' },
  py: '4',
  display: 'grid',
  gap: '3',
  overflowWrap: 'anywhere',
});
const heading = css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'bold' });
const item = css({ display: 'grid', gap: '2', pt: '2', borderTop: '1px solid', borderColor: 'border' });
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const note = css({ fontWeight: 'semibold' });

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export default function PendingChanges() {
  const owner = useSignedInAccount();
  // A new actor for another account: one account's kept changes are never shown to another.
  return owner ? <PendingList key={owner} owner={owner} /> : null;
}

function PendingList({ owner }: { owner: string }) {
  const api = usePendingChanges(owner);
  const headingId = useId();
  if (!api.changes.length && !api.problem) return null;
  const count = api.changes.length;
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className={heading}>
        {count > 1
          ? `${count} changes could not be saved because storage is full`
          : 'A change could not be saved because storage is full'}
      </h2>
      {count ? (
        <p>
          {count > 1 ? 'They were kept in this browser.' : 'It was kept in this browser.'} Free some room (download a
          backup from the Dashboard, then delete old events or set-aside data), then retry saving; or download the
          change, or discard it.
        </p>
      ) : null}
      {api.problem ? (
        <p role="alert" className={note}>
          {api.problem}
        </p>
      ) : null}
      <ul className={css({ display: 'grid', gap: '2' })}>
        {api.changes.map((change) => {
          const busy = api.busyId === change.id;
          const confirming = api.confirming?.id === change.id;
          const noteText = api.notes[change.id];
          return (
            <li key={change.id} aria-label={change.label} className={item}>
              <p>
                <strong>{change.label}</strong>, kept {when(change.keptAt)}
              </p>
              {noteText ? (
                <p role="alert" className={note}>
                  {noteText}
                </p>
              ) : null}
              {confirming ? (
                <div
                  role="group"
                  aria-label={`Discard ${change.label}?`}
                  className={css({ display: 'grid', gap: '2' })}
                >
                  <p className={note}>Discard this change? It is not saved anywhere else.</p>
                  <div className={buttons}>
                    <Button variant="solidRed" size="sm" onClick={api.confirmDiscard}>
                      Discard
                    </Button>
                    <Button variant="outlineBlue" size="sm" onClick={api.cancelDiscard}>
                      Keep it
                    </Button>
                  </div>
                </div>
              ) : (
                <div className={buttons}>
                  <Button
                    variant="solidGreen"
                    size="sm"
                    disabled={api.busyId !== null || api.confirming !== null}
                    onClick={() => api.retry(change.id)}
                  >
                    {busy ? 'Saving…' : 'Retry saving'}
                  </Button>
                  <Button variant="outlineBlue" size="sm" onClick={() => api.download(change.id)}>
                    Download
                  </Button>
                  <Button
                    variant="outlineRed"
                    size="sm"
                    disabled={api.busyId !== null || api.confirming !== null}
                    onClick={() => api.discard(change.id)}
                  >
                    Discard
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
