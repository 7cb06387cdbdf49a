/** Remembered by the registration form, so the payment retry can offer the account just made. */
export const REGISTERED_USER_KEY = 'truenet.registeredUser';

export function rememberRegisteredUser(userName: string): void {
  try {
    window.sessionStorage.setItem(REGISTERED_USER_KEY, userName);
  } catch {
    // Storage refused (private mode): the person types the username instead.
  }
}

export function registeredUser(): string {
  try {
    return window.sessionStorage.getItem(REGISTERED_USER_KEY) ?? '';
  } catch {
    return '';
  }
}
