import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './testing/render';
import {
  jsonResponse,
  mockSessionFetch,
  refreshAnsweredLater,
  refreshFails,
  refreshSucceeds,
  signInForTest,
  simulatePageLoad,
  buildAuthPayload,
  buildLoginPayload,
} from './testing/session';
import { endLostSession, SESSION_FLAG_KEY, sessionStore } from './session/sessionStore';
import { documentHash } from './trustedDocuments';
import { SIGNED_IN_HINT_KEY } from './prerendered';
import { LoginDocument, LogoutDocument } from '../gql/graphql';

jest.mock('../features/dashboard/UserHomePage', () => ({
  UserHomePage: () => <h1>Dashboard stub</h1>,
}));

const location = () => screen.getByTestId('location');

beforeEach(() => {
  window.sessionStorage.clear();
  simulatePageLoad({ flag: false });
});

describe('landing route /', () => {
  it('shows the landing page to a visitor whose silent refresh fails, and stays there', async () => {
    refreshFails();
    renderApp('/');
    expect(screen.getByRole('heading', { name: 'Personal Financial Tracking Software' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedOut'));
    expect(location()).toHaveTextContent(/^\/$/);
  });

  it('redirects a user with uid above 0 to userhome once the silent refresh succeeds', async () => {
    refreshSucceeds();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/userhome');
    expect(sessionStore.getState()).toMatchObject({
      status: 'signedIn',
      auth: { uid: 7, user: 'jdoe', roles: ['user'], accessToken: 'access-1' },
      account: { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', accountStatus: 1 },
    });
  });
});

describe('public routes that send signed-in users to userhome', () => {
  it.each(['/loginhome', '/login', '/createaccount', '/resetpassword'])('%s', async (path) => {
    refreshSucceeds();
    signInForTest();
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/userhome');
  });

  it('the payment outcome and the FAQ stay reachable when signed in', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/createaccount/cs_test_123');
    expect(await screen.findByText('Thank you for signing up')).toBeInTheDocument();
  });
});

describe('protected routes', () => {
  it('send an unauthenticated user (no session flag) to loginhome, remembering the origin', async () => {
    refreshFails();
    renderApp('/help');
    expect(await screen.findByText('Login to your account')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/loginhome');
    expect(location()).toHaveAttribute('data-from', '/help');
  });

  it('render for a signed-in user', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
  });

  it('send status 3 to changepassword first', async () => {
    refreshSucceeds({ accountStatus: 3 });
    signInForTest({ accountStatus: 3 });
    renderApp('/userhome');
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/changepassword');
  });

  it('send status 999 and above to validateemail first', async () => {
    refreshSucceeds({ accountStatus: 1000 });
    signInForTest({ accountStatus: 1000 });
    renderApp('/manageaccount');
    expect(await screen.findByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/validateemail');
  });
});

describe('a link to a signed-in screen', () => {
  it('opened in a fresh tab of a signed-in browser waits for a slow refresh and lands where it pointed', async () => {
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    simulatePageLoad({ flag: false });
    const answerRefresh = refreshAnsweredLater();
    renderApp('/help');
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');
    await act(async () => answerRefresh());
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');
  });

  it("the dashboard's address in a signed-in browser shows the dashboard's frame while the refresh runs", async () => {
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    simulatePageLoad({ flag: false });
    const answerRefresh = refreshAnsweredLater();
    renderApp('/userhome');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Analysis',
      'Spending',
      'Reports',
      'Manage Income',
      'Manage Expenses',
      'Manage Wallets',
    ]);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      /^Income and Liability Analysis For /,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('aria-busy', 'true');
    await act(async () => answerRefresh());
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
  });

  it('opened signed out goes through loginhome and login, and lands where it pointed after signing in', async () => {
    refreshFails();
    renderApp('/help', [
      {
        request: { query: LoginDocument, variables: { userName: 'jdoe', userPassword: 'Secret1!' } },
        result: { data: { login: buildLoginPayload() } },
      },
    ]);
    expect(await screen.findByText('Login to your account')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('link', { name: 'Login' }).at(-1)!);
    await userEvent.type(await screen.findByLabelText('Username'), 'jdoe');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');
  });

  it('is not remembered when the person signs out on it: the next sign-in opens the dashboard', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    act(() => sessionStore.clear());
    expect(await screen.findByText('Login to your account')).toBeInTheDocument();
    act(() => signInForTest());
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
  });

  it('is forgotten once reached: the next sign-in in that tab opens the dashboard', async () => {
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    simulatePageLoad({ flag: false });
    refreshSucceeds();
    const first = renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    first.unmount();
    simulatePageLoad({ flag: false });
    refreshSucceeds();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
  });
});

describe('the session-storage flag across a reload', () => {
  it('keeps a protected page while the refresh is in progress, then shows that same page', async () => {
    // First page load: the user signed in and is on /help; the flag is written.
    refreshSucceeds();
    signInForTest();
    const first = renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(SESSION_FLAG_KEY)).toBe('1');
    first.unmount();

    // Reload: memory is gone, the flag survives; the refresh answers only when we say so.
    simulatePageLoad({ flag: true });
    const answerRefresh = refreshAnsweredLater();
    renderApp('/help');
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');

    await act(async () => answerRefresh({ accessToken: 'access-2' }));
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    expect(location()).toHaveTextContent('/help');
    expect(sessionStore.getAccessToken()).toBe('access-2');
  });

  it('a browser that was signed in waits on / for the refresh instead of showing the landing page', async () => {
    refreshSucceeds();
    signInForTest();
    expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBe('1');

    // Another day, a new tab: no tab flag, the browser's hint remains.
    simulatePageLoad({ flag: false });
    const answerRefresh = refreshAnsweredLater();
    renderApp('/');
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Personal Financial Tracking Software' }),
    ).not.toBeInTheDocument();
    await act(async () => answerRefresh());
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
  });

  it('the hint goes with the session: after a failed refresh / is the landing page again', async () => {
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    simulatePageLoad({ flag: false });
    refreshFails();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Personal Financial Tracking Software' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(SIGNED_IN_HINT_KEY)).toBeNull();
  });

  it('without the flag, a reload on a protected page goes to loginhome at once', async () => {
    mockSessionFetch(() => new Promise(() => undefined));
    renderApp('/help');
    expect(await screen.findByText('Login to your account')).toBeInTheDocument();
  });

  it('a failed silent refresh sends the user to / with the origin remembered, and clears the flag', async () => {
    simulatePageLoad({ flag: true });
    refreshFails();
    renderApp('/manageaccount');
    expect(
      await screen.findByRole('heading', { name: 'Personal Financial Tracking Software' }),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
    expect(location()).toHaveAttribute('data-from', '/manageaccount');
    expect(window.sessionStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedOut'));
  });
});

describe('navigation and logout', () => {
  it('shows Contact Us, Home, FAQ, Login and a Register button when logged out', async () => {
    refreshFails();
    renderApp('/');
    const nav = screen.getByRole('navigation');
    for (const name of ['Contact Us', 'Home', 'FAQ', 'Login', 'Register']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByText('Logout')).not.toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedOut'));
  });

  it('shows Contact Us, Dashboard, Manage Account, Help and Logout when logged in', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/help');
    const nav = screen.getByRole('navigation');
    for (const name of ['Contact Us', 'Dashboard', 'Manage Account', 'Help']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('logout calls the server, clears the session even when the call fails, and goes to /', async () => {
    const fetchMock = mockSessionFetch(async (name) =>
      name === 'RefreshSession'
        ? jsonResponse({ data: { refreshSession: buildAuthPayload() } })
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    signInForTest();
    renderApp('/help');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    const logoutHash = documentHash(LogoutDocument);
    expect(fetchMock.mock.calls.some(([, init]) => String(init.body).includes(logoutHash!))).toBe(true);
    expect(sessionStore.getState().auth).toBeNull();
    expect(window.sessionStorage.getItem(SESSION_FLAG_KEY)).toBeNull();
  });

  it('a token refresh that fails mid-session clears the session and goes to /login', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/help');
    expect(await screen.findByRole('heading', { name: 'Help' })).toBeInTheDocument();
    act(() => endLostSession());
    expect(await screen.findByText('Login to your account')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login');
    expect(sessionStore.getState().auth).toBeNull();
  });

  it('the footer reads copyright 2025', async () => {
    refreshFails();
    renderApp('/');
    expect(screen.getByText('copyright 2025')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getState().status).toBe('signedOut'));
  });
});
