import { useSelector } from '@xstate/react';
import { memo, startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import type { BookRecord } from '../../machines/records/recordBook.machine';
import { Button } from '../components/Button';
import { useSound } from '../../app/shell/AppActors';
import { SelectField, TextField, type Option } from '../components/fields';
import { ConflictDialog } from '../components/ConflictDialog';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import {
  useFieldWarning,
  useRecordBookView,
  useRecordConflict,
  type RecordBookRef,
} from '../../app/records/useRecordBook';
import { DraftNote } from '../components/DraftNote';
import { useUnsavedChanges } from '../shell/unsaved';

export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'email' | 'tel' | 'date'; autoComplete?: string }
  /** A money amount typed as text (issue 21: an employee's hourly rate). */
  | { name: string; label: string; kind: 'amount'; hint?: string }
  | { name: string; label: string; kind: 'choice'; options: readonly Option[] };

const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', lg: 'minmax(320px, 420px) 1fr' },
  gap: '6',
  alignItems: 'start',
});
const formBox = css({ display: 'grid', gap: '3', bg: 'surface', border: '1px solid', borderColor: 'border', p: '4' });
const list = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
  gap: '3',
  listStyle: 'none',
  p: 0,
  m: 0,
});
const cardStyle = css({
  bg: 'surface',
  border: '1px solid',
  borderColor: 'border',
  p: '4',
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 220px',
  height: '100%',
});
const lines = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '3',
  rowGap: '1',
  fontSize: 'sm',
  my: '2',
  '& dt': { fontWeight: 'semibold', color: 'fgMuted' },
  '& dd': { overflowWrap: 'anywhere' },
});

const Field = memo(function Field({
  book,
  spec,
  idPrefix,
}: {
  book: RecordBookRef;
  spec: FieldSpec;
  idPrefix: string;
}) {
  const value = useSelector(book, (s) => s.context.draft[spec.name] ?? '');
  const error = useSelector(book, (s) => s.context.errors[spec.name]);
  const warning = useFieldWarning(book, spec.name);
  const onValue = useCallback(
    (v: string) => book.send({ type: 'field.change', field: spec.name, value: v }),
    [book, spec.name],
  );
  const id = `${idPrefix}-${spec.name}`;
  if (spec.kind === 'choice')
    return <SelectField id={id} label={spec.label} value={value} options={spec.options} onValue={onValue} />;
  if (spec.kind === 'amount')
    return (
      <TextField
        id={id}
        label={spec.label}
        value={value}
        error={error}
        warning={warning}
        hint={spec.hint}
        onValue={onValue}
        inputMode="decimal"
        autoComplete="off"
        maxLength={MAX_AMOUNT_LENGTH}
      />
    );
  return (
    <TextField
      id={id}
      label={spec.label}
      type={spec.kind}
      value={value}
      error={error}
      warning={warning}
      onValue={onValue}
      autoComplete={spec.autoComplete ?? 'off'}
      maxLength={spec.kind === 'date' ? undefined : MAX_NAME_LENGTH}
    />
  );
});

/** An amount needs no more characters than this ('10000.00' and then some). */
const MAX_AMOUNT_LENGTH = 20;

const FIRST_BATCH = 40;
const NEXT_BATCH = 120;

/**
 * How many cards to mount: the first screenfuls at once, the rest in small batches when the browser
 * is idle, so neither navigation nor a click ever waits behind one long render of a thousand cards.
 */
