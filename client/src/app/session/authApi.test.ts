import { logout, postGraphQL, refreshSession, startedPageLoadRefresh, startPageLoadRefresh } from './authApi';
import { EARLY_REFRESH_KEY } from './graphQLRequest';
import { SESSION_FLAG_KEY, sessionStore } from './sessionStore';
import { RefreshSessionDocument } from '../../gql/graphql';
import {
  buildAuthPayload,
  jsonResponse,
  mockSessionFetch,
  signInForTest,
  simulatePageLoad,
} from '../testing/session';

beforeEach(() => simulatePageLoad({ flag: false }));

describe('refreshSession', () => {
  it('sets session and account, and keeps the token in memory only', async () => {
    mockSessionFetch(async () =>
      jsonResponse({ data: { refreshSession: buildAuthPayload({ accessToken: 'abc' }) } }),
    );
    await expect(refreshSession()).resolves.toBe('abc');
    expect(sessionStore.getAccessToken()).toBe('abc');
    expect(window.sessionStorage.getItem(SESSION_FLAG_KEY)).toBe('1');
    expect(JSON.stringify(window.sessionStorage)).not.toContain('abc');
    expect(JSON.stringify(window.localStorage)).not.toContain('abc');
  });

  it('shares one request between concurrent callers', async () => {
    const fetchMock = mockSessionFetch(async () =>
      jsonResponse({ data: { refreshSession: buildAuthPayload() } }),
    );
    await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends cookies (same origin) to /graphql', async () => {
    const fetchMock = mockSessionFetch(async () =>
      jsonResponse({ data: { refreshSession: buildAuthPayload() } }),
    );
    await refreshSession();
    expect(fetchMock).toHaveBeenCalledWith(
      '/graphql',
      expect.objectContaining({ credentials: 'same-origin', method: 'POST' }),
    );
  });

  it('rejects when the server refuses', async () => {
    mockSessionFetch(async () => jsonResponse({ errors: [{ message: 'No session' }], data: null }, 401));
    await expect(refreshSession()).rejects.toMatchObject({ status: 401 });
  });
});

describe('startPageLoadRefresh', () => {
  const page = window as unknown as Record<string, unknown>;
  afterEach(() => {
    delete page[EARLY_REFRESH_KEY];
  });

  it('takes over the refresh the page sent while it was parsed, and sends none of its own', async () => {
    const fetchMock = mockSessionFetch(async () =>
      jsonResponse({ data: { refreshSession: buildAuthPayload({ accessToken: 'own' }) } }),
    );
    page[EARLY_REFRESH_KEY] = Promise.resolve(
      jsonResponse({ data: { refreshSession: buildAuthPayload({ accessToken: 'early' }) } }),
    );
    startPageLoadRefresh();
    // A caller meanwhile (the first 401 of a query) shares it too.
    const shared = refreshSession();
    await expect(startedPageLoadRefresh()).resolves.toBe('early');
    await expect(shared).resolves.toBe('early');
    expect(sessionStore.getAccessToken()).toBe('early');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(page[EARLY_REFRESH_KEY]).toBeUndefined();
  });

  it('reads a refused early refresh as the page would its own', async () => {
    page[EARLY_REFRESH_KEY] = Promise.resolve(jsonResponse({ errors: [{ message: 'No session' }] }, 401));
    startPageLoadRefresh();
    await expect(startedPageLoadRefresh()).rejects.toMatchObject({ status: 401 });
  });

  it("reads an early refresh that never reached the server as 'No Server Response'", async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    page[EARLY_REFRESH_KEY] = failed;
    startPageLoadRefresh();
    await expect(startedPageLoadRefresh()).rejects.toMatchObject({
      message: 'No Server Response',
      status: 0,
    });
  });

  it('sends its own where the page sent none', async () => {
    const fetchMock = mockSessionFetch(async () =>
      jsonResponse({ data: { refreshSession: buildAuthPayload({ accessToken: 'own' }) } }),
    );
    startPageLoadRefresh();
    await expect(startedPageLoadRefresh()).resolves.toBe('own');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('postGraphQL', () => {
  it("reports no response as 'No Server Response'", async () => {
    mockSessionFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(postGraphQL(RefreshSessionDocument)).rejects.toMatchObject({
      message: 'No Server Response',
      status: 0,
    });
  });
});

describe('logout', () => {
  it('clears the session whatever the result', async () => {
    signInForTest();
    mockSessionFetch(async () => jsonResponse({ errors: [{ message: 'boom' }] }, 500));
    await logout();
    expect(sessionStore.getState()).toMatchObject({ status: 'signedOut', auth: null, account: null });
    expect(window.sessionStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
  });

  it('sends the bearer token', async () => {
    signInForTest({ accessToken: 'tok' });
    const fetchMock = mockSessionFetch(async () => jsonResponse({ data: { logout: true } }));
    await logout();
    const init = fetchMock.mock.calls[0]?.[1] as { headers: Record<string, string> };
    expect(init.headers.authorization).toBe('Bearer tok');
  });
});
