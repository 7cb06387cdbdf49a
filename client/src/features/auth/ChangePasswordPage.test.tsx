import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServerError } from '@apollo/client/errors';
import { GraphQLError } from 'graphql';
import { ChangePasswordDocument } from '../../gql/graphql';
import { sessionStore } from '../../app/session/sessionStore';
import { renderScreen } from '../../app/testing/render';
import { buildAuthPayload, signInForTest, simulatePageLoad } from '../../app/testing/session';
import { ChangePasswordPage } from './ChangePasswordPage';

const variables = { oldPassword: 'OldPass1!', newPassword: 'NewPass1!' };

function renderChange(mock?: object) {
  const mocks = mock ? [{ request: { query: ChangePasswordDocument, variables }, ...mock }] : [];
  return renderScreen(<ChangePasswordPage />, { path: '/changepassword', mocks });
}

async function fill(newPassword = variables.newPassword, verify = newPassword) {
  await userEvent.type(screen.getByLabelText('Old Password'), variables.oldPassword);
  await userEvent.type(screen.getByLabelText('New Password'), newPassword);
  await userEvent.type(screen.getByLabelText('Verify New Password'), verify);
}

const button = () => screen.getByRole('button', { name: 'Change Password' });

beforeEach(() => {
  simulatePageLoad({ flag: false });
  signInForTest({ accountStatus: 3 });
});

describe('ChangePasswordPage', () => {
  it.each([
    ['a new password that does not meet the pattern', 'weakpass', 'weakpass'],
    ['a new password equal to the old one', 'OldPass1!', 'OldPass1!'],
    ['a verify field that does not match', 'NewPass1!', 'NewPass2!'],
  ])('keeps the button disabled for %s', async (_case, newPassword, verify) => {
    renderChange();
    await fill(newPassword, verify);
    expect(button()).toBeDisabled();
  });

  it('says the passwords do not match under a verify field that differs', async () => {
    renderChange();
    await fill('NewPass1!', 'NewPass2!');
    const verify = screen.getByLabelText('Verify New Password');
    expect(verify).toHaveClass('is-invalid');
    expect(verify).toHaveAccessibleDescription(/The passwords do not match/);
    await userEvent.clear(verify);
    await userEvent.type(verify, 'NewPass1!');
    expect(screen.queryByText('The passwords do not match')).not.toBeInTheDocument();
  });

  it("shows 'Some entries are invalid. Check and try again.' on an invalid submit", async () => {
    renderChange();
    fireEvent.submit(screen.getByRole('form', { name: 'Change password' }));
    expect(await screen.findByText('Some entries are invalid. Check and try again.')).toBeInTheDocument();
  });

  it("rejects a filled honeypot with 'Invalid form'", async () => {
    const server = jest.fn(() => ({ data: { changePassword: buildAuthPayload() } }));
    renderChange({ result: server });
    fireEvent.change(screen.getByTestId('honeypot'), { target: { value: 'bot' } });
    await fill();
    await userEvent.click(button());
    expect(await screen.findByText('Invalid form')).toBeInTheDocument();
    expect(server).not.toHaveBeenCalled();
  });

  it("says 'Password successfully changed' and the account status becomes 1", async () => {
    renderChange({
      result: { data: { changePassword: buildAuthPayload({ accessToken: 'new-token', accountStatus: 1 }) } },
    });
    await fill();
    await userEvent.click(button());
    expect(await screen.findByText('Password successfully changed')).toBeInTheDocument();
    expect(sessionStore.getState().account?.accountStatus).toBe(1);
    expect(sessionStore.getAccessToken()).toBe('new-token');
  });

  it("shows the server's message when the server refuses", async () => {
    renderChange({
      result: {
        errors: [new GraphQLError('The old password is wrong', { extensions: { code: 'BAD_USER_INPUT' } })],
      },
    });
    await fill();
    await userEvent.click(button());
    expect(await screen.findByText('The old password is wrong')).toBeInTheDocument();
  });

  it("shows 'Unable to change password' for a non-200 answer without a message", async () => {
    const error = new ServerError('Received status code 502', {
      response: { status: 502, headers: new Map() } as unknown as Response,
      bodyText: 'Bad Gateway',
    });
    renderChange({ error });
    await fill();
    await userEvent.click(button());
    expect(await screen.findByText('Unable to change password')).toBeInTheDocument();
  });

  it("shows 'No Server Response' when the server does not answer", async () => {
    renderChange({ error: new TypeError('Failed to fetch') });
    await fill();
    await userEvent.click(button());
    expect(await screen.findByText('No Server Response')).toBeInTheDocument();
  });
});
