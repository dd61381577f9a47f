/**
 * The nav menu's entries. Apart from routes.ts so that only the menu's chunk (idle-loaded) carries
 * them, not the landing page's first load.
 */
import { routes } from './routes';

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
  { label: 'Calendar', href: routes.calendar, protected: true },
  { label: 'Inventory', href: routes.inventory, protected: true },
  { label: 'Employees', href: routes.employees, protected: true },
  { label: 'Suppliers', href: routes.suppliers, protected: true },
  { label: 'Customers', href: routes.customers, protected: true },
  { label: 'Settings', href: routes.settings, protected: true },
  { label: 'Learn', href: routes.tutorials, protected: false },
  { label: 'login', href: routes.login, protected: false },
  { label: 'signup', href: routes.signup, protected: false },
  { label: 'signout', href: routes.signout, protected: false },
];