function useProgressiveCount(total: number): number {
  const [limit, setLimit] = useState(FIRST_BATCH);
  useEffect(() => {
    if (limit >= total) return;
    const grow = () => startTransition(() => setLimit((l) => l + NEXT_BATCH));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(grow, { timeout: 200 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(grow, 16);
    return () => window.clearTimeout(id);
  }, [limit, total]);
  return Math.min(limit, total);
}

type Describe = (record: BookRecord) => { key: string; title: string; details: Array<[string, ReactNode]> };
/** A page's own Delete (asks first when others point at the record); the default deletes at once. */
type OnDelete = (record: BookRecord) => void;

const Card = memo(function Card({
  book,
  record,
  describe,
  noun,
  play,
  onDelete,
}: {
  book: RecordBookRef;
  record: BookRecord;
  describe: Describe;
  noun: string;
  play: (label: string) => void;
  onDelete?: OnDelete;
}) {
  const { key, title, details } = describe(record);
  return (
    <li aria-label={title}>
      <article className={cardStyle}>
        <h3
          className={css({
            fontFamily: 'heading',
            fontSize: 'lg',
            fontWeight: 'bold',
            overflowWrap: 'anywhere',
            lineClamp: 3,
          })}
          title={title}
        >
          {title}
        </h3>
        <dl className={lines}>
          {details.map(([k, v]) => (
            <div key={k} className={css({ display: 'contents' })}>
              <dt>{k}</dt>
              <dd>{v || '—'}</dd>
            </div>
          ))}
        </dl>
        <div className={css({ display: 'flex', gap: '2' })}>
          <button
            type="button"
            className={button({ variant: 'outlineBlue', size: 'sm' })}
            aria-label={`Edit ${noun} ${title}`}
            onClick={() => {
              play('Edit');
              book.send({ type: 'record.edit', id: key });
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className={button({ variant: 'outlineRed', size: 'sm' })}
            aria-label={`Delete ${noun} ${title}`}
            onClick={() => {
              play('Delete');
              if (onDelete) onDelete(record);
              else book.send({ type: 'record.delete', id: key });
            }}
          >
            Delete
          </button>
        </div>
      </article>
    </li>
  );
});

/** The cards: re-rendered only when the records change, never while typing or switching mode. */
const RecordList = memo(function RecordList({
  book,
  idPrefix,
  noun,
  describe,
  onDelete,
}: {
  book: RecordBookRef;
  idPrefix: string;
  noun: string;
  describe: Describe;
  onDelete?: OnDelete;
}) {
  const records = useSelector(book, (s) => s.context.records);
  const shown = useProgressiveCount(records.length);
  // One sound subscription for the whole list rather than one per card button.
  const { play } = useSound();
  return (
    <section aria-labelledby={`${idPrefix}-list-title`}>
      <h2 id={`${idPrefix}-list-title`} className={css({ fontSize: 'xl', color: 'secondary', mb: '3' })}>
        {noun}s ({records.length})
      </h2>
      {records.length === 0 ? (
        <p className={css({ color: 'fgMuted', p: '4', border: '1px dashed', borderColor: 'border' })}>
          No {noun.toLowerCase()}s yet. Add one with the form.
        </p>
      ) : (
        <ul className={list} aria-label={`${noun}s`}>
          {records.slice(0, shown).map((record) => (
            <Card
              key={describe(record).key}
              book={book}
              record={record}
              describe={describe}
              noun={noun.toLowerCase()}
              play={play}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </section>
  );
});

/** A record book page body: the form (Submit, Cancel) beside the cards (Edit, Delete). */
export function RecordBook<R extends BookRecord>({
  book,
  idPrefix,
  noun,
  fields,
  describe,
  onDelete,
}: {
  book: RecordBookRef;
  idPrefix: string;
  noun: string;
  fields: readonly FieldSpec[];
  describe: (record: R) => { key: string; title: string; details: Array<[string, ReactNode]> };
  onDelete?: (record: R) => void;
}) {
  return (
    <div className={layout}>
      <RecordForm book={book} idPrefix={idPrefix} noun={noun} fields={fields} />
      <RecordList
        book={book}
        idPrefix={idPrefix}
        noun={noun}
        describe={describe as Describe}
        onDelete={onDelete as OnDelete | undefined}
      />
      <RecordConflict book={book} noun={noun} fields={fields} describe={describe as Describe} />
    </div>
  );
}

function RecordConflict({
  book,
  noun,
  fields,
  describe,
}: {
  book: RecordBookRef;
  noun: string;
  fields: readonly FieldSpec[];
  describe: Describe;
}) {
  const conflict = useRecordConflict(book);
  const base = useSelector(book, (s) => s.context.editBase);
  const labels = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, f.label])), [fields]);
  return (
    <ConflictDialog
      conflict={conflict}
      what={`${noun.toLowerCase()} ${base ? describe(base).title : ''}`.trim()}
      labels={labels}
    />
  );
}

function RecordForm({
  book,
  idPrefix,
  noun,
  fields,
}: {
  book: RecordBookRef;
  idPrefix: string;
  noun: string;
  fields: readonly FieldSpec[];
}) {
  const { editing, changedElsewhere, submit, cancel, draftRestored, dirty, discardDraft } = useRecordBookView(book);
  useUnsavedChanges(dirty);
  const firstFieldId = `${idPrefix}-${fields[0]?.name ?? ''}`;
  // Edit on a card far down the list: bring the filled form to the caterer (focus scrolls it into view).
  useEffect(() => {
    if (editing) document.getElementById(firstFieldId)?.focus();
  }, [editing, firstFieldId]);
  return (
    <form
      className={formBox}
      aria-labelledby={`${idPrefix}-form-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id={`${idPrefix}-form-title`} className={css({ fontSize: 'xl', color: 'secondary' })}>
        {editing ? `Edit ${noun}` : `Add ${noun}`}
      </h2>
      {draftRestored ? (
        <DraftNote
          onDiscard={discardDraft}
          what={`This ${noun.toLowerCase()} was typed before and not submitted yet.`}
        />
      ) : null}
      {changedElsewhere ? (
        <p role="status" className={css({ bg: 'alertBg', color: 'alertFg', px: '3', py: '2', fontWeight: 'bold' })}>
          This {noun.toLowerCase()} was changed in another tab. Your typing is kept; Submit will ask which version to
          keep.
        </p>
      ) : null}
      {fields.map((spec) => (
        <Field key={spec.name} book={book} spec={spec} idPrefix={idPrefix} />
      ))}
      <div className={css({ display: 'flex', gap: '3' })}>
        <Button type="submit" variant="solidGreen">
          Submit
        </Button>
        <Button variant="outlineRed" onClick={cancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
