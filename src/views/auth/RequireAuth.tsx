import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { css } from 'styled-system/css';
import { routes } from '../shell/routes';
import { useAuth } from '../../app/auth/AuthContext';
import { askToKeepData } from '../../app/auth/keepData';

/** Changes kept while storage was full (issue 25, item 12): their own chunk, loaded on signed-in pages only. */
const PendingChanges = lazy(() => import('../shell/PendingChanges'));

/** Protected routes: a loading state while the session is read, then the page or /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, userId } = useAuth();
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
  return (
    <>
      {userId ? (
        <Suspense fallback={null}>
          {/* A new actor for another account: one account's kept changes are never shown to another. */}
          <PendingChanges key={userId} owner={userId} />
        </Suspense>
      ) : null}
      {children}
    </>
  );
}
