import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { ResendVerificationCodeDocument, VerifyEmailDocument } from '../../gql/graphql';
import { sessionStore } from '../../app/session/sessionStore';
import { renderScreen } from '../../app/testing/render';
import { signInForTest, simulatePageLoad } from '../../app/testing/session';
import { ValidateEmailPage } from './ValidateEmailPage';

function verifyMock(extra: object) {
  return { request: { query: VerifyEmailDocument, variables: { code: '123456' } }, ...extra };
}
function resendMock(extra: object) {
  return { request: { query: ResendVerificationCodeDocument }, ...extra };
}

function renderValidate(mocks: object[] = []) {
  return renderScreen(<ValidateEmailPage />, { path: '/validateemail', mocks: mocks as never });
}

async function verify(code = '123456') {
  await userEvent.type(screen.getByLabelText('Verification Code'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Verify Email' }));
}

beforeEach(() => {
  simulatePageLoad({ flag: false });
  signInForTest({ accountStatus: 999 });
});

describe('ValidateEmailPage', () => {
  afterEach(() => {
    delete window.__TRUENET_CONFIG__;
  });

  it('links to the local mailbox when the server keeps mail in its outbox (not in production)', () => {
    window.__TRUENET_CONFIG__ = { devMailboxUrl: '/dev/mailbox' };
    renderValidate();
    expect(screen.getByRole('link', { name: 'local mailbox' })).toHaveAttribute('href', '/dev/mailbox');
  });

  it('shows no mailbox link otherwise', () => {
    window.__TRUENET_CONFIG__ = {};
    renderValidate();
    expect(screen.queryByRole('link', { name: 'local mailbox' })).not.toBeInTheDocument();
  });

  it("shows 'Invalid form' when the code is empty", async () => {
    renderValidate();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Verify e-mail' }));
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
  });

  it("says 'Email verified' and the account status becomes 1", async () => {
    renderValidate([
      verifyMock({ result: { data: { verifyEmail: { __typename: 'Debtor', id: '7', accountStatus: 1 } } } }),
    ]);
    await verify();
    expect(await screen.findByText('Email verified')).toBeInTheDocument();
    expect(sessionStore.getState().account?.accountStatus).toBe(1);
  });

  it("says 'Unable to verify email' when the account is still unverified", async () => {
    renderValidate([
      verifyMock({
        result: { data: { verifyEmail: { __typename: 'Debtor', id: '7', accountStatus: 999 } } },
      }),
    ]);
    await verify();
    expect(await screen.findByText('Unable to verify email')).toBeInTheDocument();
  });

  it("shows the server's message on error", async () => {
    renderValidate([
      verifyMock({
        result: {
          errors: [new GraphQLError('The code has expired', { extensions: { code: 'BAD_USER_INPUT' } })],
        },
      }),
    ]);
    await verify();
    expect(await screen.findByText('The code has expired')).toBeInTheDocument();
  });

  it("shows 'No Server Response' when the server does not answer", async () => {
    renderValidate([verifyMock({ error: new TypeError('Failed to fetch') })]);
    await verify();
    expect(await screen.findByText('No Server Response')).toBeInTheDocument();
  });

  it("resends the code: 'Verification code resent.'", async () => {
    renderValidate([resendMock({ result: { data: { resendVerificationCode: true } } })]);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('Verification code resent.')).toBeInTheDocument();
  });

  it("a failed resend shows 'No Server Response' without an answer", async () => {
    renderValidate([resendMock({ error: new TypeError('Failed to fetch') })]);
    await userEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(await screen.findByText('No Server Response')).toBeInTheDocument();
  });
});
