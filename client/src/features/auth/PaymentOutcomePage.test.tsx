import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginDocument, RetryCheckoutDocument } from '../../gql/graphql';
import { openExternal } from '../../app/browser';
import { renderScreen } from '../../app/testing/render';
import { buildLoginPayload, signInForTest, simulatePageLoad } from '../../app/testing/session';
import { sessionStore } from '../../app/session/sessionStore';
import { PaymentOutcomePage } from './PaymentOutcomePage';
import { rememberRegisteredUser } from './registeredUser';

jest.mock('../../app/browser', () => ({ openExternal: jest.fn(), saveFile: jest.fn() }));

const FAILED = { path: '/createaccount/failed', route: '/createaccount/:session' };
const retryMock = {
  request: { query: RetryCheckoutDocument },
  result: {
    data: {
      createCheckoutSession: { __typename: 'RegisterPayload', checkoutUrl: 'https://pay.example/cs_2' },
    },
  },
};

beforeEach(() => {
  window.sessionStorage.clear();
  simulatePageLoad({ flag: false });
  jest.mocked(openExternal).mockReset();
});

describe('PaymentOutcomePage', () => {
  it('after a failed payment, signs in with the account just made and opens a new checkout for it', async () => {
    rememberRegisteredUser('jdoe');
    renderScreen(<PaymentOutcomePage />, {
      ...FAILED,
      mocks: [
        {
          request: { query: LoginDocument, variables: { userName: 'jdoe', userPassword: 'Secret1!' } },
          result: { data: { login: buildLoginPayload({ user: 'jdoe', accountStatus: 999 }) } },
        },
        retryMock,
      ],
    });
    expect(screen.getByText('There was a problem with your payment')).toBeInTheDocument();
    expect(screen.getByText(/Your account was created/)).toBeInTheDocument();
    expect(screen.getByLabelText('User Name')).toHaveValue('jdoe');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://pay.example/cs_2'));
    expect(sessionStore.getState().status).toBe('signedIn');
    expect(screen.getByRole('link', { name: 'Create a different account' })).toHaveAttribute(
      'href',
      '/createaccount',
    );
  });

  it('signed in already: one button opens the new checkout', async () => {
    signInForTest({ accountStatus: 999 });
    renderScreen(<PaymentOutcomePage />, { ...FAILED, mocks: [retryMock] });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://pay.example/cs_2'));
  });

  it('a wrong password says so and opens nothing', async () => {
    renderScreen(<PaymentOutcomePage />, {
      ...FAILED,
      mocks: [
        {
          request: { query: LoginDocument, variables: { userName: 'jdoe', userPassword: 'Wrong1!x' } },
          result: {
            errors: [{ message: 'Incorrect username or password', extensions: { code: 'BAD_USER_INPUT' } }],
          },
        },
      ],
    });
    await userEvent.type(screen.getByLabelText('User Name'), 'jdoe');
    await userEvent.type(screen.getByLabelText('Password'), 'Wrong1!x');
    await userEvent.click(screen.getByRole('button', { name: 'Try the payment again' }));
    expect(await screen.findByText('Incorrect username or password')).toBeInTheDocument();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("any other session shows 'Thank you for signing up' with a Login link", () => {
    renderScreen(<PaymentOutcomePage />, {
      path: '/createaccount/cs_test_abc',
      route: '/createaccount/:session',
    });
    expect(screen.getByText('Thank you for signing up')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/loginhome');
  });
});
