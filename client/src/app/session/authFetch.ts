import { refreshSession } from './authApi';
import { endLostSession, sessionStore } from './sessionStore';
import { householdHeader } from './tabHousehold';

function withBearer(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  const token = sessionStore.getAccessToken();
  if (token) {
    headers.set('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(householdHeader())) headers.set(name, value);
  }
  return { credentials: 'same-origin', ...init, headers };
}

/**
 * `fetch` for the REST compatibility paths, with the same rule as the Apollo link: a 401 or 403
 * refreshes the token once and retries the request once; a failed refresh ends the session (/login).
 */
export async function authFetch(input: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, withBearer(init));
  if (response.status !== 401 && response.status !== 403) return response;
  try {
    await refreshSession();
  } catch {
    endLostSession();
    return response;
  }
  return fetch(input, withBearer(init));
}
