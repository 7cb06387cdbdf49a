import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { refreshSession, startedPageLoadRefresh } from './authApi';
import { hasSessionFlag, onSessionLost, sessionStore, type SessionState } from './sessionStore';
import { isProtectedPath, ROUTES } from '../routing/paths';

/** The current session; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/**
 * Runs the silent refresh of every page load and routes a session lost mid-way to /login.
 * Must sit inside the router.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status } = useSession();

  useEffect(() => {
    let active = true;
    if (sessionStore.getState().status === 'refreshing') {
      (startedPageLoadRefresh() ?? refreshSession()).catch(() => {
        if (!active || sessionStore.getState().status !== 'refreshing') return;
        // A tab that held a session and fails to renew it leaves its protected page for `/`.
        sessionStore.clear(hasSessionFlag() ? 'expired' : 'signedOut');
      });
    }
    return () => {
      active = false;
    };
  }, []);

  // Once the user has left the protected page, the expiry has done its job.
  useEffect(() => {
    if (status === 'expired' && !isProtectedPath(pathname)) sessionStore.clear('signedOut');
  }, [status, pathname]);

  useEffect(
    () =>
      onSessionLost(() => {
        void navigate(ROUTES.login, { replace: true });
      }),
    [navigate],
  );

  return <>{children}</>;
}
