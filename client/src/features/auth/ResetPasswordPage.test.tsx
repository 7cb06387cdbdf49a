import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { RequestPasswordResetDocument } from '../../gql/graphql';
import { renderScreen } from '../../app/testing/render';
import { ResetPasswordPage, RESET_SENT_TEXT } from './ResetPasswordPage';

function renderReset(mock?: object) {
  const mocks = mock
    ? [
        {
          request: { query: RequestPasswordResetDocument, variables: { email: 'jane@example.com' } },
          ...mock,
        },
      ]
    : [];
  return renderScreen(<ResetPasswordPage />, { path: '/resetpassword', mocks });
}

const submit = async () => {
  await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Send Temporary Password' }));
};

describe('ResetPasswordPage', () => {
  it('links to the local mailbox for the temporary password when the server says so', () => {
    window.__TRUENET_CONFIG__ = { devMailboxUrl: '/dev/mailbox' };
    renderReset();
    expect(screen.getByRole('link', { name: 'local mailbox' })).toHaveAttribute('href', '/dev/mailbox');
    delete window.__TRUENET_CONFIG__;
  });

  it("shows 'Invalid email' for a bad e-mail", async () => {
    renderReset();
    await userEvent.type(screen.getByLabelText('Email'), 'jane@');
    expect(screen.getByRole('button', { name: 'Send Temporary Password' })).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Reset password' }));
    expect((await screen.findAllByText('Invalid email')).length).toBeGreaterThan(0);
  });

  it("rejects a filled honeypot with 'Invalid form'", async () => {
    const server = jest.fn(() => ({ data: { requestPasswordReset: 'ok' } }));
    renderReset({ result: server });
    fireEvent.change(screen.getByTestId('honeypot'), { target: { value: 'bot' } });
    await submit();
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  it('always says a temporary password will be sent if an account matches', async () => {
    renderReset({ result: { data: { requestPasswordReset: 'whatever the server says' } } });
    await submit();
    expect(await screen.findByText(RESET_SENT_TEXT)).toBeInTheDocument();
    expect(RESET_SENT_TEXT).toMatch(/temporary password will be sent/);
  });

  it("shows the server's message on failure", async () => {
    renderReset({
      result: { errors: [new GraphQLError('Too many requests', { extensions: { code: 'RATE_LIMITED' } })] },
    });
    await submit();
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
  });

  it("shows 'No Server Response' when the server does not answer", async () => {
    renderReset({ error: new TypeError('Failed to fetch') });
    await submit();
    expect(await screen.findByText('No Server Response')).toBeInTheDocument();
  });
});
