import { authFetch } from './authFetch';
import { onSessionLost, sessionStore } from './sessionStore';
import { buildAuthPayload, jsonResponse, signInForTest, simulatePageLoad } from '../testing/session';

type Call = [string, RequestInit];

function mockFetch(answers: Record<string, number[]>) {
  const mock = jest.fn(async (url: string, init: RequestInit) => {
    if (url === '/graphql') {
      const status = answers['/graphql']?.shift() ?? 200;
      return status === 200
        ? jsonResponse({ data: { refreshSession: buildAuthPayload({ accessToken: 'fresh' }) } })
        : jsonResponse({ errors: [{ message: 'No session' }] }, status);
    }
    void init;
    return jsonResponse({}, answers[url]?.shift() ?? 200);
  });
  (globalThis as unknown as { fetch: unknown }).fetch = mock;
  return mock;
}

const bearerOf = (call: Call | undefined) => new Headers(call?.[1].headers).get('authorization');

beforeEach(() => {
  simulatePageLoad({ flag: false });
  signInForTest({ accessToken: 'stale' });
});

describe('authFetch (REST helper)', () => {
  it('sends the bearer token and cookies', async () => {
    const fetchMock = mockFetch({ '/account/debtor-wallets': [200] });
    await authFetch('/account/debtor-wallets');
    const call = fetchMock.mock.calls[0] as Call;
    expect(bearerOf(call)).toBe('Bearer stale');
    expect(call[1].credentials).toBe('same-origin');
  });

  it.each([401, 403])('on %i refreshes once and retries once with the new token', async (status) => {
    const fetchMock = mockFetch({ '/account/debtor-wallets': [status, 200] });
    const response = await authFetch('/account/debtor-wallets');
    expect(response.status).toBe(200);
    const restCalls = fetchMock.mock.calls.filter(([url]) => url !== '/graphql') as Call[];
    expect(restCalls).toHaveLength(2);
    expect(bearerOf(restCalls[1])).toBe('Bearer fresh');
  });

  it('does not retry twice', async () => {
    const fetchMock = mockFetch({ '/account/debtor-wallets': [401, 401] });
    const response = await authFetch('/account/debtor-wallets');
    expect(response.status).toBe(401);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/graphql')).toHaveLength(1);
  });

  it('a failed refresh clears the session and asks to go to /login', async () => {
    mockFetch({ '/account/debtor-wallets': [401], '/graphql': [401] });
    const lost = jest.fn();
    const stop = onSessionLost(lost);
    const response = await authFetch('/account/debtor-wallets');
    stop();
    expect(response.status).toBe(401);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(sessionStore.getState().auth).toBeNull();
  });
});
