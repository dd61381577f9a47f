/**
 * The routeChunk actor of one lazily loaded route (RouteBoundary): imports the page's chunk, asks for
 * the deployed build's id, follows the browser going on- and offline, and reloads for a new version.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { fromCallback, fromPromise } from 'xstate';
import { routeChunkMachine, routeChunkShows, type RouteChunkEvent } from '../../machines/shell/routeChunk.machine';
import { currentBuildId, fetchBuildId } from '../../views/shell/buildId';
import { inspect } from '../../views/shell/inspector';
import { loadedRouteChunk, loadRouteChunk } from '../../views/shell/routeChunks';

const machine = routeChunkMachine.provide({
  actors: {
    importChunk: fromPromise<unknown, { key: string }>(({ input }) => loadRouteChunk(input.key)),
    fetchBuildId: fromPromise(() => fetchBuildId()),
    watchConnectivity: fromCallback<RouteChunkEvent>(({ sendBack }) => {
      const online = () => sendBack({ type: 'browser.online' });
      const offline = () => sendBack({ type: 'browser.offline' });
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    }),
  },
  actions: {
    reloadPage: () => window.location.reload(),
  },
});

export function useRouteChunkActor(key: string) {
  const ref = useActorRef(machine, {
    // Prerendering (no browser): online, build unknown; neither shows in the markup.
    input: {
      key,
      loaded: loadedRouteChunk(key) !== undefined,
      online: typeof navigator === 'undefined' || navigator.onLine,
      buildId: typeof document === 'undefined' ? null : currentBuildId(),
    },
    inspect,
  });
  return {
    shows: useSelector(ref, routeChunkShows),
    attempt: useSelector(ref, (s) => s.context.attempt),
    retry: () => ref.send({ type: 'chunk.retry' }),
    reload: () => ref.send({ type: 'version.reload' }),
    pageFailed: () => ref.send({ type: 'page.failed' }),
  };
}
