// @vitest-environment jsdom
/**
 * Issue 23, eighth pass: the modal dialog (src/views/components/ModalDialog.tsx) keeps the page behind still by
 * `data-locks-scroll` on its positioner (the root's overflow, panda.config.ts), set from the frame after the dialog's
 * first, so the click's frame draws the dialog without restyling and repainting the whole page behind it. The lock
 * must come, and go when the dialog closes (after the frame that shows the page without it, sixteenth pass), also
 * when it closes before its first frame.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, ModalTitle } from '../../src/views/components/ModalDialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const locked = () => document.querySelector('[data-part="positioner"]')?.hasAttribute('data-locks-scroll') ?? false;
const lockedAnywhere = () => document.querySelectorAll('[data-locks-scroll]').length;

function Dialog() {
  return (
    <Modal onClose={() => undefined} backdropClassName="b" positionerClassName="p" contentClassName="c">
      <ModalTitle>Tool Kit: Gala</ModalTitle>
      <button type="button">Close Tool Kit</button>
    </Modal>
  );
}

describe('the modal dialog locks the page behind after its first frame', () => {
  it('is drawn unlocked, locked from the next task after its first frame, unlocked when closed', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { unmount } = render(<Dialog />);
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(locked()).toBe(false);
    await act(async () => vi.advanceTimersToNextFrame());
    // The frame that paints the dialog has run; the lock waits for the task after it.
    expect(locked()).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(locked()).toBe(true);
    const box = document.querySelector('[data-part="positioner"]')!;
    unmount();
    // Let go after the frame that shows the page without the dialog (changing the root's overflow in the close's
    // frame repainted the whole page: the events save's paint 27 -> 13 ms at 4x): a hidden stand-in holds it.
    expect(box.hasAttribute('data-locks-scroll')).toBe(false);
    expect(box.isConnected).toBe(false);
    const hold = document.querySelector<HTMLElement>('body > [data-locks-scroll]');
    expect(hold?.hidden).toBe(true);
    await act(async () => vi.advanceTimersToNextFrame());
    expect(lockedAnywhere()).toBe(1);
    await act(async () => vi.advanceTimersByTime(1));
    expect(lockedAnywhere()).toBe(0);
  });

  it('closed before its first frame: never locks the page', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const { unmount } = render(<Dialog />);
    const box = document.querySelector('[data-part="positioner"]')!;
    unmount();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(lockedAnywhere()).toBe(0);
    expect(box.hasAttribute('data-locks-scroll')).toBe(false);
  });
});
