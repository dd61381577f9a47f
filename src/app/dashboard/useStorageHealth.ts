/**
 * The Data view's storage health actor: measures through src/storage/health.ts, and again (debounced)
 * when another tab changes the stored data. It runs in the app system (systemId `storageHealth`) while
 * the view is open: the view's chunk brings its logic, so the landing page does not load it.
 */
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { appActor } from '../../machines/app/app.machine';
import { storageHealthMachine, type StorageMeasure } from '../../machines/storage/storageHealth.machine';
import { measureStorage } from '../../storage/health';
import { useAppRoot } from '../shell/appSystem';

const machine = storageHealthMachine.provide({
  actors: {
    measure: fromPromise<StorageMeasure>(() => measureStorage()),
  },
});

export function useStorageHealth() {
  const root = useAppRoot()!;
  useEffect(() => {
    root.send({ type: 'storageHealth.start', logic: machine });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => appActor(root, 'storageHealth')?.send({ type: 'health.refresh' }), 300);
    };
    window.addEventListener('storage', refresh);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', refresh);
      root.send({ type: 'storageHealth.stop' });
    };
  }, [root]);
  // The running actor: a new one each time the view opens (the root's state changes with it).
  const ref = useSelector(root, (s) =>
    s.matches({ storageHealth: 'running' }) ? appActor(root, 'storageHealth') : undefined,
  );
  return {
    report: useSelector(ref, (s) => s?.context.report) ?? null,
    persisted: useSelector(ref, (s) => s?.context.persisted) ?? null,
    warning: useSelector(ref, (s) => s?.hasTag('warning')) ?? false,
    unknown: useSelector(ref, (s) => s?.matches('unknown')) ?? false,
  };
}
