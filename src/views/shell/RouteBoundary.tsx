/**
 * Each lazily loaded route renders through its own RouteBoundary, inside the layout: the
 * routeChunk statechart loads the page's chunk and, when that fails, shows RouteError with Retry
 * (also run when the browser comes back online) or, after a redeploy, "A new version is available".
 */
import { Component, type ReactNode } from 'react';
import { useRouteChunkActor } from '../../app/shell/useRouteChunkActor';
import { useAuth } from '../../app/auth/AuthContext';
import { Loading } from './Loading';
import { RouteError } from './RouteError';
import { loadedRouteChunk } from './routeChunks';
import { chunk, useChunk } from './chunk';

/** Catches what the page throws while rendering (a chunk it needs failed) and reports it once. */
class PageBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

// Account sync's nav status and dialogs (src/views/sync/SyncHost.tsx): a chunk of its own, loaded with
// the first page of a signed-in visitor; it shows in the nav bar through a portal. Here, not in the nav
// bar itself, so that the landing page's first load carries none of it. Not React.lazy: a failed load
// (the connection dropping as the page opens) must not take the page with it (./chunk.ts).
const syncHost = chunk(() => import('../sync/SyncHost'));

// Changes kept while storage was full (issue 25, item 12), offered back above every page of a signed-in
// visitor: a chunk of its own, like SyncHost, so the landing page's first load carries none of it.
const pendingChanges = chunk(() => import('./PendingChanges'));

function SignedInParts() {
  const SyncHost = useChunk(syncHost)[0]?.default;
  const PendingChanges = useChunk(pendingChanges)[0]?.default;
  return (
    <>
      {SyncHost ? <SyncHost /> : null}
      {PendingChanges ? <PendingChanges /> : null}
    </>
  );
}

function SyncForSignedIn() {
  return useAuth().status === 'signedIn' ? <SignedInParts /> : null;
}

export function RouteBoundary({ chunk }: { chunk: string }) {
  const route = useRouteChunkActor(chunk);
  const Page = loadedRouteChunk(chunk);
  if (route.shows === 'page' && Page) {
    return (
      <>
        <SyncForSignedIn />
        <PageBoundary key={route.attempt} onError={route.pageFailed}>
          <Page />
        </PageBoundary>
      </>
    );
  }
  if (route.shows === 'loading' || route.shows === 'page') return <Loading />;
  if (route.shows === 'retrying') return <Loading>Trying again…</Loading>;
  return <RouteError shows={route.shows} onRetry={route.retry} onReload={route.reload} />;
}
