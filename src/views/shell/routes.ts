/** The route table of spec section 2. Paths match case-insensitively. */
export const routes = {
  home: '/',
  about: '/About',
  tutorials: '/tutorials',
  login: '/login',
  signup: '/signup',
  signout: '/signout',
  /** Where a password-reset e-mail's link lands (public). */
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  events: '/ManageEvents',
  /** Every event by month, week or agenda, and the .ics export (issue 21). */
  calendar: '/Calendar',
  inventory: '/Inventory',
  employees: '/EmployeeManagement',
  suppliers: '/SupplierManagement',
  /** Set-aside values: review, fix and put back, or discard (reached from the data view and the warning toast). */
  recovered: '/RecoveredData',
  /** Every machine's diagram, for reviewers (public). */
  statecharts: '/statecharts',
  /** The business profile: name, contact, tax, logo, deposit and balance rules (issue 22). */
  settings: '/Settings',
  /** Customers from the events' details, with what they owe (issue 22 part 6); one customer at /customers/:id. */
  customers: '/Customers',
} as const;

/**
 * Every page the router knows, in the order it tries them; a path none of them matches is the 404
 * page (`notFoundPage`). This one list drives the client's routes (App.tsx), the pages the build
 * prerenders (scripts/prerender.ts) and which paths the server answers with 404 (server/app.ts).
 *
 * - `page`: the page component's name (App.tsx loads each from its own chunk, the landing page apart);
 * - `access`: `protected` pages need a signed-in user; their prerendered HTML is only the layout and
 *   the session check's loading state, never a caterer's data;
 * - `prerender: false`: served as the bare app shell and rendered in the browser (a page that reads
 *   the address or the session as it renders). A path with `:params` is never prerendered.
 *
 * A new page is one entry here (and its loader in App.tsx, which the type checker asks for).
 */
export interface PageRoute {
  path: string;
  page: string;
  access: 'public' | 'protected';
  prerender?: false;
}

export const pageRoutes = [
  { path: routes.home, page: 'HomePage', access: 'public' },
  { path: routes.about, page: 'AboutPage', access: 'public' },
  { path: routes.tutorials, page: 'TutorialsPage', access: 'public' },
  { path: routes.login, page: 'LoginPage', access: 'public' },
  { path: routes.signup, page: 'SignupPage', access: 'public' },
  { path: routes.signout, page: 'SignedOutPage', access: 'public' },
  // supabase-js reads the recovery session from the link's address: rendered in the browser only.
  { path: routes.resetPassword, page: 'ResetPasswordPage', access: 'public', prerender: false },
  { path: routes.statecharts, page: 'StatechartsPage', access: 'public' },
  { path: routes.dashboard, page: 'DashboardPage', access: 'protected' },
  { path: routes.events, page: 'EventsPage', access: 'protected' },
  { path: routes.calendar, page: 'CalendarPage', access: 'protected' },
  { path: routes.inventory, page: 'InventoryPage', access: 'protected' },
  { path: routes.employees, page: 'EmployeesPage', access: 'protected' },
  { path: routes.suppliers, page: 'SuppliersPage', access: 'protected' },
  { path: routes.recovered, page: 'RecoveredDataPage', access: 'protected' },
  { path: routes.settings, page: 'SettingsPage', access: 'protected' },
  { path: routes.customers, page: 'CustomersPage', access: 'protected' },
] as const satisfies readonly PageRoute[];

export type PageName = (typeof pageRoutes)[number]['page'] | typeof notFoundPage;

/** Shown for every path no route matches (prerendered, and answered with status 404 by the server). */
export const notFoundPage = 'NotFoundPage';

/**
 * wouter parser: exact, case-insensitive, trailing slash allowed; a `:name` segment matches one
 * path segment and becomes a param.
 */
export function caseInsensitiveParser(route: string): { pattern: RegExp; keys: string[] } {
  if (route === '*' || route === '/*') return { pattern: /^.*$/, keys: [] };
  const keys: string[] = [];
  const source = route
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(segment.slice(1));
      return '([^/]+?)';
    })
    .join('/');
  return { pattern: new RegExp(`^${source}/?$`, 'i'), keys };
}

/** Whether a route's path has `:params` (such a route is rendered in the browser, never prerendered). */
export function hasParams(path: string): boolean {
  return caseInsensitiveParser(path).keys.length > 0;
}

/** The route the client router shows for `pathname`, or null for the 404 page. */
export function matchRoute(pathname: string): (typeof pageRoutes)[number] | null {
  return pageRoutes.find((route) => caseInsensitiveParser(route.path).pattern.test(pathname)) ?? null;
}
