import { ROUTES } from '../../app/routing/paths';

/**
 * The invitation a person is on the way to accept while they sign up, sign in and verify their
 * e-mail (several screens, maybe a reload): kept in the tab's session storage, so that the
 * verification page can lead back to it.
 */
const KEY = 'truenet.invitation';

export function invitationPath(token: string): string {
  return `${ROUTES.invitation}/${token}`;
}

export function rememberInvitation(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // Storage can be unavailable (private mode): the link in the e-mail still works.
  }
}

export function pendingInvitation(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // As above.
  }
}
