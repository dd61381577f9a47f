import { css } from 'styled-system/css';
import { Page } from '../components/Page';
import { DiscardDialog } from '../recovered/DiscardDialog';
import { EntryCard } from '../recovered/EntryCard';
import { useRecoveredActor, useRecoveredEntries } from '../../app/recovered/useRecoveredActor';

const intro = css({ color: 'fgMuted', mb: '6', maxW: '70ch' });
const list = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: 0,
  m: 0,
  alignItems: 'start',
});
const empty = css({ color: 'fgMuted', p: '4', border: '1px dashed', borderColor: 'border' });

export function RecoveredDataPage() {
  const actor = useRecoveredActor();
  const entries = useRecoveredEntries(actor);
  return (
    <Page title="Recovered data" heading="Recovered data">
      <p className={intro}>
        Saved data that could not be read is set aside here, so nothing is lost and everything else still shows. Fix a
        value and put it back, download it, or discard it.
      </p>
      {entries.length === 0 ? (
        <p className={empty}>Nothing has been set aside. All your saved data could be read.</p>
      ) : (
        <ul className={list} aria-label="Set-aside values">
          {entries.map((entry) => (
            <EntryCard key={entry.entryKey} actor={actor} entry={entry} />
          ))}
        </ul>
      )}
      <DiscardDialog actor={actor} />
    </Page>
  );
}
