import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { NavBar } from './NavBar';
import { LazyToaster } from './LazyToaster';
import { StatechartsLauncher } from './StatechartsLauncher';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column' })}>
      <a
        href="#main"
        className={css({
          srOnly: true,
          _focus: { srOnly: false, position: 'absolute', p: '2', bg: 'surface', zIndex: 50 },
        })}
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" className={css({ flex: '1', display: 'flex', flexDirection: 'column' })}>
        {children}
      </main>
      <footer
        className={css({
          borderTopWidth: '3px',
          borderColor: 'primary',
          bg: 'surface',
          py: '4',
          px: '6',
          textAlign: 'center',
          fontSize: 'sm',
          color: 'fgMuted',
        })}
        suppressHydrationWarning
      >
        © {new Date().getFullYear()} Cater Captain. All rights reserved.
        <StatechartsLauncher
          className={css({
            color: 'link',
            textDecoration: 'underline',
            cursor: 'pointer',
            ml: '2',
            _disabled: { cursor: 'progress' },
          })}
        />
      </footer>
      <LazyToaster />
    </div>
  );
}
