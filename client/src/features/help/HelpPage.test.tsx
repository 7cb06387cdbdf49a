import { screen } from '@testing-library/react';
import { renderScreen } from '../../app/testing/render';
import { HelpPage } from './HelpPage';

describe('HelpPage', () => {
  it('covers the four topics', () => {
    renderScreen(<HelpPage />, { path: '/help' });
    for (const name of ['Manage Wallets', 'Manage Income', 'Manage Expense', 'The Analysis Page']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('advises setting an income source inactive rather than deleting it', () => {
    renderScreen(<HelpPage />, { path: '/help' });
    expect(screen.getByText(/rather than deleting it/)).toBeInTheDocument();
  });
});
