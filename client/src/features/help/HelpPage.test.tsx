import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { renderScreen } from '../../app/testing/render';
import { HelpPage } from './HelpPage';

describe('HelpPage', () => {
  it('covers the four topics', () => {
    renderScreen(<HelpPage />, { path: '/help' });
    for (const name of ['Manage Wallets', 'Manage Income', 'Manage Expense', 'The Analysis Page']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('brings the first steps back to the dashboard', async () => {
    window.localStorage.setItem('truenet.firstRunFinished', '1');
    renderScreen(<HelpPage />, {
      path: '/help',
      extra: <Route path="/userhome" element={<h1>Dashboard stub</h1>} />,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Show the first steps again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard stub' })).toBeInTheDocument();
    expect(window.localStorage.getItem('truenet.firstRunFinished')).toBeNull();
  });

  it("links to each of Manage Account's sections", () => {
    renderScreen(<HelpPage />, { path: '/help' });
    expect(screen.getByRole('link', { name: 'Bank connections' })).toHaveAttribute(
      'href',
      '/manageaccount?section=bank-connections',
    );
  });

  it('advises setting an income source inactive rather than deleting it', () => {
    renderScreen(<HelpPage />, { path: '/help' });
    expect(screen.getByText(/rather than deleting it/)).toBeInTheDocument();
  });

  it("defines each figure and switch as the app computes them, with the home page's worked example", () => {
    renderScreen(<HelpPage />, { path: '/help' });
    for (const term of [
      'True net income',
      'Safe to spend',
      'Lowest balance ahead',
      'Available cash',
      'Paid',
      'Cleared',
    ]) {
      expect(screen.getByText(term, { selector: 'dt' })).toBeInTheDocument();
    }
    const example = screen.getByTestId('help-example');
    expect(example).toHaveTextContent('Your true net income is $2,000.00 − $1,571.00 = $429.00.');
    expect(example).toHaveTextContent('Available cash is $2,500.00 − $1,571.00 = $929.00');
  });
});
