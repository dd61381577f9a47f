/** The app's one toaster store (Ark UI on @zag-js/toast): bottom, 5000 ms by default. Loaded on first use. */
import { createToaster } from '@ark-ui/react/toast';

export const toaster = createToaster({ placement: 'bottom', duration: 5000, overlap: false, gap: 12, max: 5 });
