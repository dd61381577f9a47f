import { Menu } from '@ark-ui/react/menu';
import { useLocation } from 'wouter';
import { css, cx } from 'styled-system/css';
import type { ColorModePreference } from '../../machines/colorMode.machine';
import { useColorMode } from '../../app/shell/AppActors';
import { MenuIcon } from './MenuIcon';
import { menuItems } from './menuItems';
import { confirmLeave } from './unsaved';

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
const groupLabel = css({
  px: '4',
  pt: '2',
  pb: '1',
  fontSize: 'sm',
  color: 'fgMuted',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'border',
  mt: '1',
});
const radioItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  py: '2',
  cursor: 'pointer',
  fontWeight: 'bold',
  _highlighted: { bg: 'surfaceRaised', color: 'secondary' },
});
const indicator = css({ width: '4', textAlign: 'center' });
const modeChoices: Array<{ value: ColorModePreference; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];
const modePrefix = 'colour-mode:';
/** The nav menu (Ark UI Menu): every item; protected ones greyed but clickable when signed out. */
export default function NavMenu({
  signedIn,
  triggerClassName,
  defaultOpen,
}: {
  signedIn: boolean;
  triggerClassName: string;
  defaultOpen: boolean;
}) {
  const [, navigate] = useLocation();
  const colorMode = useColorMode();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      defaultOpen={defaultOpen}
      onSelect={({ value }) => (value.startsWith(modePrefix) || !confirmLeave() ? undefined : navigate(value))}
    >
      <Menu.Trigger className={triggerClassName} aria-label="Menu">
        <MenuIcon />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content className={menuContent}>
          {menuItems.map((item) => (
            <Menu.Item
              key={item.href}
              value={item.href}
              className={cx(menuItem, item.protected && !signedIn ? greyed : undefined)}
            >
              {item.label}
            </Menu.Item>
          ))}
          <Menu.RadioItemGroup
            value={modePrefix + colorMode.preference}
            onValueChange={({ value }) => colorMode.choose(value.slice(modePrefix.length) as ColorModePreference)}
          >
            <Menu.ItemGroupLabel className={groupLabel}>Colour mode</Menu.ItemGroupLabel>
            {modeChoices.map((choice) => (
              <Menu.RadioItem key={choice.value} value={modePrefix + choice.value} className={radioItem}>
                <span className={indicator} aria-hidden="true">
                  <Menu.ItemIndicator>●</Menu.ItemIndicator>
                </span>
                <Menu.ItemText>{choice.label}</Menu.ItemText>
              </Menu.RadioItem>
            ))}
          </Menu.RadioItemGroup>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
