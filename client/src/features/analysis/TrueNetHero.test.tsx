import { screen, within } from '@testing-library/react';
import {
  buildExampleAnalysis,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildWallet,
  renderWithApollo,
  type Resolvers,
} from '../../kit/testing';
import { UserHomePage } from '../dashboard/UserHomePage';

jest.mock('../dashboard/navigation', () => ({ leaveTo: jest.fn() }));

function forecast(overrides: Record<string, unknown> = {}) {
  return {
    asOf: '2026-01-07',
    horizon: '2026-02-20',
    walletId: '1',
    startBalance: 2500,
    days: [],
    lowestBalance: 929,
    lowestDate: '2026-01-15',
    firstNegativeDate: null,
    nextIncomeDate: '2026-01-16',
    safeToSpend: 929,
    ...overrides,
  };
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
    const { operations } = render();
    const hero = await screen.findByRole('region', { name: 'True net income' });
    expect(
      within(hero).getByRole('heading', { name: 'True net income until Fri Jan 16, 2026' }),
    ).toBeInTheDocument();
    expect(within(hero).getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(hero).toHaveTextContent('Last pay $2,000.00 − this period’s bills $1,571.00 (paid ones included)');
    expect(await within(hero).findByTestId('safe-to-spend')).toHaveTextContent('$929.00');
    expect(within(hero).getByTestId('lowest-balance')).toHaveTextContent(
      'Lowest balance ahead: $929.00 on Thu Jan 15, 2026',
    );
    expect(within(hero).getByTestId('lowest-balance')).not.toHaveClass('text-danger');
    expect(operations.find((o) => o.operationName === 'DashboardForecast')?.variables).toMatchObject({
      walletId: '1',
    });
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
    expect(lowest).toHaveTextContent('Lowest balance ahead: -$120.50 on Mon Jan 12, 2026');
    expect(lowest).toHaveTextContent('Below zero from Sat Jan 10, 2026');
    expect(screen.getByTestId('safe-to-spend')).toHaveTextContent('$0.00');
  });
});
