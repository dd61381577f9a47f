import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { routes } from '../shell/routes';
import { useAuth } from './AuthContext';

/** Protected routes: a loading state while the session is read, then the page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'checking') {
    return (
      <p role="status" className={css({ p: '10', textAlign: 'center', fontFamily: 'heading' })}>
        Checking your session…
      </p>
    );
  }
  if (status === 'signedOut') return <Redirect to={routes.login} replace />;
  return <>{children}</>;
}
