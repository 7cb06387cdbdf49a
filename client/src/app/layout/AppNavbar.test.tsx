import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNED_IN_HINT_KEY } from '../prerendered';
import { renderApp } from '../testing/render';
import { refreshAnsweredLater, refreshSucceeds, signInForTest, simulatePageLoad } from '../testing/session';

beforeEach(() => {
  window.sessionStorage.clear();
  simulatePageLoad({ flag: false });
});

const navLink = (name: string) => screen.getByRole('link', { name });

describe('AppNavbar', () => {
  it.each([
    ['/changepassword', 3],
    ['/validateemail', 999],
  ])('highlights no navigation link on %s (Help is not that page)', async (path, accountStatus) => {
    refreshSucceeds();
    signInForTest({ accountStatus });
    renderApp(path);
    await screen.findByTestId('location');
    for (const name of ['Contact Us', 'Dashboard', 'Manage Account', 'Help']) {
      expect(navLink(name)).not.toHaveClass('active');
      expect(navLink(name)).not.toHaveAttribute('aria-current');
    }
  });

  it('does not keep Help highlighted after a guard sends the person back to #/validateemail', async () => {
    refreshSucceeds();
    signInForTest({ accountStatus: 999 });
    renderApp('/validateemail');
    await screen.findByRole('heading', { name: 'Verify your e-mail' });
    await userEvent.click(navLink('Help'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/validateemail'));
    await screen.findByRole('heading', { name: 'Verify your e-mail' });
    expect(navLink('Help')).not.toHaveClass('active');
  });

  it('highlights Help on #/help', async () => {
    refreshSucceeds();
    signInForTest();
    renderApp('/help');
    await screen.findByTestId('location');
    expect(navLink('Help')).toHaveClass('active');
  });

  it('offers no links while a browser that was signed in waits for the silent refresh', async () => {
    window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    const answerRefresh = refreshAnsweredLater();
    renderApp('/');
    expect(screen.getByText('Loading ...')).toBeInTheDocument();
    expect(navLink('TrueNet')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).not.toBeInTheDocument();

    await act(async () => answerRefresh());
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('shows a first visit Login and Register while the refresh runs', () => {
    refreshAnsweredLater();
    renderApp('/');
    expect(navLink('Login')).toBeInTheDocument();
    expect(navLink('Register')).toBeInTheDocument();
  });
});
