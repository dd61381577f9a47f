import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useId, useState } from 'react';
import { css } from 'styled-system/css';
import type { Side } from '../../domain/conflict';
import type { ConflictView } from '../../machines/conflict.connect';
import { Button } from './Button';

const backdrop = css({ position: 'fixed', inset: 0, bg: 'rgba(0,0,0,0.55)', zIndex: 60 });
const positioner = css({
  position: 'fixed',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 70,
  p: '3',
});
const content = css({
  bg: 'surface',
  color: 'fg',
  border: '2px solid',
  borderColor: 'accent',
  boxShadow: '2xl',
  width: 'min(720px, 100%)',
  maxH: 'calc(100vh - 24px)',
  overflowY: 'auto',
  p: { base: '4', md: '6' },
  display: 'grid',
  gap: '4',
});
const fieldBox = css({
  border: '1px solid',
  borderColor: 'border',
  p: '3',
  display: 'grid',
  gap: '2',
  minW: 0,
  '& legend': { fontWeight: 'bold', px: '1' },
});
const option = css({
  display: 'flex',
  gap: '2',
  alignItems: 'flex-start',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  '& input': { mt: '1', flexShrink: 0 },
});
const sideLabel = css({ fontWeight: 'bold', color: 'fgMuted', mr: '1' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' });

export interface ConflictDialogProps {
  /** The machine's conflict, connected (src/app/conflict/useConflict.ts). */
  conflict: ConflictView;
  /** What is being edited, for the text ('supplier Acme'). */
  what: string;
  labels: Readonly<Record<string, string>>;
  /** Where the other version comes from (default 'another tab'; sync says 'another device'). */
  place?: 'another tab' | 'another device';
  /** The choices are being applied (buttons wait). */
  busy?: boolean;
  /** Why the last choice was not applied (sync: the account out of reach); the question stays. */
  error?: string | null;
}

/** A save from a stale view: what changed on each side, and keep theirs, keep mine or merge field by field. */
export function ConflictDialog({
  conflict,
  what,
  labels,
  place = 'another tab',
  busy = false,
  error = null,
}: ConflictDialogProps) {
  const {
    open,
    deletedElsewhere,
    deletedHere = false,
    diffs,
    initialChoices,
    keepTheirs: onKeepTheirs,
    keepMine: onKeepMine,
    merge: onMerge,
  } = conflict;
  const [choices, setChoices] = useState<Record<string, Side>>({ ...initialChoices });
  const id = useId();
  useEffect(() => setChoices({ ...initialChoices }), [initialChoices]);
  const show = (v: string) => (v === '' ? '(empty)' : v);
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content}>
            <Dialog.Title className={css({ fontSize: '2xl', color: 'accent', overflowWrap: 'anywhere' })}>
              {place === 'another tab' ? 'Changed in another tab' : 'Changed on another device'}
            </Dialog.Title>
            {error ? (
              <p role="alert" className={css({ color: 'alertFg', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                Nothing was chosen: {error} Nothing here changed; choose again.
              </p>
            ) : null}
            {deletedHere && !deletedElsewhere ? (
              <>
                <Dialog.Description className={css({ overflowWrap: 'anywhere' })}>
                  You deleted {what} on this device, and {place} changed it meanwhile. Keep it deleted, or keep their
                  version?
                </Dialog.Description>
                <div className={actions}>
                  <Button variant="outlineRed" onClick={onKeepMine} disabled={busy}>
                    Keep it deleted
                  </Button>
                  <Button variant="solidGreen" onClick={onKeepTheirs} disabled={busy}>
                    Keep theirs
                  </Button>
                </div>
              </>
            ) : deletedElsewhere ? (
              <>
                <Dialog.Description className={css({ overflowWrap: 'anywhere' })}>
                  While you were editing {what}, it was deleted {place === 'another tab' ? 'in' : 'on'} {place}. Keep it
                  deleted, or save your version again?
                </Dialog.Description>
                <div className={actions}>
                  <Button variant="outlineRed" onClick={onKeepTheirs} disabled={busy}>
                    Keep it deleted
                  </Button>
                  <Button variant="solidGreen" onClick={onKeepMine} disabled={busy}>
                    Save mine again
                  </Button>
                </div>
              </>
            ) : (
              <>
                <Dialog.Description className={css({ overflowWrap: 'anywhere' })}>
                  While you were editing {what}, {place} saved a different version. Nothing was overwritten. Choose what
                  to keep: theirs, yours, or field by field below.
                </Dialog.Description>
                {diffs.length === 0 ? <p>Both versions now hold the same values.</p> : null}
                {diffs.map((d) => (
                  <fieldset key={d.field} className={fieldBox}>
                    <legend>{labels[d.field] ?? d.field}</legend>
                    {(['theirs', 'mine'] as const).map((side) => (
                      <label key={side} className={option}>
                        <input
                          type="radio"
                          name={`${id}-${d.field}`}
                          checked={choices[d.field] === side}
                          onChange={() => setChoices((c) => ({ ...c, [d.field]: side }))}
                        />
                        <span>
                          <span className={sideLabel}>{side === 'theirs' ? 'Theirs:' : 'Mine:'}</span>
                          {show(side === 'theirs' ? d.theirs : d.mine)}
                        </span>
                      </label>
                    ))}
                  </fieldset>
                ))}
                <div className={actions}>
                  <Button variant="outlineBlue" onClick={onKeepTheirs} disabled={busy}>
                    Keep theirs
                  </Button>
                  <Button variant="outlineGreen" onClick={onKeepMine} disabled={busy}>
                    Keep mine
                  </Button>
                  <Button variant="solidGreen" onClick={() => onMerge(choices)} disabled={busy}>
                    Merge
                  </Button>
                </div>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
