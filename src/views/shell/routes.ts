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
} as const;

export interface MenuItem {
  label: string;
  href: string;
  /** Greyed (still clickable) when signed out. */
  protected: boolean;
}

export const menuItems: MenuItem[] = [
  { label: 'home', href: routes.home, protected: false },
  { label: 'About', href: routes.about, protected: false },
  { label: 'Dashboard', href: routes.dashboard, protected: true },
  { label: 'Events', href: routes.events, protected: true },
  { label: 'Inventory', href: routes.inventory, protected: true },
  { label: 'Employees', href: routes.employees, protected: true },
  { label: 'Suppliers', href: routes.suppliers, protected: true },
  { label: 'Learn', href: routes.tutorials, protected: false },
  { label: 'login', href: routes.login, protected: false },
  { label: 'signup', href: routes.signup, protected: false },
  { label: 'signout', href: routes.signout, protected: false },
];

/** wouter parser: exact, case-insensitive, trailing slash allowed. */
export function caseInsensitiveParser(route: string): { pattern: RegExp; keys: string[] } {
  if (route === '*' || route === '/*') return { pattern: /^.*$/, keys: [] };
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/$/, '');
  return { pattern: new RegExp(`^${escaped}/?$`, 'i'), keys: [] };
}
