import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { badInput, renderWithApollo, type Resolvers } from '../../kit/testing';
import { saveFile } from '../../app/browser';
import { SignInSecuritySection } from './SignInSecuritySection';

jest.mock('../../app/browser', () => ({ openExternal: jest.fn(), saveFile: jest.fn() }));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-2345${i}`);

function renderSection(twoFactorEnabled: boolean, resolvers: Resolvers = {}) {
  const confirm = jest.fn(({ code }: { code: string }) => {
    if (code !== '123456')
      throw badInput('That code is not right. Enter the 6-digit code your app shows now.');
    return { recoveryCodes: CODES };
  });
  const disable = jest.fn(() => ({ id: '7', twoFactorEnabled: false, recoveryCodesLeft: 0 }));
  renderWithApollo(
    <SignInSecuritySection
      twoFactorEnabled={twoFactorEnabled}
      recoveryCodesLeft={twoFactorEnabled ? 7 : 0}
    />,
    {
      beginTotpEnrollment: () => ({
        secret: SECRET,
        otpauthUrl: `otpauth://totp/TrueNet:jdoe?secret=${SECRET}&issuer=TrueNet`,
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      }),
      confirmTotpEnrollment: confirm,
      disableTwoFactor: disable,
      passkeys: () => [],
      ...resolvers,
    },
  );
  return { confirm, disable };
}

describe('Sign-in security', () => {
  it('sets up an authenticator app: QR code and key, a first code, then the recovery codes once', async () => {
    const { confirm } = renderSection(false);
    expect(screen.getByText('Two-factor sign-in is off.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code to add TrueNet to your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const field = screen.getByLabelText('Code from your app');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');

    await userEvent.type(field, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(
      await screen.findByText('That code is not right. Enter the 6-digit code your app shows now.'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Code from your app'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(confirm).toHaveBeenLastCalledWith({ code: '123456' });
    await userEvent.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(saveFile).toHaveBeenCalledWith(
      'truenet-recovery-codes.txt',
      expect.stringContaining(CODES.join('\n')),
      'text/plain',
    );
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code', async () => {
    const { disable } = renderSection(true);
    expect(screen.getByText(/Two-factor sign-in is on\. 7 recovery codes left\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(
      screen.getByText('Enter your password and a code from your app (or a recovery code)'),
    ).toBeInTheDocument();
    expect(disable).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Password'), 'Secret1!');
    await userEvent.type(screen.getByLabelText('Code from your app or a recovery code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(disable).toHaveBeenCalledWith({ password: 'Secret1!', code: '123456' });
  });

  it('lists passkeys with their last use and removes one with the password', async () => {
    const remove = jest.fn(({ password }: { id: string; password: string }) => {
      if (password !== 'Secret1!') throw badInput('The password is not correct.');
      return true;
    });
    let passkeys = [
      { id: 'a1', name: 'Work laptop', createdAt: '2026-01-05T15:00:00.000Z', lastUsedAt: null },
      {
        id: 'b2',
        name: 'Phone',
        createdAt: '2026-01-06T15:00:00.000Z',
        lastUsedAt: '2026-01-07T15:00:00.000Z',
      },
    ];
    renderSection(false, {
      passkeys: () => passkeys,
      removePasskey: (args: { id: string; password: string }) => {
        const removed = remove(args);
        passkeys = passkeys.filter((passkey) => passkey.id !== args.id);
        return removed;
      },
    });
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop').parentElement).toHaveTextContent('Last used: Never');
    expect(within(list).getByText('Phone').parentElement).toHaveTextContent(/Last used: Wed Jan 7, 2026/);
    // This browser (jsdom) has no WebAuthn: adding says so instead of offering a button that fails.
    expect(screen.getByText('This browser cannot use passkeys.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await userEvent.type(screen.getByLabelText('Password to remove "Work laptop"'), 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey "Work laptop" removed')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledWith({ id: 'a1', password: 'Secret1!' });
    await waitFor(() => expect(screen.queryByText('Work laptop')).not.toBeInTheDocument());
  });
});
