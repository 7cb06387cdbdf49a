import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { buildWallet, renderWithApollo, type Resolvers } from '../../kit/testing';
import { FoundInYourBank } from './FoundInYourBank';
import { foundHeadline } from './recurringView';

const netflix = {
  id: 's1',
  kind: 'BILL',
  walletId: 'w1',
  name: 'Netflix.com',
  frequency: 'MONTHLY',
  amount: 15.49,
  averageAmount: 15.49,
  amountVaries: false,
  lastDate: '2026-11-14',
  nextDate: '2026-12-14',
  status: 'MATURE',
  occurrences: [
    { date: '2026-09-14', amount: 15.49, description: 'POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172' },
    { date: '2026-10-14', amount: 15.49, description: 'NETFLIX.COM 866-579-7172' },
    { date: '2026-11-14', amount: 15.49, description: 'NETFLIX.COM 866-579-7172' },
  ],
};
const payroll = {
  ...netflix,
  id: 's2',
  kind: 'INCOME',
  name: 'Acme Corp Payroll',
  frequency: 'BIWEEKLY',
  amount: 2150,
  averageAmount: 2100,
  amountVaries: true,
  nextDate: '2026-11-27',
};
const hulu = {
  ...netflix,
  id: 's3',
  name: 'Hulu',
  status: 'EARLY',
  occurrences: netflix.occurrences.slice(1),
};

function renderFound(resolvers: Resolvers, canWrite = true) {
  return renderWithApollo(<FoundInYourBank timeZone="America/New_York" canWrite={canWrite} />, {
    wallets: () => [buildWallet({ id: 'w1', walletName: 'Checking' })],
    amountChanges: () => [],
    // Fetched again after a change whether or not shown (kit/moneyViews.ts).
    liabilities: () => [],
    incomeSources: () => [],
    ...resolvers,
  });
}

