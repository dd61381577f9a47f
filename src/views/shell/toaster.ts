/**
 * `notify`, the one way the app shows a toast. The toaster itself (Ark UI on @zag-js/toast, in
 * `toasterStore.ts`) is loaded and mounted with the first notice (src/views/shell/LazyToaster.tsx), so
 * a visitor's first page never waits for it.
 */
import { retryAfterFailure } from './retry';

export interface Notice {
  title: string;
  description?: string;
  type?: 'success' | 'error' | 'warning' | 'info';
  duration?: number;
  action?: { label: string; onClick: () => void };
}

const loadStore = () => import('./toasterStore');
const noticeListeners = new Set<() => void>();
let noticed = false;

/**
 * Used by the named `notify*` actions that machines are provided with. Shows the toast as soon as the toaster has
 * loaded. Offline (or the server out of reach), before the toaster's code is cached, it cannot be fetched: the
 * notice is given again later (`retryAfterFailure`; the toaster's mounting too, LazyToaster.tsx), so it is not lost.
 */
export function notify(notice: Notice): void {
  show(notice, 0);
}

function show(notice: Notice, attempt: number): void {
  noticed = true;
  for (const listener of noticeListeners) listener();
  loadStore().then(
    ({ toaster }) =>
      void toaster.create({
        title: notice.title,
        description: notice.description,
        type: notice.type ?? 'info',
        duration: notice.duration ?? 5000,
        action: notice.action,
      }),
    () => retryAfterFailure(() => show(notice, attempt + 1), attempt),
  );
}

/** Whether a notice was given yet (the toaster must then be on screen). */
export function hasNoticed(): boolean {
  return noticed;
}

/** Calls `listener` on every notice; returns the unsubscribe. */
export function onNotice(listener: () => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}
