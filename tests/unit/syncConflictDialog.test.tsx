// @vitest-environment jsdom
/**
 * The sync conflict dialog (issue 24) when a record was deleted on this device and changed on another:
 * it says so, and offers "Keep it deleted" (mine) or "Keep theirs", not a field-by-field merge against an
 * empty record (whose choices of "Mine" could not be kept). A field absent on one side and empty on the
 * other is not listed as a difference.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conflictView } from '../../src/machines/sync/sync.connect';
import type { SyncConflict } from '../../src/sync/engine';
import { ConflictDialog } from '../../src/views/components/ConflictDialog';

vi.mock('../../src/app/shell/AppActors', async (original) => ({
  ...(await original<typeof import('../../src/app/shell/AppActors')>()),
  usePlaySound: () => () => {},
}));

afterEach(cleanup);

const spinach = { id: 'I-1', name: 'Baby Spinach', quantity: 4, supplierName: 'Green Co' };
const conflict = (mine: object | null, theirs: object | null): SyncConflict => ({
  key: 'inventoryItems|I-1',
  collection: 'inventoryItems',
  record_id: 'I-1',
  mine,
  theirs,
  theirsRev: 3,
});

function show(c: SyncConflict, error: string | null = null) {
  const view = conflictView(c)!;
  const keepTheirs = vi.fn();
  const keepMine = vi.fn();
  const merge = vi.fn();
  render(
    <ConflictDialog
      place="another device"
      what={view.what}
      labels={view.labels}
      error={error}
      conflict={{
        open: true,
        name: view.what,
        deletedElsewhere: view.deletedElsewhere,
        deletedHere: view.deletedHere,
        diffs: view.diffs,
        initialChoices: view.initialChoices,
        keepTheirs,
        keepMine,
        merge,
      }}
    />,
  );
  return { view, keepTheirs, keepMine, merge };
}

describe('the sync conflict dialog', () => {
  it('deleted here, changed there: says so; Keep it deleted keeps mine, Keep theirs brings theirs back; no merge', () => {
    const { view, keepTheirs, keepMine } = show(conflict(null, { ...spinach, quantity: 9 }));
    expect(view).toMatchObject({ deletedHere: true, deletedElsewhere: false });
    expect(
      screen.getByText(
        'You deleted inventory item “Baby Spinach” on this device, and another device changed it meanwhile. Keep it deleted, or keep their version?',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Merge' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it deleted' }));
    expect(keepMine).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(keepTheirs).toHaveBeenCalledTimes(1);
  });

  it('a choice that could not be applied says why, and the choices stay', () => {
    const { keepTheirs } = show(conflict(null, { ...spinach, quantity: 9 }), 'The server could not be reached.');
    expect(screen.getByRole('alert').textContent).toBe(
      'Nothing was chosen: The server could not be reached. Nothing here changed; choose again.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Keep theirs' }));
    expect(keepTheirs).toHaveBeenCalledTimes(1);
  });

  it('no alert when nothing failed', () => {
    show(conflict(null, { ...spinach, quantity: 9 }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('changed here, deleted there: says it was deleted on another device', () => {
    const { view } = show(conflict({ ...spinach, quantity: 5 }, null));
    expect(view).toMatchObject({ deletedHere: false, deletedElsewhere: true });
    expect(
      screen.getByText(
        'While you were editing inventory item “Baby Spinach”, it was deleted on another device. Keep it deleted, or save your version again?',
      ),
    ).toBeTruthy();
  });

  it('changed on both: the differing fields with Merge; a field absent on one side and empty on the other is not one', () => {
    const mine = { ...spinach, quantity: 5, allergens: [], notes: '' };
    const theirs = { ...spinach, quantity: 9 };
    const { view } = show(conflict(mine, theirs));
    expect(view.diffs.map((d) => d.field)).toEqual(['quantity']);
    expect(screen.getByText(/While you were editing inventory item “Baby Spinach”, another device saved/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Merge' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });
});
