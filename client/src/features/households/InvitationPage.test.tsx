import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { sessionStore } from '../../app/session/sessionStore';
import { badInput, renderWithApollo } from '../../kit/testing';
import { InvitationPage } from './InvitationPage';

const TOKEN = 'a'.repeat(43);
const preview = (expired = false) => ({
  householdName: "Ada's household",
  invitedBy: 'Ada',
  role: 'EDITOR',
  email: 'bob@example.com',
  expired,
});

function renderPage(resolvers: Parameters<typeof renderWithApollo>[1]) {
  return renderWithApollo(
    <MemoryRouter initialEntries={[`/invitation/${TOKEN}`]}>
      <Routes>
        <Route path="/invitation/:token" element={<InvitationPage />} />
        <Route path="/userhome" element={<p>Dashboard</p>} />
        <Route path="/loginhome" element={<p>Sign in here</p>} />
      </Routes>
    </MemoryRouter>,
    resolvers,
  );
}

afterEach(() => sessionStore.reset());

describe('the invitation page', () => {
  it('shows who invites to what before anyone signs in, with a sign-up that needs no payment', async () => {
    renderPage({ invitation: () => preview() });
    expect(await screen.findByRole('heading', { name: "Join Ada's household" })).toBeInTheDocument();
    expect(screen.getByText(/You need no subscription of your own/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/createaccount?invitation=${TOKEN}&email=bob%40example.com`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'I have an account: sign in' }));
    expect(await screen.findByText('Sign in here')).toBeInTheDocument();
  });

  it('says when a link can no longer be used', async () => {
    renderPage({ invitation: () => preview(true) });
    expect(
      await screen.findByText('This invitation can no longer be used. Ask Ada for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('joins for a signed-in person and opens the dashboard; a refusal stays on the page', async () => {
    sessionStore.signIn({
      uid: 8,
      user: 'bob',
      role: 'USER',
      accessToken: 'token',
      firstName: 'Bob',
      lastName: 'Lovelace',
      email: 'bob@example.com',
      accountStatus: 1,
    } as never);
    let refuse = true;
    renderPage({
      invitation: () => preview(),
      acceptInvitation: () => {
        if (refuse) {
          throw badInput('This invitation is for another e-mail address. Sign in with the invited address.');
        }
        return {
          id: 'h1',
          name: "Ada's household",
          personal: false,
          myRole: 'EDITOR',
          canWrite: true,
          members: [],
          invitations: [],
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: "Join Ada's household" }));
    expect(
      await screen.findByText(
        'This invitation is for another e-mail address. Sign in with the invited address.',
      ),
    ).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: "Join Ada's household" }));
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });
});
