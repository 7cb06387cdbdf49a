import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from './RouteFallback';
import { useSession } from '../session/SessionProvider';
import { hasSessionFlag, hasSignedInHint, isSignedIn } from '../session/sessionStore';
import { destinationAfterSignIn, forgetDestination, rememberDestination } from './destination';
import { requiredRouteForStatus, ROUTES, type FromState } from './paths';

/**
 * Protected routes: an unauthenticated user goes to loginhome, unless a session refresh is in
 * progress in a tab or browser that held a session (the tab's flag or the browser's hint), in
 * which case the page waits and is shown once the refresh succeeds. A failed silent refresh sends
 * the user to `/`. Either way the page asked for is remembered (destination.ts) and opened after
 * signing in. Status 3 must change its password first; status 999 and above must verify its e-mail.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const from: FromState = { from: location.pathname + location.search };
  const signedIn = isSignedIn(session);
  useEffect(() => {
    if (signedIn) forgetDestination();
  }, [signedIn]);

  if (signedIn) {
    const required = requiredRouteForStatus(session.account?.accountStatus ?? 1);
    if (required && location.pathname !== required) return <Navigate to={required} replace />;
    return <Outlet />;
  }
  if (session.status === 'refreshing' && (hasSessionFlag() || hasSignedInHint())) {
    return <RouteFallback />;
  }
  return (
    <LeaveFor
      to={session.status === 'expired' ? ROUTES.landing : ROUTES.loginhome}
      from={from}
      remember={!session.ended}
    />
  );
}

/**
 * Leaves a protected page for a public one, remembering the page when the person was on the way to
 * it (a link opened signed out), not when they just signed out of it (render-time storage is
 * idempotent).
 */
function LeaveFor({ to, from, remember }: { to: string; from: FromState; remember: boolean }) {
  if (remember && from.from) rememberDestination(from.from);
  return <Navigate to={to} replace state={from} />;
}

/**
 * Landing, login, createaccount and resetpassword send a signed-in user on: to the signed-in page a
 * link asked for before the sign-in (destination.ts), else to userhome. While the
 * silent refresh runs for a browser that was signed in, they wait instead of showing themselves.
 */
export function RedirectIfSignedIn() {
  const session = useSession();
  if (isSignedIn(session)) return <Navigate to={destinationAfterSignIn()} replace />;
  // Someone who was signed in at their last visit is most likely on the way to the dashboard.
  if (session.status === 'refreshing' && hasSignedInHint()) {
    return <RouteFallback path={destinationAfterSignIn()} />;
  }
  return <Outlet />;
}
