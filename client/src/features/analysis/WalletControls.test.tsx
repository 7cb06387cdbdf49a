import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WriteAccessContext } from '../../kit/access';
import { buildMe, buildWallet, renderWithApollo } from '../../kit/testing';
import { WalletControls } from './WalletControls';

describe('the wallet card', () => {
  it('offers a statement import for the wallet shown, beside Spent and Deposited', async () => {
    const checking = buildWallet({ id: 'w1', walletName: 'Checking' });
    const savings = buildWallet({ id: 'w2', walletName: 'Savings', defaultWallet: false });
    renderWithApollo(
      <WriteAccessContext.Provider value={true}>
        <WalletControls
          wallets={[checking, savings]}
          selected={savings}
          onSelect={jest.fn()}
          onDone={jest.fn()}
        />
      </WriteAccessContext.Provider>,
      { me: () => buildMe(), wallets: () => [checking, savings] },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import a statement' }));
    // The import screen is its own chunk, fetched on first use.
    expect(await screen.findByRole('dialog', { name: 'Import statement: Savings' })).toBeInTheDocument();
  });
});
