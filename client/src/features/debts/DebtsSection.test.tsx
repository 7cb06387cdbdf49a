import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXTRA_PAYMENT_MESSAGE } from '@truenet/core';
import { renderWithApollo } from '../../kit/testing';
import { DebtsSection } from './DebtsSection';

const plan = {
  debtFreeMonth: '2029-06',
  totalInterest: 2152,
  interestSavedVsMinimums: 2225,
  monthsSavedVsMinimums: 33,
  debts: [
    {
      liabilityId: '1',
      name: 'Chase Visa',
      startBalance: 4200,
      apr: 24.99,
      monthlyPayment: 120,
      payoffMonth: '2028-01',
    },
  ],
  balances: [
    { month: '2026-12', balance: 4200 },
    { month: '2029-06', balance: 0 },
  ],
};

describe('DebtsSection', () => {
  it('names the range under an extra a month it cannot plan with, and plans with the most it takes', async () => {
    const asked: number[] = [];
    renderWithApollo(<DebtsSection timeZone="America/New_York" onDebtFree={() => undefined} />, {
      debtPlan: (args: { extraPayment: number }) => {
        asked.push(args.extraPayment);
        return plan;
      },
    });
    const extra = await screen.findByLabelText('Extra a month');
    // Bootstrap shows the message beside a control marked invalid (no CSS here: the class says it).
    expect(extra).not.toHaveClass('is-invalid');
    await userEvent.type(extra, '2000000');
    await userEvent.tab();
    expect(extra).toHaveClass('is-invalid');
    expect(screen.getByText(EXTRA_PAYMENT_MESSAGE)).toHaveClass('invalid-feedback');
    expect(Math.max(...asked)).toBe(1_000_000);
  });
});
