import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { Route } from 'react-router-dom';
import { CompleteTwoFactorLoginDocument, LoginDocument } from '../../gql/graphql';
import { sessionStore } from '../../app/session/sessionStore';
import { renderScreen } from '../../app/testing/render';
import { buildAuthPayload, buildLoginPayload, simulatePageLoad } from '../../app/testing/session';
import { LoginPage } from './LoginPage';

const variables = { userName: 'jdoe', userPassword: 'Secret1!' };

function gqlError(message: string, code: string) {
  return { result: { errors: [new GraphQLError(message, { extensions: { code } })] } };
}

function renderLogin(mock?: object) {
  const mocks = mock ? [{ request: { query: LoginDocument, variables }, ...mock }] : [];
  return renderScreen(<LoginPage />, {
    path: '/loginhome',
    mocks,
    extra: <Route path="/userhome" element={<h1>Dashboard stub</h1>} />,
  });
}

async function fillAndSubmit(userName = '  jdoe  ', password = 'Secret1!') {
  await userEvent.type(screen.getByLabelText('Username'), userName);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

beforeEach(() => simulatePageLoad({ flag: false }));

describe('LoginPage', () => {
  it("shows the card 'Login to your account' with its links", () => {
    renderLogin();
    expect(screen.getByText('Login to your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/resetpassword');
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create One' })).toHaveAttribute('href', '/createaccount');
  });

  it('limits both fields to 75 characters and keeps Login disabled until both are filled', async () => {
    renderLogin();
    expect(screen.getByLabelText('Username')).toHaveAttribute('maxLength', '75');
    expect(screen.getByLabelText('Password')).toHaveAttribute('maxLength', '75');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Username'), 'jdoe');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it("shows 'Some entries are invalid. Check and try again.' on an invalid submit", async () => {
    renderLogin();
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    expect(await screen.findByText('Some entries are invalid. Check and try again.')).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it("rejects a filled honeypot with 'Invalid form' and sends nothing", async () => {
    const server = jest.fn(() => ({ data: { login: buildLoginPayload() } }));
    renderLogin({ result: server });
    fireEvent.change(screen.getByTestId('honeypot'), { target: { value: 'bot' } });
    await fillAndSubmit();
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
    expect(sessionStore.getState().auth).toBeNull();
  });

  it('sends the trimmed username, stores the session and goes to userhome replacing history', async () => {
    renderLogin({ result: { data: { login: buildLoginPayload({ accessToken: 'tok-9' }) } } });
    await fillAndSubmit();
    expect(await screen.findByText('Dashboard stub')).toBeInTheDocument();
    expect(sessionStore.getAccessToken()).toBe('tok-9');
    expect(sessionStore.getState().account?.firstName).toBe('Jane');
  });

  it("shows 'Logging in ...' and disables the button while the request runs", async () => {
    renderLogin({ result: { data: { login: buildLoginPayload() } }, delay: 200 });
    await fillAndSubmit();
    expect(screen.getByRole('button', { name: 'Logging in ...' })).toBeDisabled();
    await screen.findByText('Dashboard stub');
  });

  it.each([
    [
      'a 403 shows the server message',
      gqlError('Account locked. Try again in 15 minutes.', 'FORBIDDEN'),
      'Account locked. Try again in 15 minutes.',
    ],
    [
      'wrong credentials (401)',
      gqlError('Invalid credentials', 'UNAUTHENTICATED'),
      'Incorrect username or password',
    ],
    ['a 400-class refusal', gqlError('Bad input', 'BAD_USER_INPUT'), 'Incorrect username or password'],
    ['a rate limit (429)', gqlError('Too many attempts', 'RATE_LIMITED'), 'Login Failed'],
    ['a server failure', gqlError('Unexpected', 'INTERNAL_SERVER_ERROR'), 'Login Failed'],
    ['no response', { error: new TypeError('Failed to fetch') }, 'No Server Response'],
  ])('%s', async (_case, mock, text) => {
    renderLogin(mock);
    await fillAndSubmit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(sessionStore.getState().auth).toBeNull();
  });

  describe('with two-factor sign-in on', () => {
    const completeMock = (code: string, result: object) => ({
      request: { query: CompleteTwoFactorLoginDocument, variables: { twoFactorToken: 'tf_abc', code } },
      ...result,
    });

    function renderTwoFactor(...completions: ReturnType<typeof completeMock>[]) {
      return renderScreen(<LoginPage />, {
        path: '/loginhome',
        mocks: [
          {
            request: { query: LoginDocument, variables },
            result: { data: { login: buildLoginPayload({ twoFactorToken: 'tf_abc' }) } },
          },
          ...completions,
        ],
        extra: <Route path="/userhome" element={<h1>Dashboard stub</h1>} />,
      });
    }

    it('asks for the code from the app (one-time-code autocomplete), then signs in', async () => {
      renderTwoFactor(
        completeMock('123456', {
          result: { data: { completeTwoFactorLogin: buildAuthPayload({ accessToken: 'tok-2fa' }) } },
        }),
      );
      await fillAndSubmit();
      const field = await screen.findByLabelText('Code from your app');
      expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
      expect(field).toHaveAttribute('autocomplete', 'one-time-code');
      expect(field).toHaveAttribute('inputmode', 'numeric');
      expect(field).toHaveFocus();
      expect(sessionStore.getState().auth).toBeNull();
      await userEvent.type(field, '123456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText('Dashboard stub')).toBeInTheDocument();
      expect(sessionStore.getAccessToken()).toBe('tok-2fa');
    });

    it("takes a recovery code through 'Use a recovery code', and shows the server's words for a wrong one", async () => {
      renderTwoFactor(
        completeMock('ABCDE-23456', {
          result: {
            errors: [
              new GraphQLError(
                'That code is not right. Enter the 6-digit code from your app, or an unused recovery code.',
                {
                  extensions: { code: 'UNAUTHENTICATED' },
                },
              ),
            ],
          },
        }),
      );
      await fillAndSubmit();
      await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
      const field = screen.getByLabelText('Recovery code');
      expect(field).toHaveAttribute('autocomplete', 'off');
      await userEvent.type(field, 'ABCDE-23456');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(
        await screen.findByText(
          'That code is not right. Enter the 6-digit code from your app, or an unused recovery code.',
        ),
      ).toBeInTheDocument();
      expect(sessionStore.getState().auth).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
      expect(screen.getByText('Login to your account')).toBeInTheDocument();
    });

    it('says what a code looks like before sending a malformed one', async () => {
      renderTwoFactor();
      await fillAndSubmit();
      await userEvent.type(await screen.findByLabelText('Code from your app'), '12');
      await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByText('Enter the 6-digit code')).toBeInTheDocument();
    });
  });
});
