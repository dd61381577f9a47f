import { memo, useId } from 'react';
import { css } from 'styled-system/css';
import { entryLabel, setAsideWhen, sizeLabel, whatItIs } from '../../domain/recoveredInfo';
import type { RecoveredEntry } from '../../machines/recovered/recovered.machine';
import { Button } from '../components/Button';
import { errorText, inputStyle, labelText } from '../components/fields';
import { useEditor, useEntryCard, type RecoveredRef } from '../../app/recovered/useRecoveredActor';

const card = css({
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  p: '4',
  display: 'grid',
  gap: '3',
  minW: 0,
  overflowWrap: 'anywhere',
});
const title = css({ fontFamily: 'heading', fontSize: 'lg', fontWeight: 'bold', color: 'secondary' });
const facts = css({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: '3',
  rowGap: '1',
  fontSize: 'sm',
  '& dt': { fontWeight: 'semibold', color: 'fgMuted' },
  '& dd': { overflowWrap: 'anywhere', minW: 0 },
});
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });
const raw = css({
  fontFamily: 'mono',
  fontSize: 'sm',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bg: 'surfaceRaised',
  color: 'fg',
  p: '3',
  maxH: '320px',
  overflowY: 'auto',
  m: 0,
});
const textarea = css({ fontFamily: 'mono', fontSize: 'sm', minH: '40', resize: 'vertical', overflowWrap: 'anywhere' });
const ok = css({ color: 'primary', fontSize: 'sm', fontWeight: 'semibold' });
const refusalBox = css({ bg: 'alertBg', color: 'alertFg', p: '3', display: 'grid', gap: '2', fontWeight: 'semibold' });

function Editor({ actor, what }: { actor: RecoveredRef; what: string }) {
  const editor = useEditor(actor);
  const id = useId();
  return (
    <div className={css({ display: 'grid', gap: '2' })}>
      <label htmlFor={`${id}-text`} className={labelText}>
        Text of this value
      </label>
      <textarea
        id={`${id}-text`}
        className={`${inputStyle} ${textarea}`}
        value={editor.draft}
        spellCheck={false}
        aria-invalid={editor.valid ? undefined : true}
        aria-describedby={`${id}-check`}
        readOnly={editor.busy}
        onChange={(e) => editor.change(e.target.value)}
      />
      <p id={`${id}-check`} role="status" className={editor.valid ? ok : errorText}>
        {editor.valid ? 'This can be put back.' : editor.reason}
      </p>
      {editor.refusal ? (
        <div role="alert" className={refusalBox}>
          <p>
            {editor.idTaken
              ? `${what} was not put back. ${editor.refusal}`
              : `${what} was not put back: ${editor.refusal}`}
          </p>
          {editor.idTaken ? (
            <div>
              <Button variant="solidRed" size="sm" onClick={editor.replace}>
                Replace the existing one
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className={buttons}>
        <Button variant="solidGreen" size="sm" disabled={!editor.canPutBack} onClick={editor.putBack}>
          Put back
        </Button>
        <Button variant="outlineRed" size="sm" disabled={editor.busy} onClick={editor.cancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export const EntryCard = memo(function EntryCard({ actor, entry }: { actor: RecoveredRef; entry: RecoveredEntry }) {
  const api = useEntryCard(actor, entry.entryKey);
  const headingId = useId();
  const rawId = useId();
  const what = whatItIs(entry);
  const label = entryLabel(entry);
  return (
    <li aria-labelledby={headingId}>
      <article className={card}>
        <h2 id={headingId} className={title}>
          {label}
        </h2>
        <dl className={facts}>
          <dt>Set aside</dt>
          <dd>
            {entry.time ? (
              <time dateTime={new Date(entry.time).toISOString()}>{setAsideWhen(entry.time)}</time>
            ) : (
              setAsideWhen(entry.time)
            )}
          </dd>
          <dt>Size</dt>
          <dd>{sizeLabel(entry.text)}</dd>
          <dt>Reason</dt>
          <dd>{entry.reason}</dd>
        </dl>
        <div className={buttons}>
          <Button
            variant="outlineBlue"
            size="sm"
            aria-expanded={api.mode === 'viewing'}
            aria-controls={rawId}
            disabled={!api.canView}
            onClick={api.toggleView}
          >
            {api.mode === 'viewing' ? 'Hide' : 'View'}
          </Button>
          <Button variant="outlineBlue" size="sm" onClick={api.download}>
            Download
          </Button>
          <Button variant="outlineGreen" size="sm" disabled={!api.canEdit} onClick={api.edit}>
            Edit
          </Button>
          <Button variant="outlineRed" size="sm" disabled={!api.canDiscard} onClick={api.discard}>
            Discard
          </Button>
        </div>
        {api.mode === 'viewing' ? (
          <pre id={rawId} className={raw} aria-label={`Text of ${label}`} tabIndex={0}>
            {entry.text}
          </pre>
        ) : null}
        {api.mode === 'editing' ? <Editor actor={actor} what={what} /> : null}
      </article>
    </li>
  );
});
