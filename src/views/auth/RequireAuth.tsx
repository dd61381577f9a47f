import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { routes } from '../shell/routes';
import { useAuth } from '../../app/auth/AuthContext';
import { askToKeepData } from '../../app/auth/keepData';

/** Protected routes: a loading state while the session is read, then the page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  // A caterer's business lives in this browser: once signed in, ask it to keep the data when space runs low.
  useEffect(() => {
    if (status === 'signedIn') askToKeepData();
  }, [status]);
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
