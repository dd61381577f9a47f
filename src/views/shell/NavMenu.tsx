import { Menu } from '@ark-ui/react/menu';
import { useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import { MenuIcon } from './MenuIcon';
import { menuItems } from './routes';

const menuContent = css({
  bg: 'surface',
  color: 'fg',
  borderWidth: '2px',
  borderColor: 'border',
  boxShadow: 'lg',
  minW: '220px',
  maxH: '70vh',
  overflowY: 'auto',
  py: '1',
  outline: 'none',
  zIndex: 20,
  _open: { animation: 'menuIn token(durations.menuEnter) ease-out' },
  _closed: { animation: 'menuOut token(durations.menuExit) ease-in' },
});
const menuItem = css({
  display: 'block',
  px: '4',
  py: '2',
  fontFamily: 'heading',
  fontWeight: 'bold',
  cursor: 'pointer',
  color: 'fg',
  textDecoration: 'none',
  _highlighted: { bg: 'surfaceRaised', color: 'secondary' },
});
const greyed = css({ color: 'disabledFg', fontWeight: 'normal' });
/** The nav menu (Ark UI Menu): every item; protected ones greyed but clickable when signed out. */
export default function NavMenu({ signedIn, triggerClassName, defaultOpen }: { signedIn: boolean; triggerClassName: string; defaultOpen: boolean }) {
  const [, navigate] = useLocation();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen} onSelect={({ value }) => navigate(value)}>
      <Menu.Trigger className={triggerClassName} aria-label="Menu">
        <MenuIcon />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={menuContent}>
          {menuItems.map((item) => (
            <Menu.Item key={item.href} value={item.href} className={cx(menuItem, item.protected && !signedIn ? greyed : undefined)}>
              {item.label}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
