import { Suspense, type ComponentType } from 'react';
import { Route, Router, Switch } from 'wouter';
import { AuthProvider } from './views/auth/AuthContext';
import { RequireAuth } from './views/auth/RequireAuth';
import { HomePage } from './views/pages/HomePage';
import { AppActorsProvider } from './views/shell/AppActors';
import { Layout } from './views/shell/Layout';
import { Loading } from './views/shell/Loading';
import { routePage } from './views/shell/RouteBoundary';
import { caseInsensitiveParser, routes } from './views/shell/routes';

// Every page but the landing page is a lazy chunk (and supabase-js loads only when needed): the landing page stays small.
// Each one renders behind its own error boundary inside the layout: Retry, back online, or reload for a new version.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  routePage(name, () => load().then((m) => m[name]));
const AboutPage = named(() => import('./views/pages/AboutPage'), 'AboutPage');
const NotFoundPage = named(() => import('./views/pages/NotFoundPage'), 'NotFoundPage');
const TutorialsPage = named(() => import('./views/pages/TutorialsPage'), 'TutorialsPage');
const LoginPage = named(() => import('./views/pages/LoginPage'), 'LoginPage');
const SignupPage = named(() => import('./views/pages/SignupPage'), 'SignupPage');
const ResetPasswordPage = named(() => import('./views/pages/ResetPasswordPage'), 'ResetPasswordPage');
const SignedOutPage = named(() => import('./views/pages/SignedOutPage'), 'SignedOutPage');
const DashboardPage = named(() => import('./views/pages/DashboardPage'), 'DashboardPage');
const EventsPage = named(() => import('./views/pages/EventsPage'), 'EventsPage');
const InventoryPage = named(() => import('./views/pages/InventoryPage'), 'InventoryPage');
const EmployeesPage = named(() => import('./views/pages/EmployeesPage'), 'EmployeesPage');
const SuppliersPage = named(() => import('./views/pages/SuppliersPage'), 'SuppliersPage');
const StatechartsPage = named(() => import('./views/pages/StatechartsPage'), 'StatechartsPage');
const RecoveredDataPage = named(() => import('./views/pages/RecoveredDataPage'), 'RecoveredDataPage');

const protectedRoutes: Array<[string, ComponentType]> = [
  [routes.dashboard, DashboardPage],
  [routes.events, EventsPage],
  [routes.inventory, InventoryPage],
  [routes.employees, EmployeesPage],
  [routes.suppliers, SuppliersPage],
  [routes.recovered, RecoveredDataPage],
];

export function App() {
  return (
    <AppActorsProvider>
      <AuthProvider>
        <Router parser={caseInsensitiveParser}>
          <Layout>
            <Suspense fallback={<Loading />}>
              <Switch>
                <Route path={routes.home} component={HomePage} />
                <Route path={routes.about} component={AboutPage} />
                <Route path={routes.tutorials} component={TutorialsPage} />
                <Route path={routes.login} component={LoginPage} />
                <Route path={routes.signup} component={SignupPage} />
                <Route path={routes.signout} component={SignedOutPage} />
                <Route path={routes.resetPassword} component={ResetPasswordPage} />
                <Route path={routes.statecharts} component={StatechartsPage} />
                {protectedRoutes.map(([path, Page]) => (
                  <Route key={path} path={path}>
                    <RequireAuth>
                      <Page />
                    </RequireAuth>
                  </Route>
                ))}
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </Layout>
        </Router>
      </AuthProvider>
    </AppActorsProvider>
  );
}
