import type { AuthFieldsFragment } from '../../gql/graphql';
import { SIGNED_IN_HINT_KEY } from '../prerendered';
import { tabHousehold } from './tabHousehold';

/** The signed-in identity (the product specification, "Auth session"). The access token lives in memory only. */
export interface AuthSession {
  uid: number;
  user: string;
  roles: string[];
  accessToken: string;
}

/** The account fields that login and refresh responses carry. */
export interface SessionAccount {
  firstName: string;
  lastName: string;
  email: string;
  accountStatus: number;
}

/**
 * - `refreshing`: the silent refresh of a page load is in progress;
 * - `signedIn`: uid above 0;
 * - `signedOut`: nobody is signed in;
 * - `expired`: the silent refresh of this page load failed (protected pages go to `/`).
 */
export type SessionStatus = 'refreshing' | 'signedIn' | 'signedOut' | 'expired';

export interface SessionState {
  status: SessionStatus;
  auth: AuthSession | null;
  account: SessionAccount | null;
  /** The session was ended on this page (logout, a lost session), not missing from the start. */
  ended?: boolean;
}

/**
 * The session-storage flag: set while this browser tab holds a session, so that after a reload the
 * refresh in progress does not eject a protected page and the user stays on the page they were on.
 */
export const SESSION_FLAG_KEY = 'truenet.session';

export function hasSessionFlag(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

/** This browser was signed in at its last visit (app/prerendered.ts): the refresh will likely succeed. */
export function hasSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * A page load that will most likely show the dashboard: the dashboard's own address, or the landing
 * page in a browser that was signed in (it goes on to the dashboard).
 */
export function expectsDashboard(hash: string): boolean {
  const route = hash.replace(/^#/, '').split('?')[0] || '/';
  return route === '/userhome' || (route === '/' && (hasSessionFlag() || hasSignedInHint()));
}

/** The tab's flag and the browser's hint, written and cleared with the session. */
function writeSessionMarks(on: boolean): void {
  try {
    if (on) {
      window.sessionStorage.setItem(SESSION_FLAG_KEY, '1');
      window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    } else {
      window.sessionStorage.removeItem(SESSION_FLAG_KEY);
      window.localStorage.removeItem(SIGNED_IN_HINT_KEY);
    }
  } catch {
    // Storage can be unavailable (private mode); the session then simply does not survive reloads.
  }
}

type Listener = () => void;

const initialState: SessionState = { status: 'refreshing', auth: null, account: null };
let state: SessionState = initialState;
const listeners = new Set<Listener>();

function setState(next: SessionState): void {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  getState(): SessionState {
    return state;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getAccessToken(): string | null {
    return state.auth?.accessToken ?? null;
  },
  /** Sets session and account from a login, refresh or change-password response. */
  signIn(payload: AuthFieldsFragment): void {
    writeSessionMarks(true);
    setState({
      status: 'signedIn',
      auth: { uid: payload.uid, user: payload.user, roles: [payload.role], accessToken: payload.accessToken },
      account: {
        firstName: payload.firstName,
        lastName: payload.lastName,
        email: payload.email,
        accountStatus: payload.accountStatus,
      },
    });
  },
  updateAccount(patch: Partial<SessionAccount>): void {
    if (!state.account) return;
    setState({ ...state, account: { ...state.account, ...patch } });
  },
  /** Clears the session. `expired` marks a failed silent refresh of the page load. */
  clear(status: 'signedOut' | 'expired' = 'signedOut'): void {
    writeSessionMarks(false);
    tabHousehold.forget();
    setState({ status, auth: null, account: null, ended: state.status === 'signedIn' });
  },
  /** Back to the state of a fresh page load (tests simulate a reload with it). */
  reset(): void {
    setState(initialState);
  },
};

export function isSignedIn(s: SessionState): boolean {
  return s.status === 'signedIn' && (s.auth?.uid ?? 0) > 0;
}

type LostListener = () => void;
const lostListeners = new Set<LostListener>();

/**
 * A token refresh failed in the middle of the session: the session is cleared and the app goes to
 * /login (the router listens through `onSessionLost`).
 */
export function endLostSession(): void {
  sessionStore.clear('signedOut');
  lostListeners.forEach((listener) => listener());
}

export function onSessionLost(listener: LostListener): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}
