/**
 * Asking before leaving a page with unsaved changes (issue 25). Every form with typed, unsaved values
 * registers itself with `useUnsavedChanges(dirty)`. While any is registered:
 *  - leaving the page (reload, closing the tab, typing another address) gets the browser's own
 *    "Leave site?" prompt (`beforeunload`);
 *  - following a link inside the app, or a menu entry, first asks `LEAVE_QUESTION`; Cancel stays.
 * Browser Back and Forward inside the app cannot be asked about before they happen (the history has
 * already moved); the forms' drafts keep what was typed and restore it on return.
 */
import { useEffect } from 'react';

export const LEAVE_QUESTION =
  'You have unsaved changes on this page. Leave this page anyway? (Drafts are kept and restored when you come back.)';

const dirtyForms = new Set<symbol>();
let listening = false;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

/** A same-origin link to another page of the app, clicked without a modifier key: ask first. */
function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
  if (!window.confirm(LEAVE_QUESTION)) {
    event.preventDefault();
    event.stopPropagation();
  }
}

function sync() {
  if (typeof window === 'undefined') return;
  const want = dirtyForms.size > 0;
  if (want === listening) return;
  listening = want;
  if (want) {
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
  } else {
    window.removeEventListener('beforeunload', onBeforeUnload);
    window.removeEventListener('click', onClick, true);
  }
}

/** True when some form has unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** For in-app navigation that is not a link (the menu): true when it may go ahead. */
export function confirmLeave(): boolean {
  return !hasUnsavedChanges() || window.confirm(LEAVE_QUESTION);
}

/** Registers a form as having unsaved changes while `dirty` is true (and it is mounted). */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const id = Symbol('unsaved form');
    dirtyForms.add(id);
    sync();
    return () => {
      dirtyForms.delete(id);
      sync();
    };
  }, [dirty]);
}
