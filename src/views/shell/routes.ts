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
  inventory: '/Inventory',
  employees: '/EmployeeManagement',
  suppliers: '/SupplierManagement',
  /** Set-aside values: review, fix and put back, or discard (reached from the data view and the warning toast). */
  recovered: '/RecoveredData',
  /** Every machine's diagram, for reviewers (public). */
  statecharts: '/statecharts',
} as const;

/** wouter parser: exact, case-insensitive, trailing slash allowed. */
export function caseInsensitiveParser(route: string): { pattern: RegExp; keys: string[] } {
  if (route === '*' || route === '/*') return { pattern: /^.*$/, keys: [] };
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/$/, '');
  return { pattern: new RegExp(`^${escaped}/?$`, 'i'), keys: [] };
}
