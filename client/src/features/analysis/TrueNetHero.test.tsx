import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  buildExampleAnalysis,
  buildForecast,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildWallet,
  renderWithApollo,
  type Resolvers,
} from '../../kit/testing';
import { UserHomePage } from '../dashboard/UserHomePage';

jest.mock('../dashboard/navigation', () => ({ leaveTo: jest.fn() }));

function forecast(overrides: Parameters<typeof buildForecast>[0] = {}) {
  return buildForecast({ walletId: '1', ...overrides });
}

function render(overrides: Resolvers = {}) {
  return renderWithApollo(<UserHomePage />, {
    me: () => buildMe(),
    wallets: () => [buildWallet()],
    incomeSources: () => [buildIncomeSource()],
    liabilities: () => [buildLiability()],
    cashFlowAnalysis: () => buildExampleAnalysis(),
    balanceForecast: () => forecast(),
    ...overrides,
  });
}

describe('the true net income, first', () => {
  it('shows the true net income until payday with its breakdown, safe to spend and the lowest balance ahead', async () => {
    render();
    const hero = await screen.findByRole('region', { name: 'True net income' });
    expect(
      within(hero).getByRole('heading', { name: 'True net income until Fri Jan 16, 2026' }),
    ).toBeInTheDocument();
    expect(within(hero).getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(hero).toHaveTextContent('Last pay $2,000.00 − this period’s bills $1,571.00 (paid ones included)');
    expect(await within(hero).findByTestId('safe-to-spend')).toHaveTextContent('$929.00');
    expect(within(hero).getByTestId('lowest-balance')).toHaveTextContent('$929.00 on Thu Jan 15, 2026');
    expect(within(hero).getByTestId('lowest-balance')).not.toHaveClass('text-danger');
  });

  it('says which wallets it covers, and every figure follows it: all of them, the forecast included', async () => {
    const { operations } = render({
      wallets: () => [buildWallet(), buildWallet({ id: '2', walletName: 'Savings', defaultWallet: false })],
    });
    const hero = await screen.findByRole('region', { name: 'True net income' });
    expect(within(hero).getByTestId('hero-scope')).toHaveTextContent(
      'All wallets: every figure here counts the money in all of them.',
    );
    await waitFor(() =>
      expect(operations.find((o) => o.operationName === 'DashboardAhead')?.variables).toMatchObject({
        walletId: null,
      }),
    );
  });

  it('gives each figure its one-sentence meaning', async () => {
    render();
    const hero = await screen.findByRole('region', { name: 'True net income' });
    expect(hero).toHaveTextContent('What is left of your last pay once every bill until payday is paid.');
    expect(hero).toHaveTextContent(
      'What your wallets can lose today and still pay every bill before payday.',
    );
    expect(await within(hero).findByTestId('lowest-balance')).toHaveTextContent(
      'The lowest your wallets get until Fri Feb 20, 2026, with the pay and bills ahead.',
    );
  });

  it('pay not in a wallet yet is a to-do with Deposit Pay, never spendable; after it the figures follow', async () => {
    let deposited = false;
    const depositPay = jest.fn(() => {
      deposited = true;
      return {
        wallet: buildWallet({ balance: 4500 }),
        liabilities: [buildLiability()],
        analysis: buildExampleAnalysis(),
      };
    });
    render({
      depositPay,
      balanceForecast: () =>
        deposited
          ? forecast({ safeToSpend: 2929, lowestBalance: 2929 })
          : forecast({
              undepositedIncome: [
                { incomeSourceId: '1', sourceName: 'Acme Payroll', date: '2026-01-02', amount: 2000 },
              ],
            }),
    });
    const todo = await screen.findByTestId('undeposited-pay');
    expect(todo).toHaveTextContent('Acme Payroll $2,000.00 from Fri Jan 2, 2026 is not in a wallet yet.');
    expect(screen.getByTestId('safe-to-spend')).toHaveTextContent('$929.00');
    await userEvent.click(within(todo).getByRole('button', { name: 'Deposit Pay to Checking' }));
    expect(depositPay).toHaveBeenCalledWith(
      expect.objectContaining({ walletId: '1', occurrences: [{ incomeSourceId: '1', date: '2026-01-02' }] }),
    );
    await waitFor(() => expect(screen.getByTestId('safe-to-spend')).toHaveTextContent('$2,929.00'));
    expect(screen.queryByTestId('undeposited-pay')).not.toBeInTheDocument();
    expect(await screen.findByText('Deposited $2,000.00 to Checking')).toBeInTheDocument();
  });

  it('a balance that dips below zero is red, with the first day below zero', async () => {
    render({
      balanceForecast: () =>
        forecast({
          lowestBalance: -120.5,
          lowestDate: '2026-01-12',
          firstNegativeDate: '2026-01-10',
          safeToSpend: 0,
        }),
    });
    const lowest = await screen.findByTestId('lowest-balance');
    expect(lowest).toHaveClass('text-danger');
    expect(lowest).toHaveTextContent('-$120.50 on Mon Jan 12, 2026');
    expect(lowest).toHaveTextContent('Below zero from Sat Jan 10, 2026');
    expect(screen.getByTestId('safe-to-spend')).toHaveTextContent('$0.00');
  });
});

describe('the snapshot and the switches explain themselves', () => {
  it('the snapshot says its arithmetic in words, and it adds up', async () => {
    render({
      wallets: () => [buildWallet({ balance: 3100 })],
      cashFlowAnalysis: () =>
        buildExampleAnalysis({
          availableCash: 2929,
          wallets: [
            {
              walletId: '1',
              walletName: 'Checking',
              balance: 3100,
              availableBalance: 3100,
              defaultWallet: true,
              lastUpdate: null,
            },
          ],
        }),
    });
    const snapshot = await screen.findByRole('region', { name: 'Cash Flow Snapshot' });
    expect(snapshot).toHaveTextContent(
      'Wallet balances $3,100.00 − payments and bills still to clear $171.00 = $2,929.00',
    );
    expect(snapshot).toHaveTextContent('Last income $2,000.00 − obligations $1,571.00 = $429.00');
  });

  it('Paid and Cleared say what each does to the due date, the wallet and the payment history', async () => {
    render();
    const help = await screen.findByText(/you sent the payment/);
    expect(help.closest('dl')).toHaveTextContent(
      'Paid you sent the payment. The bill keeps its due date and its amount is set aside from the wallet (its available balance) until it clears; it is not in the payment history yet.',
    );
    expect(help.closest('dl')).toHaveTextContent(
      'Cleared the money has left the bank account. Save Paid Info then takes it off the wallet, records it in the payment history and moves the bill to its next due date.',
    );
  });
});

describe('TrueNetHero: bills that come less often', () => {
  it('shows true net income with their shares beside the seed figure, the shares one tap away, and what is held', async () => {
    render({
      cashFlowAnalysis: () =>
        buildExampleAnalysis({
          setAsideThisPeriod: 46.03,
          netIncomeAfterSetAside: 382.97,
          heldForBills: 1186.85,
          setAsideBills: [
            {
              liabilityId: '31',
              name: 'Car insurance',
              frequency: 'YEARLY',
              nextDueDate: '2026-11-20',
              payment: 1200,
              shareThisPeriod: 46.03,
              heldNow: 1186.85,
            },
          ],
        }),
    });
    const line = await screen.findByTestId('net-after-set-aside');
    expect(line).toHaveTextContent('Counting your yearly bill as a share of each period: $382.97');
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    await userEvent.click(within(line).getByText('The shares'));
    expect(within(line).getByText(/Car insurance \(yearly, due/)).toHaveTextContent(
      '$46.03 this period, $1,186.85 held by now',
    );
    expect(screen.getByTestId('held-for-bills')).toHaveTextContent('$1,186.85');
  });

  it('says nothing of them when there are none', async () => {
    render();
    await screen.findByTestId('true-net-income');
    expect(screen.queryByTestId('net-after-set-aside')).toBeNull();
    expect(screen.queryByTestId('held-for-bills')).toBeNull();
  });
});
