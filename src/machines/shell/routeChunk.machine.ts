/**
 * One route's page code: `loading` imports the chunk, then shows the page (`loaded`). When the import
 * (or the page itself) fails, `checking` asks the server for its build id: a different build means
 * the chunk was removed by a redeploy (`newVersion`: offer a reload); otherwise it is `failed`
 * (`offline` or `connection`). Retry and the browser coming back online both go to `retrying`.
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SecretsOf } from '../../domain/inspection';

export interface RouteChunkInput {
  /** Which route's chunk (the key of the chunk loader). */
  key: string;
  /** The chunk is already loaded: show the page at once. */
  loaded: boolean;
  /** navigator.onLine when the route opens. */
  online: boolean;
  /** The build this tab runs (from index.html); null when unknown (dev server). */
  buildId: string | null;
}

export interface RouteChunkContext {
  key: string;
  /** The chunk was loaded when the route opened. */
  cached: boolean;
  online: boolean;
  buildId: string | null;
  /** Counts retries: a retried page is mounted afresh. */
  attempt: number;
}

export type RouteChunkEvent =
  /** The Retry button. */
  | { type: 'chunk.retry' }
  /** The page threw while rendering (a chunk it needs failed): the route's error boundary. */
  | { type: 'page.failed' }
  /** The "Reload" button, when a new version is deployed. */
  | { type: 'version.reload' }
  /** The browser's `online` / `offline` events (the watchConnectivity actor). */
  | { type: 'browser.online' }
  | { type: 'browser.offline' };

/** Fields the statechart explorer never shows (src/domain/inspection.ts): every event type with fields is listed; none holds a secret. */
export const routeChunkSecrets = { events: {} } as const satisfies SecretsOf<RouteChunkEvent, RouteChunkContext>;

export type RouteChunkTag = 'loading' | 'retrying' | 'error' | 'offline' | 'newVersion' | 'page';

export const routeChunkMachine = setup({
  types: {
    context: {} as RouteChunkContext,
    events: {} as RouteChunkEvent,
    input: {} as RouteChunkInput,
    tags: {} as RouteChunkTag,
  },
  actors: {
    importChunk: fromPromise<unknown, { key: string }>(async () => {
      throw new Error('routeChunk: provide importChunk');
    }),
    fetchBuildId: fromPromise<string>(async () => {
      throw new Error('routeChunk: provide fetchBuildId');
    }),
    watchConnectivity: fromCallback<RouteChunkEvent>(() => {
      throw new Error('routeChunk: provide watchConnectivity');
    }),
  },
  actions: {
    setOnline: assign({ online: true }),
    setOffline: assign({ online: false }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    reloadPage: () => {
      throw new Error('routeChunk: provide reloadPage');
    },
  },
  guards: {
    wasCached: ({ context }) => context.cached,
    isOffline: ({ context }) => !context.online,
    hasNewBuild: ({ context }, params: { buildId: string }) =>
      context.buildId !== null && params.buildId !== context.buildId,
  },
}).createMachine({
  id: 'routeChunk',
  meta: { secrets: routeChunkSecrets },
  context: ({ input }) => ({
    key: input.key,
    cached: input.loaded,
    online: input.online,
    buildId: input.buildId,
    attempt: 0,
  }),
  invoke: { id: 'watchConnectivity', src: 'watchConnectivity' },
  on: {
    'browser.online': { actions: 'setOnline' },
    'browser.offline': { actions: 'setOffline' },
  },
  initial: 'opening',
  states: {
    // Passed through at once: a chunk loaded on an earlier visit renders without a "Loading…" flash.
    opening: {
      always: [{ guard: 'wasCached', target: 'loaded' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'importChunk',
        src: 'importChunk',
        input: ({ context }) => ({ key: context.key }),
        onDone: 'loaded',
        onError: 'checking',
      },
    },
    // Why a check: "Failed to fetch dynamically imported module" says nothing about the cause; the
    // server's build id tells a redeploy (the old chunk is gone) from a network problem.
    checking: {
      tags: ['loading'],
      invoke: {
        id: 'fetchBuildId',
        src: 'fetchBuildId',
        onDone: [
          { guard: { type: 'hasNewBuild', params: ({ event }) => ({ buildId: event.output }) }, target: 'newVersion' },
          { target: 'failed.connection' },
        ],
        onError: [{ guard: 'isOffline', target: 'failed.offline' }, { target: 'failed.connection' }],
      },
    },
    failed: {
      tags: ['error'],
      initial: 'connection',
      states: {
        connection: {},
        offline: { tags: ['offline'] },
      },
      on: {
        'chunk.retry': { target: 'retrying', actions: 'countAttempt' },
        'browser.online': { target: 'retrying', actions: ['setOnline', 'countAttempt'] },
      },
    },
    retrying: {
      tags: ['loading', 'retrying'],
      invoke: {
        id: 'importChunk',
        src: 'importChunk',
        input: ({ context }) => ({ key: context.key }),
        onDone: 'loaded',
        onError: 'checking',
      },
    },
    newVersion: {
      tags: ['newVersion'],
      on: { 'version.reload': { actions: 'reloadPage' } },
    },
    loaded: {
      tags: ['page'],
      on: { 'page.failed': 'checking' },
    },
  },
});

export type RouteChunkSnapshot = SnapshotFrom<typeof routeChunkMachine>;

/** What the route shows, for the view's selector: the page, a status line, or the error panel. */
export function routeChunkShows(
  snapshot: RouteChunkSnapshot,
): 'page' | 'loading' | 'retrying' | 'offline' | 'failed' | 'newVersion' {
  if (snapshot.hasTag('page')) return 'page';
  if (snapshot.hasTag('newVersion')) return 'newVersion';
  if (snapshot.hasTag('offline')) return 'offline';
  if (snapshot.hasTag('error')) return 'failed';
  return snapshot.hasTag('retrying') ? 'retrying' : 'loading';
}
