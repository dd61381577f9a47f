/**
 * The footer's "Statecharts" button. The explorer (Ark dialog, diagrams, log) is a lazy chunk imported
 * on click; it opens on mount and calls onClosed once closed, so the landing page carries only this.
 */
import { useState, type ComponentType } from 'react';
import { useHydrated } from './hydration';
import { notify } from './toaster';

type Explorer = ComponentType<{ onClosed: () => void }>;

export function StatechartsLauncher({ className }: { className: string }) {
  const [Explorer, setExplorer] = useState<Explorer>();
  // Disabled until the app has started (a prerendered page before hydration), so a press is never lost.
  const started = useHydrated();
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={className}
        disabled={!started}
        onClick={() =>
          void import('./explorer/Explorer').then(
            (m) => setExplorer(() => m.Explorer),
            () => notify({ type: 'error', title: 'The statecharts could not be loaded. Try again.' }),
          )
        }
      >
        Statecharts
      </button>
      {Explorer ? <Explorer onClosed={() => setExplorer(undefined)} /> : null}
    </>
  );
}
