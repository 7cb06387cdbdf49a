import manifest from '../../gql/persisted-documents.json';
import type { AuthFieldsFragment, LoginMutation } from '../../gql/graphql';
import { forgetRefreshInFlight } from '../session/authApi';
import { SESSION_FLAG_KEY, sessionStore } from '../session/sessionStore';

/** A valid login/refresh answer; tests override only what matters to them. */
export function buildAuthPayload(
  overrides: Partial<AuthFieldsFragment> = {},
): AuthFieldsFragment & { __typename: 'AuthPayload' } {
  return {
    __typename: 'AuthPayload',
    accessToken: 'access-1',
    uid: 7,
    role: 'user',
    user: 'jdoe',
    name: 'Jane Doe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    accountStatus: 1,
    ...overrides,
  };
}

/** A fresh page load: no session in memory; the session-storage flag as the previous page left it. */
export function simulatePageLoad({ flag }: { flag: boolean }): void {
  sessionStore.reset();
  forgetRefreshInFlight();
  if (flag) window.sessionStorage.setItem(SESSION_FLAG_KEY, '1');
  else window.sessionStorage.removeItem(SESSION_FLAG_KEY);
}

export function signInForTest(overrides: Partial<AuthFieldsFragment> = {}): void {
  sessionStore.signIn(buildAuthPayload(overrides));
}

interface FakeResponse {
  ok: boolean;
  status: number;
  json: () => Promise<unknown>;
}

export function jsonResponse(body: unknown, status = 200): FakeResponse {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

type FetchHandler = (
  operationName: string,
  body: { variables?: unknown; extensions?: { persistedQuery?: { sha256Hash?: string } } },
) => Promise<FakeResponse>;

/** The operation a request names: the web client sends a trusted document's hash, not its text. */
function operationNameOf(body: Parameters<FetchHandler>[1]): string {
  const text = (manifest as Record<string, string>)[`sha256:${body.extensions?.persistedQuery?.sha256Hash}`];
  return /(?:mutation|query)\s+(\w+)/.exec(text ?? '')?.[1] ?? '';
}

/**
 * Replaces `fetch` (used by the session calls) with a handler keyed by operation name.
 * Returns the jest mock to inspect calls.
 */
export function mockSessionFetch(handler: FetchHandler): jest.Mock {
  const mock = jest.fn(async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Parameters<FetchHandler>[1];
    return handler(operationNameOf(body), body);
  });
  (globalThis as unknown as { fetch: unknown }).fetch = mock;
  return mock;
}

/** The refresh answers of the common cases. */
export const refreshSucceeds = (overrides: Partial<AuthFieldsFragment> = {}) =>
  mockSessionFetch(async (name) =>
    name === 'RefreshSession'
      ? jsonResponse({ data: { refreshSession: buildAuthPayload(overrides) } })
      : jsonResponse({ data: { logout: true } }),
  );

/**
 * A refresh that is still in flight until the test answers it, as on a slow network: returns the
 * function that answers it with a successful refresh.
 */
export function refreshAnsweredLater(): (overrides?: Partial<AuthFieldsFragment>) => void {
  let answer: (response: FakeResponse) => void = () => undefined;
  mockSessionFetch(
    () =>
      new Promise<FakeResponse>((resolve) => {
        answer = resolve;
      }),
  );
  return (overrides = {}) => answer(jsonResponse({ data: { refreshSession: buildAuthPayload(overrides) } }));
}

export const refreshFails = () =>
  mockSessionFetch(async () =>
    jsonResponse(
      { errors: [{ message: 'No session', extensions: { code: 'UNAUTHENTICATED' } }], data: null },
      401,
    ),
  );

/** A `login` answer: signed in (the AuthPayload fields) unless two-factor asks for a code. */
export function buildLoginPayload(
  overrides: Partial<AuthFieldsFragment> & { twoFactorToken?: string } = {},
): LoginMutation['login'] & { __typename: 'LoginPayload' } {
  const { twoFactorToken, ...fields } = overrides;
  if (twoFactorToken) {
    return {
      __typename: 'LoginPayload',
      twoFactorRequired: true,
      twoFactorToken,
      accessToken: null,
      uid: null,
      role: null,
      user: null,
      name: null,
      firstName: null,
      lastName: null,
      email: null,
      accountStatus: null,
    };
  }
  const { __typename: _type, ...auth } = buildAuthPayload(fields);
  return { __typename: 'LoginPayload', twoFactorRequired: false, twoFactorToken: null, ...auth };
}
