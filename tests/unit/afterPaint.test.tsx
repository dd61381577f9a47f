// @vitest-environment jsdom
/**
 * useAfterPaint (src/views/shell/afterPaint.ts): the Dashboard draws Payments Due and Need to Order only once the
 * first screen has been painted (issue 23). False on the first render; true after the next frame; and in a tab
 * that draws no frames (hidden), true after a short timeout all the same, so the panels never stay empty.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from '../../src/views/shell/afterPaint';

function Probe() {
  return createElement('p', null, useAfterPaint() ? 'after the paint' : 'first paint');
}

describe('useAfterPaint', () => {
  beforeEach(() =>
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] }),
  );
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is false on the first render and true after the next frame', async () => {
    render(createElement(Probe));
    expect(screen.getByText('first paint')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(20));
    expect(screen.getByText('after the paint')).toBeTruthy();
  });

  it('comes true in a tab that draws no frames', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    render(createElement(Probe));
    await act(async () => void vi.advanceTimersByTime(100));
    expect(screen.getByText('first paint')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(150));
    expect(screen.getByText('after the paint')).toBeTruthy();
  });

  it('does nothing once the page is left before its paint', async () => {
    const { unmount } = render(createElement(Probe));
    unmount();
    await act(async () => void vi.advanceTimersByTime(300));
    expect(vi.getTimerCount()).toBe(0);
  });
});
