import { Suspense, type ComponentType } from 'react';
import { Route, Router, Switch } from 'wouter';
import { RequireAuth } from './views/auth/RequireAuth';
import { HomePage } from './views/pages/HomePage';
import { AppActorsProvider } from './app/shell/AppActors';
import { Layout } from './views/shell/Layout';
import { Loading } from './views/shell/Loading';
import { loadRouteBoundary, routePage } from './views/shell/routePage';
import { loadRouteChunk } from './views/shell/routeChunks';
import { caseInsensitiveParser, matchRoute, notFoundPage, pageRoutes, type PageName } from './views/shell/routes';

// Every page but the landing page is a lazy chunk (and supabase-js loads only when needed): the landing page stays small.
// Each one renders behind its own error boundary inside the layout: Retry, back online, or reload for a new version.
// Which path shows which page is the route table in views/shell/routes.ts; here is only how each page loads.
// A page module may also export `prepare`: work done ahead of the page's first render, in slices, while its
// code loads and the session is checked (the Dashboard reads its big lists: issue 23). The page is shown once
// it has resolved.
type PageModule<K extends string> = Record<K, ComponentType> & { prepare?: () => Promise<void> };
const named = <K extends string>(load: () => Promise<PageModule<K>>, name: K) =>
  routePage(name, async () => {
    const page = await load();
    await page.prepare?.();
    return page[name];
  });
const pages: Record<PageName, ComponentType> = {
  HomePage,
  AboutPage: named(() => import('./views/pages/AboutPage'), 'AboutPage'),
  NotFoundPage: named(() => import('./views/pages/NotFoundPage'), 'NotFoundPage'),
  TutorialsPage: named(() => import('./views/pages/TutorialsPage'), 'TutorialsPage'),
  LoginPage: named(() => import('./views/pages/LoginPage'), 'LoginPage'),
  SignupPage: named(() => import('./views/pages/SignupPage'), 'SignupPage'),
  ResetPasswordPage: named(() => import('./views/pages/ResetPasswordPage'), 'ResetPasswordPage'),
  SignedOutPage: named(() => import('./views/pages/SignedOutPage'), 'SignedOutPage'),
  DashboardPage: named(() => import('./views/pages/DashboardPage'), 'DashboardPage'),
  EventsPage: named(() => import('./views/pages/EventsPage'), 'EventsPage'),
  CalendarPage: named(() => import('./views/pages/CalendarPage'), 'CalendarPage'),
  InventoryPage: named(() => import('./views/pages/InventoryPage'), 'InventoryPage'),
  EmployeesPage: named(() => import('./views/pages/EmployeesPage'), 'EmployeesPage'),
  SuppliersPage: named(() => import('./views/pages/SuppliersPage'), 'SuppliersPage'),
  RecoveredDataPage: named(() => import('./views/pages/RecoveredDataPage'), 'RecoveredDataPage'),
  SettingsPage: named(() => import('./views/pages/SettingsPage'), 'SettingsPage'),
  CustomersPage: named(() => import('./views/pages/CustomersPage'), 'CustomersPage'),
  StatechartsPage: named(() => import('./views/pages/StatechartsPage'), 'StatechartsPage'),
};
const NotFound = pages[notFoundPage];

/**
 * Loads the chunk of the page `pathname` shows, so that a render of it shows the page at once (not
 * "Loading…"): before prerendering it, and before hydrating the prerendered markup. A protected
 * page's markup is the session check's loading state, so hydration does not wait for its chunk; it is
 * loaded during the check, so the page is there when the check ends (not a Suspense fallback, which
 * React 19 then holds for 300 ms, and a second wait for the page's own chunk after it).
 */
export async function loadPageFor(pathname: string): Promise<void> {
  const route = matchRoute(pathname);
  const page = route ? route.page : notFoundPage;
  if (page === 'HomePage') return;
  const loading = Promise.all([loadRouteChunk(page), loadRouteBoundary()]);
  if (route?.access !== 'protected') await loading;
  else loading.catch(() => undefined);
}

/** `ssrPath`: the path to render when prerendering at build time (src/entry-server.tsx); the browser's address otherwise. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <AppActorsProvider>
      <Router parser={caseInsensitiveParser} ssrPath={ssrPath}>
        <Layout>
          <Suspense fallback={<Loading />}>
            <Switch>
              {pageRoutes.map(({ path, page, access }) => {
                const Page = pages[page];
                return access === 'protected' ? (
                  <Route key={path} path={path}>
                    <RequireAuth>
                      <Page />
                    </RequireAuth>
                  </Route>
                ) : (
                  <Route key={path} path={path} component={Page} />
                );
              })}
              <Route component={NotFound} />
            </Switch>
          </Suspense>
        </Layout>
      </Router>
    </AppActorsProvider>
  );
}
