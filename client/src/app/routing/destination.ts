import { isProtectedPath, ROUTES } from './paths';

/**
 * The signed-in screen a person was on the way to when the app had to ask who they are (a link in
 * a reminder e-mail opened in a fresh tab, a session that expired). Kept in the tab's session
 * storage, not in the router's state, because the way back can pass through several screens
 * (loginhome, then login, then a two-factor step) or a reload.
 */
const DESTINATION_KEY = 'truenet.destination';

/** The screens worth coming back to after signing in: the signed-in ones, and an invitation. */
function worthReturningTo(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return isProtectedPath(pathname) || pathname.startsWith(`${ROUTES.invitation}/`);
}

export function rememberDestination(path: string): void {
  if (!worthReturningTo(path)) return;
  try {
    window.sessionStorage.setItem(DESTINATION_KEY, path);
  } catch {
    // Storage can be unavailable (private mode): the person then lands on the dashboard.
  }
}

/** Where to go once signed in: the remembered screen, else the dashboard. */
export function destinationAfterSignIn(): string {
  let path: string | null = null;
  try {
    path = window.sessionStorage.getItem(DESTINATION_KEY);
  } catch {
    // As above.
  }
  return path && worthReturningTo(path) ? path : ROUTES.userhome;
}

/** Called once a signed-in screen shows: the way there is done. */
export function forgetDestination(): void {
  try {
    window.sessionStorage.removeItem(DESTINATION_KEY);
  } catch {
    // As above.
  }
}