describe('Found in your bank', () => {
  it('says what it found in one line, and shows nothing when there is nothing', async () => {
    expect(foundHeadline(['BILL', 'BILL', 'BILL', 'BILL', 'INCOME'])).toBe(
      'Found in your bank: 4 bills and 1 pay',
    );
    expect(foundHeadline(['BILL'])).toBe('Found in your bank: 1 bill');
    expect(foundHeadline(['INCOME', 'INCOME'])).toBe('Found in your bank: 2 pays');
    const { operations } = renderFound({ recurringSuggestions: () => [] });
    await waitFor(() => expect(operations.map((o) => o.operationName)).toContain('FoundInYourBank'));
    expect(screen.queryByText(/Found in your bank/)).not.toBeInTheDocument();
  });

  it('lists each suggestion with its evidence, sure ones first and two-time ones under Maybe', async () => {
    const { operations } = renderFound({ recurringSuggestions: () => [netflix, payroll, hulu] });
    expect(await screen.findByText('Found in your bank: 2 bills and 1 pay')).toBeInTheDocument();
    // The card asks only what it says; the evidence (a year of rows in a busy household) waits
    // until the review opens.
    const names = () => operations.map((operation) => operation.operationName);
    expect(names()).not.toContain('RecurringReview');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(names()).toContain('RecurringReview'));
    const dialog = await screen.findByRole('dialog', { name: 'Found in your bank' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Netflix.com Bill',
      'Acme Corp Payroll Pay',
      'Hulu Bill',
    ]);
    expect(items[0]).toHaveTextContent('Every month · next Mon Dec 14, 2026 · Checking');
    expect(items[0]).toHaveTextContent('Paid 3 times since Mon Sep 14, 2026');
    expect(items[0]).toHaveTextContent('POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172');
    expect(items[1]).toHaveTextContent('varies, latest $2,150.00');
    expect(within(dialog).getByRole('heading', { name: 'Maybe' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Add as pay' })).toBeInTheDocument();
  });

  it('adds a bill through the edit step, and shows a refusal under the field it names', async () => {
    const accepted: unknown[] = [];
    let left = [netflix];
    const { operations } = renderFound({
      recurringSuggestions: () => left,
      acceptRecurringSuggestion: ({ id, input }) => {
        accepted.push({ id, input });
        if ((input as { name: string }).name.trim() === '') {
          throw new GraphQLError('Please enter a name', {
            extensions: { code: 'BAD_USER_INPUT', field: 'name' },
          });
        }
        left = [];
        return { liability: { id: '9', creditorName: 'Netflix' }, incomeSource: null };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add as a bill' }));
    const name = screen.getByLabelText('Bill name');
    expect(name).toHaveValue('Netflix.com');
    expect(screen.getByLabelText('Amount')).toHaveValue('$15.49');
    expect(screen.getByLabelText('Next due')).toHaveValue('2026-12-14');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(name);
    await userEvent.type(name, 'Netflix');
    await userEvent.click(screen.getByLabelText('Paid automatically'));
    await userEvent.click(screen.getByRole('button', { name: 'Add bill' }));
    expect(await screen.findByText('Netflix was added to your bills.')).toBeInTheDocument();
    // The bill list is asked for again though nothing here shows it: Manage Expenses reads it later.
    expect(operations.map((operation) => operation.operationName)).toContain('DashboardLiabilities');
    expect(accepted.at(-1)).toEqual({
      id: 's1',
      input: { name: 'Netflix', amount: 15.49, nextDate: '2026-12-14', debtType: null, autoPay: true },
    });
    expect(await screen.findByText('Nothing left to review.')).toBeInTheDocument();
  });

  it('sets a payee aside as not recurring, and a viewer may look but not change', async () => {
    const dismissed: string[] = [];
    renderFound({
      recurringSuggestions: () => (dismissed.length ? [] : [netflix]),
      dismissRecurringSuggestion: ({ id }) => {
        dismissed.push(id as string);
        return true;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Not recurring' }));
    expect(await screen.findByText('Netflix.com will not be suggested again.')).toBeInTheDocument();
    expect(dismissed).toEqual(['s1']);
  });

  it('says when a bill went up at the bank, and follows it or keeps the plan’s amount', async () => {
    const raised = {
      id: 'bill-4-1799',
      kind: 'BILL',
      liabilityId: '4',
      incomeSourceId: null,
      name: 'Netflix',
      scheduled: 15.49,
      actual: 17.99,
      since: '2026-10-14',
    };
    const calls: string[] = [];
    let changes = [
      raised,
      { ...raised, id: 'bill-5-3150', liabilityId: '5', name: 'Gym', scheduled: 30, actual: 31.5 },
    ];
    renderFound({
      recurringSuggestions: () => [],
      amountChanges: () => changes,
      applyAmountChange: ({ id }) => {
        calls.push(`apply ${String(id)}`);
        changes = changes.filter((change) => change.id !== id);
        return raised;
      },
      dismissAmountChange: ({ id }) => {
        calls.push(`keep ${String(id)}`);
        changes = changes.filter((change) => change.id !== id);
        return true;
      },
    });
    expect(await screen.findByText('Netflix went up: $15.49 → $17.99')).toBeInTheDocument();
    expect(screen.getAllByText('Paid at the new amount twice, since Wed Oct 14, 2026.')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Update to $17.99' }));
    await waitFor(() => expect(screen.queryByText(/Netflix went up/)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Keep $30.00' }));
    await waitFor(() => expect(screen.queryByText(/Gym went up/)).not.toBeInTheDocument());
    expect(calls).toEqual(['apply bill-4-1799', 'keep bill-5-3150']);
  });

  it('keeps its buttons off for a person who may not change the plan', async () => {
    renderFound({ recurringSuggestions: () => [netflix] }, false);
    await userEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByRole('button', { name: 'Add as a bill' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Not recurring' })).toBeDisabled();
  });
});
