/** The app's one toaster (Ark UI on @zag-js/toast): bottom, 5000 ms by default. */
import { createToaster } from '@ark-ui/react/toast';

export const toaster = createToaster({ placement: 'bottom', duration: 5000, overlap: false, gap: 12, max: 5 });

export interface Notice {
  title: string;
  description?: string;
  type?: 'success' | 'error' | 'warning' | 'info';
  duration?: number;
  action?: { label: string; onClick: () => void };
}

/** Used by the named `notify*` actions that machines are provided with. */
export function notify(notice: Notice): string {
  return toaster.create({
    title: notice.title,
    description: notice.description,
    type: notice.type ?? 'info',
    duration: notice.duration ?? 5000,
    action: notice.action,
  });
}
