import { memo } from 'react';
import { samePanelProps } from './samePanelProps';
import { useSelector } from '@xstate/react';
import { menuDraft, noteDraft } from '../../machines/toolkit/toolkitDrafts.connect';
import { ToolkitDraftNote } from './ToolkitDraftNote';
import { css } from 'styled-system/css';
import { MAX_TEXT_LENGTH } from '../../domain/limits';
import type { AllergenId } from '../../domain/allergens';
import { AllergenChecks, AllergensButton, AllergenTags } from './AllergenPicker';
import { menuRows, type MenuRow } from '../../machines/toolkit/menuNotes.connect';
import { useAllergenPicker } from '../../app/toolkit/useAllergenPicker';
import { Button } from '../components/Button';
import { LengthLimit } from '../components/fields';
import { field, input, label, muted, panel, panelTitle, row, table } from '../events/styles';
import type { ToolkitActors } from '../../app/toolkit/useToolkitActors';

type Ref = ToolkitActors['menuNotes'];

// One actor, two tools: each selects only its own part, so typing or adding in one does not render the other
// (issue 23: a Menu add drew the Note field again).
function useMenu(ref: Ref) {
  return {
    menu: useSelector(ref, (s) => s.context.menu),
    menuText: useSelector(ref, (s) => s.context.menuText),
    changeMenu: (text: string) => ref.send({ type: 'menu.change', text }),
    addMenu: () => ref.send({ type: 'menu.add' }),
    deleteMenu: (id: string) => ref.send({ type: 'menu.delete', id }),
    setAllergens: (id: string, chosen: AllergenId[]) => ref.send({ type: 'menu.allergens', id, allergens: chosen }),
  };
}

function useNotes(ref: Ref) {
  return {
    notes: useSelector(ref, (s) => s.context.notes),
    noteText: useSelector(ref, (s) => s.context.noteText),
    changeNote: (text: string) => ref.send({ type: 'note.change', text }),
    addNote: () => ref.send({ type: 'note.add' }),
    deleteNote: (id: string) => ref.send({ type: 'note.delete', id }),
  };
}

function MenuPanelTool({ actorRef, avoid }: { actorRef: Ref; avoid: AllergenId[] }) {
  const m = useMenu(actorRef);
  return (
    <section className={panel} aria-labelledby="menu-title">
      <h2 id="menu-title" className={panelTitle}>
        Menu
      </h2>
      <ToolkitDraftNote actorRef={actorRef} of={menuDraft} what="This menu item was typed before and not added yet." />
      <form
        className={row}
        onSubmit={(e) => {
          e.preventDefault();
          m.addMenu();
        }}
      >
        <div className={css({ flex: '1 1 240px' })}>
          <div className={field}>
            <label htmlFor="menu-item" className={label}>
              Menu Item
            </label>
            <input
              id="menu-item"
              className={input}
              value={m.menuText}
              maxLength={MAX_TEXT_LENGTH}
              aria-describedby="menu-item-limit"
              onChange={(e) => m.changeMenu(e.target.value)}
            />
            <LengthLimit id="menu-item-limit" label="Menu Item" value={m.menuText} max={MAX_TEXT_LENGTH} />
          </div>
        </div>
        <Button type="submit" variant="solidGreen">
          Add Menu Item
        </Button>
      </form>
      {m.menu.length ? (
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">Menu Item</th>
              <th scope="col">
                <span className={css({ srOnly: true })}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {menuRows(m.menu, avoid).map((row, i) => (
              <MenuRowView
                key={row.id}
                row={row}
                position={i + 1}
                onAllergens={(chosen) => m.setAllergens(row.id, chosen)}
                onDelete={() => m.deleteMenu(row.id)}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <p className={muted}>No menu items yet.</p>
      )}
    </section>
  );
}

const flagText = css({ color: 'alertFg', fontWeight: 'bold', mt: '1', overflowWrap: 'anywhere' });

/** One menu item: its name, allergen tags, the flag, and its Allergens and Delete buttons. */
function MenuRowView({
  row,
  position,
  onAllergens,
  onDelete,
}: {
  row: MenuRow;
  position: number;
  onAllergens: (chosen: AllergenId[]) => void;
  onDelete: () => void;
}) {
  const picker = useAllergenPicker(row.allergens, onAllergens);
  const name = row.name || `${position}`;
  const pickerId = `allergens-${row.id}`;
  return (
    <tr>
      <td>
        {row.name || <em className={muted}>(empty)</em>}
        <AllergenTags tags={row.tags} name={name} />
        {row.flag ? (
          <p className={flagText} role="note">
            ⚠ {row.flag}
          </p>
        ) : null}
        <AllergenChecks picker={picker} name={name} pickerId={pickerId} />
      </td>
      <td className={css({ textAlign: 'right!', whiteSpace: 'nowrap' })}>
        <AllergensButton picker={picker} name={name} pickerId={pickerId} />{' '}
        <Button size="sm" variant="outlineRed" aria-label={`Delete menu item ${name}`} onClick={onDelete}>
          Delete
        </Button>
      </td>
    </tr>
  );
}

function NotesPanelTool({ actorRef }: { actorRef: Ref }) {
  const m = useNotes(actorRef);
  return (
    <section className={panel} aria-labelledby="notes-title">
      <h2 id="notes-title" className={panelTitle}>
        Notes
      </h2>
      <ToolkitDraftNote actorRef={actorRef} of={noteDraft} what="This note was typed before and not added yet." />
      <form
        className={row}
        onSubmit={(e) => {
          e.preventDefault();
          m.addNote();
        }}
      >
        <div className={css({ flex: '1 1 240px' })}>
          <div className={field}>
            <label htmlFor="note-text" className={label}>
              Note
            </label>
            <input
              id="note-text"
              className={input}
              value={m.noteText}
              maxLength={MAX_TEXT_LENGTH}
              aria-describedby="note-text-limit"
              onChange={(e) => m.changeNote(e.target.value)}
            />
            <LengthLimit id="note-text-limit" label="Note" value={m.noteText} max={MAX_TEXT_LENGTH} />
          </div>
        </div>
        <Button type="submit" variant="solidGreen">
          Add Note
        </Button>
      </form>
      {m.notes.length ? (
        <ul
          aria-label="Notes"
          className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: 0 })}
        >
          {m.notes.map((note) => (
            <li
              key={note.id}
              className={css({
                display: 'flex',
                gap: '3',
                alignItems: 'center',
                justifyContent: 'space-between',
                bg: 'stripe',
                p: '2',
              })}
            >
              <span className={css({ overflowWrap: 'anywhere' })}>{note.notes}</span>
              <Button
                size="sm"
                variant="outlineRed"
                aria-label={`Delete note ${note.notes}`}
                onClick={() => m.deleteNote(note.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>No notes yet.</p>
      )}
    </section>
  );
}

/** Renders again only for its own actors' changes or another list to avoid (see samePanelProps). */
export const MenuPanel = memo(MenuPanelTool, samePanelProps);
/** Renders again only for its own actors' changes or another list to avoid (see samePanelProps). */
export const NotesPanel = memo(NotesPanelTool, samePanelProps);
