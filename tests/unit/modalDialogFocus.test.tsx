// @vitest-environment jsdom
/**
 * Issue 23: the modal dialog (src/views/components/ModalDialog.tsx) moves the focus to its first field once its
 * first frame is painted, not in the click's frame (a focus there worked out the whole new dialog's style before
 * the paint, and the frame did it again), and back to the opener after the frame that shows the page without it.
 * The focus must still come in, not take a field the caterer has already clicked into (nor a dialog opened over
 * it), and go back to the opener when the dialog closes, also when it closes before its first frame.
 */
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, ModalTitle } from '../../src/views/components/ModalDialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit
      </button>
      {open ? (
        <Modal onClose={() => setOpen(false)} backdropClassName="b" positionerClassName="p" contentClassName="c">
          <ModalTitle>Edit Event</ModalTitle>
          <label>
            Event Name <input />
          </label>
          <label>
            Guests <input type="number" />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Modal>
      ) : null}
    </>
  );
}

const fakeFrames = () =>
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
const byLabel = (name: string) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent?.trim().startsWith(name))!.querySelector('input')!;
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

function openFromEdit() {
  const edit = button('Edit');
  edit.focus();
  act(() => edit.click());
  expect(document.querySelector('[role="dialog"]')).not.toBeNull();
  return edit;
}

describe('the modal dialog takes the focus after its first frame', () => {
  it('leaves the focus where it was in the click’s frame, then focuses the first field', async () => {
    fakeFrames();
    render(<Page />);
    const edit = openFromEdit();
    expect(document.activeElement).toBe(edit);
    await act(async () => vi.advanceTimersToNextFrame());
    expect(document.activeElement).toBe(edit);
    await act(async () => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(byLabel('Event Name'));
  });

  it('in a tab that paints no frames, still focuses the first field', async () => {
    fakeFrames();
    render(<Page />);
    openFromEdit();
    await act(async () => vi.advanceTimersByTime(250));
    expect(document.activeElement).toBe(byLabel('Event Name'));
  });

  it('a character typed before the frame moves the focus in at once (its keydown), so it reaches the field', async () => {
    fakeFrames();
    render(<Page />);
    const edit = openFromEdit();
    // Not for Tab, a shortcut or a held key (nor Escape, which closes it): the focus stays on the opener until the frame.
    for (const init of [{ key: 'Tab' }, { key: 'z', ctrlKey: true }, { key: 'z', repeat: true }, { key: 'Shift' }]) {
      edit.dispatchEvent(new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true }));
      expect(document.activeElement).toBe(edit);
    }
    // AltGr (reported with Ctrl) types a character: it moves the focus in.
    const typed = new KeyboardEvent('keydown', {
      key: '@',
      ctrlKey: true,
      altKey: true,
      bubbles: true,
      cancelable: true,
    });
    Object.defineProperty(typed, 'getModifierState', { value: (key: string) => key === 'AltGraph' });
    edit.dispatchEvent(typed);
    expect(document.activeElement).toBe(byLabel('Event Name'));
    expect(typed.defaultPrevented).toBe(false);
    // The frame's own focus does not move it again (the caterer has moved on to the next field).
    byLabel('Guests').focus();
    await act(async () => vi.advanceTimersByTime(250));
    expect(document.activeElement).toBe(byLabel('Guests'));
  });

  it('keeps a field the caterer moved to before the frame', async () => {
    fakeFrames();
    render(<Page />);
    openFromEdit();
    byLabel('Guests').focus();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(byLabel('Guests'));
  });

  it('leaves the focus in a dialog opened over it before the frame (a conflict)', async () => {
    fakeFrames();
    render(<Page />);
    openFromEdit();
    const over = document.createElement('div');
    over.setAttribute('role', 'alertdialog');
    const keep = document.createElement('button');
    keep.textContent = 'Keep mine';
    over.append(keep);
    document.body.append(over);
    keep.focus();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(keep);
    over.remove();
  });

  it('closed before its first frame: the focus stays on the opener, and is not moved later', async () => {
    fakeFrames();
    render(<Page />);
    const edit = openFromEdit();
    act(() => button('Close').click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(edit);
  });

  it('gives the focus back to the opener after the frame that shows the page without it', async () => {
    fakeFrames();
    render(<Page />);
    const edit = openFromEdit();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(byLabel('Event Name'));
    act(() => button('Close').click());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(document.body);
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(edit);
  });

  it('when it closes, leaves the focus where something else has put it meanwhile', async () => {
    fakeFrames();
    render(<Page />);
    openFromEdit();
    await act(async () => vi.advanceTimersByTime(1000));
    act(() => button('Close').click());
    const elsewhere = document.createElement('input');
    document.body.append(elsewhere);
    elsewhere.focus();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });
});

/** A page whose dialog opens by itself (a draft restored after a reload), or over which a conflict dialog opens. */
function SelfOpeningPage({ conflict = false }: { conflict?: boolean }) {
  const [open, setOpen] = useState(true);
  const [fallbackButton, setFallbackButton] = useState<HTMLButtonElement | null>(null);
  return (
    <>
      <button type="button" ref={setFallbackButton} onClick={() => setOpen(true)}>
        New Event
      </button>
      {open ? (
        <Modal
          onClose={() => setOpen(false)}
          backdropClassName="b"
          positionerClassName="p"
          contentClassName="c"
          fallbackFocus={() => fallbackButton}
        >
          <ModalTitle>Create New Event</ModalTitle>
          <label>
            Event Name <input />
          </label>
          <button type="button" onClick={() => setOpen(false)}>
            Close
          </button>
        </Modal>
      ) : null}
      {conflict ? <ConflictOver closeForm={() => setOpen(false)} /> : null}
    </>
  );
}

/** A dialog over the form whose Merge closes the form at once and itself only a few frames later (as Ark does). */
function ConflictOver({ closeForm }: { closeForm: () => void }) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div role="alertdialog" aria-label="Changed in another tab">
      <button
        type="button"
        onClick={() => {
          closeForm();
          setTimeout(() => setShown(false), 50);
        }}
      >
        Merge
      </button>
    </div>
  );
}

describe('the focus at close when no opener can take it back', () => {
  it('a dialog the page opened by itself (the focus was on <body>) gives the focus to its fallback', async () => {
    fakeFrames();
    document.body.focus();
    render(<SelfOpeningPage />);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(byLabel('Event Name'));
    act(() => button('Close').click());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(button('New Event'));
  });

  it('closed from a dialog over it that leaves the page a little later (Merge), the focus still comes back', async () => {
    fakeFrames();
    document.body.focus();
    render(<SelfOpeningPage conflict />);
    await act(async () => vi.advanceTimersByTime(1000));
    const merge = button('Merge');
    merge.focus();
    act(() => merge.click());
    // The conflict dialog goes (its render in an act of its own), then the frames after it.
    await act(async () => vi.advanceTimersByTime(60));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(document.activeElement).toBe(button('New Event'));
  });
});
