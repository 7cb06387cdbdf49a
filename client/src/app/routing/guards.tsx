import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { useSession } from '../session/SessionProvider';
import { hasSessionFlag, hasSignedInHint, isSignedIn } from '../session/sessionStore';
import { requiredRouteForStatus, ROUTES, type FromState } from './paths';

/**
 * Protected routes: an unauthenticated user goes to loginhome, unless a session refresh is in
 * progress in a tab that held a session (the session-storage flag), in which case the page waits
 * and is shown once the refresh succeeds. A failed silent refresh sends the user to `/`, remembering
 * the origin. Status 3 must change its password first; status 999 and above must verify its e-mail.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const from: FromState = { from: location.pathname + location.search };

  if (isSignedIn(session)) {
    const required = requiredRouteForStatus(session.account?.accountStatus ?? 1);
    if (required && location.pathname !== required) return <Navigate to={required} replace />;
    return <Outlet />;
  }
  if (session.status === 'refreshing' && hasSessionFlag()) return <PageSpinner label="Loading ..." />;
  if (session.status === 'expired') return <Navigate to={ROUTES.landing} replace state={from} />;
  return <Navigate to={ROUTES.loginhome} replace state={from} />;
}

/**
 * Landing, login, createaccount and resetpassword send a signed-in user to userhome; while the
 * silent refresh runs for a browser that was signed in, they wait instead of showing themselves.
 */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (isSignedIn(session)) return <Navigate to={ROUTES.userhome} replace />;
  // Someone who was signed in at their last visit is most likely on the way to the dashboard.
  if (session.status === 'refreshing' && hasSignedInHint()) return <PageSpinner label="Loading ..." />;
  return <Outlet />;
}
