import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useAuth } from '../auth/AuthContext';
import { useColorMode, useSound } from './AppActors';
import { Logo } from './Logo';
import { NavMenuLauncher } from './NavMenuLauncher';
import { useHydrated } from './hydration';
import { routes } from './routes';

const bar = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  px: { base: '3', md: '6' },
  py: '2',
  bg: 'surface',
  borderBottomWidth: '3px',
  borderColor: 'primary',
  position: 'sticky',
  top: '0',
  zIndex: 10,
});
const brand = css({ display: 'flex', alignItems: 'center', gap: '3', textDecoration: 'none', color: 'fg', minW: 0 });
const brandName = css({
  fontFamily: 'heading',
  fontWeight: 'bold',
  fontSize: { base: 'lg', md: '2xl' },
  color: 'primary',
  lineHeight: '1.1',
});
const subtitle = css({
  fontSize: 'xs',
  color: 'fgMuted',
  display: 'block',
  lineHeight: '1.2',
  overflowWrap: 'anywhere',
});
const iconButton = css({
  display: 'inline-grid',
  placeItems: 'center',
  width: { base: '9', sm: '10' },
  height: { base: '9', sm: '10' },
  bg: 'transparent',
  color: 'fg',
  borderWidth: '2px',
  borderColor: 'border',
  cursor: 'pointer',
  _hover: { borderColor: 'secondary', color: 'secondary' },
  _disabled: { cursor: 'progress' },
});
const loginButton = css({
  fontFamily: 'heading',
  fontWeight: 'bold',
  fontSize: '16px',
  px: { base: '2', sm: '4' },
  py: '2',
  bg: 'primary',
  color: 'onSolid',
  textDecoration: 'none',
  borderWidth: '2px',
  borderColor: 'primary',
  _hover: { bg: 'primaryHover' },
});
function MoonIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}
function SunIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <path d="M12 1.5v3M12 19.5v3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M1.5 12h3M19.5 12h3M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" />
    </svg>
  );
}
function SpeakerIcon({ muted }: { muted: boolean }) {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? <path d="M16 9l6 6M22 9l-6 6" /> : <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />}
    </svg>
  );
}

export function NavBar() {
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  const colorMode = useColorMode();
  const sound = useSound();
  const modeTitle = colorMode.isDark ? 'Light Mode' : 'Dark Mode';
  const muteLabel = sound.muted ? 'Unmute Button Sounds' : 'Mute Button Sounds';
  // Prerendered, the bar is on screen before the app has started: its buttons are disabled until then,
  // so a press is never silently lost.
  const started = useHydrated();

  return (
    <header className={bar}>
      <Link
        href={signedIn ? routes.dashboard : routes.home}
        className={brand}
        aria-label={signedIn ? 'Cater Captain: dashboard' : 'Cater Captain: home'}
      >
        <Logo />
        <span className={css({ minW: 0 })}>
          <span className={brandName}>Cater Captain</span>
          <span className={subtitle}>Get Coding - Module 2 PROJECT</span>
        </span>
      </Link>
      <nav
        aria-label="Main"
        className={css({ display: 'flex', alignItems: 'center', gap: { base: '1', sm: '2' }, flexShrink: 0 })}
      >
        {!signedIn ? (
          <Link href={routes.login} className={loginButton}>
            Login
          </Link>
        ) : null}
        <button
          type="button"
          className={iconButton}
          disabled={!started}
          onClick={sound.toggle}
          aria-label={muteLabel}
          title={muteLabel}
        >
          <SpeakerIcon muted={sound.muted} />
        </button>
        <button
          type="button"
          className={iconButton}
          disabled={!started}
          onClick={colorMode.toggle}
          aria-label={modeTitle}
          title={modeTitle}
        >
          {colorMode.isDark ? <SunIcon /> : <MoonIcon />}
        </button>
        <NavMenuLauncher signedIn={signedIn} triggerClassName={iconButton} disabled={!started} />
      </nav>
    </header>
  );
}
