import { useId, type ChangeEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import {
  describeChange,
  unreadableNote,
  type Change,
  type RestorePreview,
  type VerifiedBackup,
} from '../../domain/backup';
import { Button } from '../components/Button';
import { SideScroll } from '../components/SideScroll';
import { useRestore } from '../../app/dashboard/useRestoreActor';

const sectionBox = css({
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'border',
  pt: '4',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '3',
  minW: 0,
});
const sectionHead = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
});
const sectionTitle = css({ fontSize: 'lg', color: 'primary' });
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
// The file input is the control (a screen reader announces one "Restore from backup" button); its label is what the eye sees.
const fileLabel = css({
  _peerFocusVisible: { outlineWidth: '2px', outlineStyle: 'solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  _peerDisabled: { opacity: 0.6, cursor: 'not-allowed' },
});
const muted = css({ color: 'fgMuted', fontSize: 'sm' });
/** The After cell's note on its own line, wrapped between words (a phone's narrow column split "unrea/dable"). */
const afterNote = css({ display: 'block', fontSize: 'xs', overflowWrap: 'normal' });
const box = css({
  display: 'grid',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  bg: 'surfaceRaised',
  minW: 0,
});
const alertBox = css({
  display: 'grid',
  gap: '2',
  p: '3',
  bg: 'alertBg',
  color: 'alertFg',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'alertFg',
  fontSize: 'sm',
});
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  bg: 'surface',
  '& caption': { textAlign: 'left', fontWeight: 'bold', pb: '2' },
  '& th, & td': {
    textAlign: 'left',
    px: { base: '1', sm: '2' },
    py: '1',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'border',
  },
  '& thead th': { whiteSpace: 'nowrap' },
  '& td': { fontVariantNumeric: 'tabular-nums' },
  '& tbody th': { fontWeight: 'normal', overflowWrap: 'break-word' },
});

function describeSource(backup: VerifiedBackup): string {
  if (backup.source === 'legacy') return 'A saved copy of the earlier app’s data.';
  const made = backup.createdAt ? new Date(backup.createdAt).toLocaleString() : 'an unknown time';
  return `Backup made ${made}${backup.appVersion ? ` by Cater Captain ${backup.appVersion}` : ''}.`;
}

function ChangeRow({ change }: { change: Change }) {
  return (
    <tr>
      <th scope="row">
        {change.label}
        {change.unit === 'keys' ? <span className={muted}> (saved keys)</span> : null}
      </th>
      <td>{change.before}</td>
      <td>
        {change.after}
        {change.unreadable ? <span className={afterNote}> {unreadableNote(change)}</span> : null}
      </td>
      <td>{describeChange(change)}</td>
    </tr>
  );
}

function Preview({
  preview,
  backup,
  canConfirm,
  onConfirm,
  onCancel,
}: {
  preview: RestorePreview;
  backup: VerifiedBackup | null;
  canConfirm: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  return (
    <div className={box} role="region" aria-labelledby={headingId}>
      <h4 id={headingId} className={css({ fontWeight: 'bold' })}>
        Check before you restore
      </h4>
      {backup ? <p className={muted}>{describeSource(backup)}</p> : null}
      <p className={css({ fontSize: 'sm' })}>
        Restore replaces all your data in this browser with the backup.{' '}
        {preview.changesAnything ? null : 'The backup holds the same data as this browser.'}
      </p>
      <SideScroll label="What the restore will change">
        <table className={table}>
          <caption>What the restore will change (records, or saved keys)</caption>
          <thead>
            <tr>
              <th scope="col">Data</th>
              <th scope="col">Now</th>
              <th scope="col">After</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {preview.changes.map((change) => (
              <ChangeRow key={change.name} change={change} />
            ))}
          </tbody>
        </table>
      </SideScroll>
      {backup && backup.ignoredKeys.length > 0 ? (
        <p className={muted}>Left out (not Cater Captain data): {backup.ignoredKeys.join(', ')}</p>
      ) : null}
      <div className={buttons}>
        <Button variant="solidGreen" size="sm" disabled={!canConfirm} onClick={onConfirm}>
          Restore
        </Button>
        <Button variant="outlineRed" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Download backup and Restore from backup, at the end of View Your Data. */
export function BackupPanel() {
  const restore = useRestore();
  const headingId = useId();
  const inputId = useId();
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) restore.choose(file);
  };
  return (
    <section
      className={sectionBox}
      aria-labelledby={headingId}
      aria-busy={restore.reading || restore.writing || restore.downloading || undefined}
    >
      <div className={sectionHead}>
        <h3 id={headingId} className={sectionTitle}>
          Backup and restore
        </h3>
        <div className={buttons}>
          <Button variant="outlineBlue" size="sm" disabled={restore.downloading} onClick={restore.download}>
            Download backup
          </Button>
          <input
            id={inputId}
            type="file"
            accept=".json,application/json"
            disabled={restore.reading || restore.writing}
            className={cx('peer', css({ srOnly: true }))}
            onChange={onFile}
          />
          <label htmlFor={inputId} className={cx(button({ variant: 'outlineBlue', size: 'sm' }), fileLabel)}>
            Restore from backup
          </label>
        </div>
      </div>
      <p className={muted}>
        One file with all your events, inventory, suppliers, employees, event tool kits and preferences. A restore
        checks the file first and changes nothing if it is damaged.
      </p>
      {restore.reading ? (
        <p role="status" className={muted}>
          Checking the backup…
        </p>
      ) : null}
      {restore.refusal ? (
        <RestoreAlert lead="Nothing was restored." message={restore.refusal.message} onClose={restore.dismiss} />
      ) : null}
      {restore.preview ? (
        <Preview
          preview={restore.preview}
          backup={restore.backup}
          canConfirm={restore.canConfirm}
          onConfirm={restore.confirm}
          onCancel={restore.cancel}
        />
      ) : null}
      {restore.failure ? (
        <RestoreAlert lead="The restore failed." message={restore.failure} onClose={restore.dismiss} />
      ) : null}
      {restore.restored ? (
        <div className={box}>
          <p role="status">
            Backup restored. Your data from before the restore is kept on this page until you close this message.
          </p>
          {restore.undoError ? (
            <p role="alert" className={alertBox}>
              Undo failed. {restore.undoError}
            </p>
          ) : null}
          <div className={buttons}>
            <Button variant="solidBlue" size="sm" disabled={!restore.canUndo} onClick={restore.undo}>
              Undo restore
            </Button>
            <Button variant="outlineBlue" size="sm" onClick={restore.dismiss}>
              Close
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function RestoreAlert({ lead, message, onClose }: { lead: string; message: string; onClose: () => void }) {
  return (
    <div role="alert" className={alertBox}>
      <p>
        <strong>{lead}</strong> {message}
      </p>
      <div>
        <Button variant="outlineRed" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    </div>
  );
}
