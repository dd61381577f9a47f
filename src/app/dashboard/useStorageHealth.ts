/**
 * The Data view's storage health actor: measures through src/storage/health.ts, and again (debounced)
 * when another tab changes the stored data.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { storageHealthMachine, type StorageMeasure } from '../../machines/storage/storageHealth.machine';
import { measureStorage } from '../../storage/health';
import { inspect } from '../../views/shell/inspector';

const machine = storageHealthMachine.provide({
  actors: {
    measure: fromPromise<StorageMeasure>(() => measureStorage()),
  },
});

export function useStorageHealth() {
  const ref = useActorRef(machine, { inspect });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => ref.send({ type: 'health.refresh' }), 300);
    };
    window.addEventListener('storage', refresh);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', refresh);
    };
  }, [ref]);
  return {
    report: useSelector(ref, (s) => s.context.report),
    persisted: useSelector(ref, (s) => s.context.persisted),
    warning: useSelector(ref, (s) => s.hasTag('warning')),
    unknown: useSelector(ref, (s) => s.matches('unknown')),
  };
}
