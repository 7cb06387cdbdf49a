import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  buildExampleAnalysis,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildWallet,
  findWholeAnalysis,
  renderWithApollo,
  type Resolvers,
} from '../../kit/testing';
import { UserHomePage } from '../dashboard/UserHomePage';

jest.mock('../dashboard/navigation', () => ({ leaveTo: jest.fn() }));

function resolvers(overrides: Resolvers = {}): Resolvers {
  return {
    me: () => buildMe(),
    wallets: () => [buildWallet()],
    incomeSources: () => [buildIncomeSource()],
    liabilities: () => [buildLiability()],
    cashFlowAnalysis: () => buildExampleAnalysis(),
    ...overrides,
  };
}

async function renderDashboard(overrides: Resolvers = {}) {
  renderWithApollo(<UserHomePage />, resolvers(overrides));
  await findWholeAnalysis();
}

/** The confirmation lives in a polite live region that is there before any message. */
async function confirmation(text: string): Promise<HTMLElement> {
  const message = await screen.findByText(text);
  expect(message.closest('[role="status"][aria-live="polite"]')).not.toBeNull();
  return message;
}

describe('every action that moves money says what it did', () => {
  it('Spent and Deposited name the amount and the wallet', async () => {
    const updateWalletBalance = jest.fn(() => buildWallet({ balance: 2474.75 }));
    await renderDashboard({ updateWalletBalance });
    await userEvent.type(screen.getByLabelText('Amount'), '25.25');
    await userEvent.click(screen.getByRole('button', { name: 'Spent' }));
    await confirmation('Spent $25.25 from Checking');

    await userEvent.type(screen.getByLabelText('Amount'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Deposited' }));
    await confirmation('Deposited $10.00 to Checking');
    expect(updateWalletBalance).toHaveBeenCalledTimes(2);
  });

  it('Update Wallet says the balance it set', async () => {
    await renderDashboard({ updateWalletBalance: () => buildWallet({ balance: 1800 }) });
    const balance = screen.getByLabelText('Wallet Balance');
    await userEvent.clear(balance);
    await userEvent.type(balance, '1800');
    await userEvent.click(screen.getByRole('button', { name: 'Update Wallet' }));
    await confirmation('Checking balance set to $1,800.00');
  });

  it('Deposit Pay says how much went into which wallet', async () => {
    const depositPay = jest.fn(() => ({
      wallet: buildWallet({ balance: 4500 }),
      liabilities: [buildLiability()],
      analysis: buildExampleAnalysis(),
    }));
    await renderDashboard({ depositPay });
    await userEvent.click(screen.getByRole('switch', { name: /^Deposited Acme Payroll/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Deposit Pay *' }));
    await confirmation('Deposited $2,000.00 to Checking');
  });

  it('Save Paid Info confirms, and the confirmation can be dismissed', async () => {
    const savePaidInfo = jest.fn(() => ({
      wallet: buildWallet(),
      liabilities: [buildLiability()],
      analysis: buildExampleAnalysis(),
    }));
    await renderDashboard({ savePaidInfo });
    await userEvent.click(screen.getByRole('switch', { name: 'Paid Home Mortgage' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Paid Info *' }));
    await confirmation('Paid info saved');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText('Paid info saved')).not.toBeInTheDocument());
  });
});
