import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletRowFragment } from '../../gql/graphql';
import {
  buildExampleAnalysis,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildWallet,
  renderWithApollo,
  type Resolvers,
} from '../../kit/testing';
import { UserHomePage } from './UserHomePage';

jest.mock('./navigation', () => ({ leaveTo: jest.fn() }));

function checklist(): HTMLElement {
  return screen.getByRole('region', { name: 'Three steps to your true net income' });
}

function newAccount(overrides: Resolvers = {}): Resolvers {
  return {
    me: () => buildMe(),
    wallets: () => [],
    incomeSources: () => [],
    liabilities: () => [],
    cashFlowAnalysis: () =>
      buildExampleAnalysis({
        lastIncomeReceived: [],
        nextIncome: [],
        obligations: [],
        comingDue: [],
        wallets: [],
        nextIncomeDate: null,
      }),
    ...overrides,
  };
}

describe('the setup checklist of a new account', () => {
  it('lists three steps, opens the add form of each, and ticks a step off when it is done', async () => {
    const stored: WalletRowFragment[] = [];
    renderWithApollo(
      <UserHomePage />,
      newAccount({
        wallets: () => stored,
        addWallet: (args: { input: { walletName: string } }) => {
          const wallet = buildWallet({ id: '9', walletName: args.input.walletName });
          stored.push(wallet);
          return wallet;
        },
      }),
    );
    await screen.findByText('3 steps to go.');
    const steps = within(checklist()).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Add a wallet (to do)'),
      expect.stringContaining('Add your income (to do)'),
      expect.stringContaining('Add your bills (to do)'),
    ]);

    await userEvent.click(within(checklist()).getByRole('button', { name: 'Add a wallet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Wallet')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Wallet Name'), 'Checking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save New Record' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Close', hidden: true }));

    await screen.findByText('2 steps to go.');
    expect(within(checklist()).getByText('(done)', { exact: false })).toBeInTheDocument();
    expect(within(checklist()).queryByRole('button', { name: 'Add a wallet' })).not.toBeInTheDocument();
    expect(within(checklist()).getByRole('button', { name: 'Add your income' })).toBeInTheDocument();
  });

  it('opens the income and bill forms from their steps', async () => {
    renderWithApollo(<UserHomePage />, newAccount({ wallets: () => [buildWallet()] }));
    await screen.findByText('2 steps to go.');
    await userEvent.click(within(checklist()).getByRole('button', { name: 'Add your income' }));
    expect(within(await screen.findByRole('dialog')).getByText('Add Income')).toBeInTheDocument();
  });

  it('is not shown once a wallet, income and bills exist', async () => {
    renderWithApollo(
      <UserHomePage />,
      newAccount({
        wallets: () => [buildWallet()],
        incomeSources: () => [buildIncomeSource()],
        liabilities: () => [buildLiability()],
        cashFlowAnalysis: () => buildExampleAnalysis(),
      }),
    );
    await screen.findByText('Net Income This Period');
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Three steps to your true net income' }),
      ).not.toBeInTheDocument(),
    );
  });
});
