/**
 * The conflict dialog's connect (state + send → what the dialog shows and its three ways out), shared
 * by the three machines that hand a stale save to the caterer: the events page, the inventory board's
 * Edit Item and the record books. Each machine's connect module says where its conflict is
 * (`ConflictSource`); this turns it into the dialog's values. Pure: unit-tested without React.
 */
import {
  defaultChoices,
  differences,
  shownDifferences,
  type FieldDifference,
  type FormDraft,
  type Side,
} from '../domain/conflict';

/** Where a machine keeps its conflict: every field is a value of its snapshot (stable while unchanged). */
export interface ConflictSource<T> {
  /** In the conflict state (the machine's `conflict` tag). */
  open: boolean;
  /** The record's name, for the dialog's text ('' when the view names it itself). */
  name: string;
  /** The record as this view loaded it (null: a new record). */
  base: T | null;
  /** The form being saved. */
  mine: FormDraft | null;
  /** The record as the other tab saved it; null when it was deleted there. */
  theirs: T | null;
  /** A record as its form's draft. */
  toDraft: (record: T) => FormDraft;
}

export type ConflictEvent =
  | { type: 'conflict.keepTheirs' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.merge'; choices: Record<string, Side> };

export interface ConflictView {
  open: boolean;
  name: string;
  deletedElsewhere: boolean;
  /** Deleted here while the other side changed it (sync only: a tab's save is never a delete). */
  deletedHere?: boolean;
  /** The fields that differ, each side's value in the dialog's words (allergen names, not ids). */
  diffs: FieldDifference[];
  initialChoices: Record<string, Side>;
  keepTheirs: () => void;
  keepMine: () => void;
  merge: (choices: Record<string, Side>) => void;
}

export function connectConflict<T>(source: ConflictSource<T>, send: (event: ConflictEvent) => void): ConflictView {
  const { open, base, mine, theirs, toDraft } = source;
  const diffs = open && theirs && mine ? differences(base ? toDraft(base) : mine, mine, toDraft(theirs)) : [];
  return {
    open,
    name: source.name,
    deletedElsewhere: open && theirs === null,
    diffs: shownDifferences(diffs),
    initialChoices: defaultChoices(diffs),
    keepTheirs: () => send({ type: 'conflict.keepTheirs' }),
    keepMine: () => send({ type: 'conflict.keepMine' }),
    merge: (choices) => send({ type: 'conflict.merge', choices }),
  };
}

/** Two sources are the same when every field is: the dialog's values are then computed again only on a change. */
export function sameConflictSource<T>(a: ConflictSource<T>, b: ConflictSource<T>): boolean {
  return (
    a.open === b.open &&
    a.name === b.name &&
    a.base === b.base &&
    a.mine === b.mine &&
    a.theirs === b.theirs &&
    a.toDraft === b.toDraft
  );
}
