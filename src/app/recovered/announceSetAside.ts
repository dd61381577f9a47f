/**
 * Set-aside values are announced with a warning toast. src/boot.tsx loads this module (and the
 * wording) when the page is idle, out of the landing page's start; the set-aside handling itself
 * loads earlier with the first collection a page reads, and what was set aside before this listener
 * subscribed is replayed to it. The toaster and the way to the Recovered Data page come from the
 * caller, which has them already (imported here, they would be split into chunks of their own).
 */
import { setAsideTitle } from '../../domain/dataNames';
import { onSetAside } from '../../storage/recovered';
import type { notify as notifyFn } from '../../views/shell/toaster';

export function announceSetAside(notify: typeof notifyFn, review: () => void): void {
  onSetAside((batch) =>
    notify({
      type: 'warning',
      title: setAsideTitle(batch),
      description:
        'It was set aside so nothing is lost, and everything else is shown. Review it to fix and put it back.',
      duration: 10000,
      action: { label: 'Review', onClick: review },
    }),
  );
}
