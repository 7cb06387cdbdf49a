import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentRowFragment } from '../../gql/graphql';
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

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

function buildPayment(overrides: Partial<PaymentRowFragment> = {}): PaymentRowFragment {
  return {
    id: '901',
    liabilityId: '21',
    creditorName: 'Home Mortgage',
    dueDate: '2026-01-05',
    amount: 1400,
    walletId: '1',
    paidOn: '2026-01-06',
    kind: 'PAID',
    enteredBy: null,
    ...overrides,
  };
}

/** The example after the mortgage was settled on Jan 6: it stays this period's obligation, paid. */
function settledAnalysis() {
  const [mortgage, ...rest] = buildExampleAnalysis().obligations;
  return buildExampleAnalysis({
    obligations: [
      {
        ...mortgage!,
        current: false,
        paid: true,
        cleared: true,
        pastDue: false,
        settled: true,
        paidOn: '2026-01-06',
        amountPaid: 1400,
        paymentId: '901',
      },
      ...rest,
    ],
  });
}

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

function obligationRow(name: string): HTMLElement {
  const card = screen.getByRole('region', { name: /^Obligations Due By/ });
  const row = within(card).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

async function renderDashboard(overrides: Resolvers = {}) {
  const utils = renderWithApollo(<UserHomePage />, resolvers(overrides));
  await findWholeAnalysis();
  return utils;
}

describe('paid bills stay in this period, and can be undone or skipped', () => {
  it('a settled row shows the day it was paid and the amount, without switches; Undo takes it back', async () => {
    const undoLiabilityPayment = jest.fn(() => ({
      payment: buildPayment(),
      wallets: [buildWallet({ balance: 2500 })],
      liabilities: [buildLiability()],
      analysis: buildExampleAnalysis(),
    }));
    await renderDashboard({ cashFlowAnalysis: () => settledAnalysis(), undoLiabilityPayment });
    const mortgage = obligationRow('Home Mortgage');
    expect(within(mortgage).getByText('Paid Tue Jan 6, 2026')).toBeInTheDocument();
    expect(within(mortgage).getByText('$1,400.00')).toBeInTheDocument();
    expect(within(mortgage).queryByRole('switch')).not.toBeInTheDocument();

    await userEvent.click(
      within(mortgage).getByRole('button', { name: 'Undo the payment of Home Mortgage due Mon Jan 5, 2026' }),
    );
    expect(
      await screen.findByText('Payment of Home Mortgage due Mon Jan 5, 2026 undone'),
    ).toBeInTheDocument();
    expect(undoLiabilityPayment).toHaveBeenCalledWith({ paymentId: '901', walletId: '1', timeZone: zone });
    await waitFor(() =>
      expect(within(obligationRow('Home Mortgage')).getByText('Past Due')).toBeInTheDocument(),
    );
  });

  it('Skip this time sends the current due date; the answer re-renders the table', async () => {
    const skipLiabilityOccurrence = jest.fn(() => ({
      payment: buildPayment({ kind: 'SKIPPED', amount: 0, walletId: null }),
      wallets: [buildWallet()],
      liabilities: [buildLiability({ dueDate: '2026-02-05' })],
      analysis: buildExampleAnalysis({ obligations: buildExampleAnalysis().obligations.slice(1) }),
    }));
    await renderDashboard({ skipLiabilityOccurrence });
    await userEvent.click(
      within(obligationRow('Home Mortgage')).getByRole('button', {
        name: 'Skip this time: Home Mortgage due Mon Jan 5, 2026',
      }),
    );
    expect(await screen.findByText('Skipped Home Mortgage due Mon Jan 5, 2026')).toBeInTheDocument();
    expect(skipLiabilityOccurrence).toHaveBeenCalledWith({
      liabilityId: '21',
      dueDate: '2026-01-05',
      walletId: '1',
      timeZone: zone,
    });
    const card = screen.getByRole('region', { name: /^Obligations Due By/ });
    expect(within(card).queryByText('Home Mortgage')).not.toBeInTheDocument();
  });

  it('a skip the server refuses shows its message', async () => {
    await renderDashboard({
      skipLiabilityOccurrence: () => {
        throw new Error('Only the current occurrence of Home Mortgage (due Mon Jan 5, 2026) can be skipped');
      },
    });
    await userEvent.click(
      within(obligationRow('Home Mortgage')).getByRole('button', { name: /^Skip this time: Home Mortgage/ }),
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('a row about to settle takes the amount actually paid; Save Paid Info sends it', async () => {
    const savePaidInfo = jest.fn(() => ({
      wallet: buildWallet({ balance: 1265.44 }),
      liabilities: [buildLiability()],
      analysis: settledAnalysis(),
    }));
    await renderDashboard({ savePaidInfo });
    expect(screen.queryByLabelText('Amount paid')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Paid Home Mortgage' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Cleared Home Mortgage' }));
    const amount = within(obligationRow('Home Mortgage')).getByLabelText('Amount paid');
    expect(amount).toHaveValue('$1,400.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1234.56');
    expect(screen.getByText(/Leaves the wallet when you save/).textContent).toContain('$1,234.56');
    await userEvent.click(screen.getByRole('button', { name: 'Save Paid Info *' }));
    await waitFor(() =>
      expect(savePaidInfo).toHaveBeenCalledWith({
        walletId: '1',
        changes: [{ liabilityId: '21', paid: true, cleared: true, dueDate: '2026-01-05', amount: 1234.56 }],
        timeZone: zone,
      }),
    );
  });

  it('an amount paid of zero is refused before anything is sent', async () => {
    const savePaidInfo = jest.fn();
    await renderDashboard({ savePaidInfo });
    await userEvent.click(screen.getByRole('switch', { name: 'Paid Home Mortgage' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Cleared Home Mortgage' }));
    const amount = within(obligationRow('Home Mortgage')).getByLabelText('Amount paid');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save Paid Info *' }));
    expect(
      await screen.findByText('The amount paid for Home Mortgage must be more than $0.00'),
    ).toBeInTheDocument();
    expect(savePaidInfo).not.toHaveBeenCalled();
  });

  it('Manage Expenses shows an expense’s payment history, skips included, and undoes the latest', async () => {
    const undoLiabilityPayment = jest.fn(() => ({
      payment: buildPayment({ id: '902' }),
      wallets: [buildWallet()],
      liabilities: [buildLiability()],
      analysis: buildExampleAnalysis(),
    }));
    await renderDashboard({
      liabilityPayments: () => [
        buildPayment({
          id: '902',
          dueDate: '2026-02-05',
          paidOn: '2026-01-06',
          kind: 'SKIPPED',
          amount: 0,
          walletId: null,
        }),
        buildPayment({ id: '901', dueDate: '2026-01-05', paidOn: '2026-01-06' }),
      ],
      undoLiabilityPayment,
    });
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Expenses' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Payment history of/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Payment History:/ });
    const rows = await within(dialog).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Skipped')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('$1,400.00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Checking')).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(rows[1]!).getByRole('button', { name: 'Undo the skip due Thu Feb 5, 2026' }),
    );
    expect(await within(dialog).findByText('The payment due Thu Feb 5, 2026 was undone')).toBeInTheDocument();
    expect(undoLiabilityPayment).toHaveBeenCalledWith({ paymentId: '902', timeZone: zone });
  });
});
