/**
 * Each lazily loaded route renders through its own RouteBoundary, inside the layout: the
 * routeChunk statechart loads the page's chunk and, when that fails, shows RouteError with Retry
 * (also run when the browser comes back online) or, after a redeploy, "A new version is available".
 */
import { Component, type ReactNode } from 'react';
import { useRouteChunkActor } from '../../app/shell/useRouteChunkActor';
import { Loading } from './Loading';
import { RouteError } from './RouteError';
import { loadedRouteChunk } from './routeChunks';

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

export function RouteBoundary({ chunk }: { chunk: string }) {
  const route = useRouteChunkActor(chunk);
  const Page = loadedRouteChunk(chunk);
  if (route.shows === 'page' && Page) {
    return (
      <PageBoundary key={route.attempt} onError={route.pageFailed}>
        <Page />
      </PageBoundary>
    );
  }
  if (route.shows === 'loading' || route.shows === 'page') return <Loading />;
  if (route.shows === 'retrying') return <Loading>Trying again…</Loading>;
  return <RouteError shows={route.shows} onRetry={route.retry} onReload={route.reload} />;
}
