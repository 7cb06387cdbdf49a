import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WriteAccessContext } from '../../kit/access';
import { renderWithApollo } from '../../kit/testing';
import { SpendingTab } from './SpendingTab';

const category = (id: string, key: string | null, name: string, parentId: string | null = null) => ({
  id,
  key,
  name,
  parentId,
  archived: false,
});
const CATEGORIES = [
  category('1', 'INCOME', 'Income'),
  category('2', 'GROCERIES', 'Groceries'),
  category('3', 'DINING', 'Dining'),
  category('4', 'DEBT_PAYMENTS', 'Debt payments'),
  category('5', null, 'Coffee', '3'),
];
const row = (id: string, payee: string, amount: number, categoryId: string | null) => ({
  id,
  walletId: '1',
  date: '2026-11-05',
  direction: 'SPENT',
  amount,
  description: `SQ *${payee.toUpperCase()} DENVER CO`,
  payee,
  category: categoryId ? CATEGORIES.find((c) => c.id === categoryId) : null,
  categorySource: categoryId ? 'BUILT_IN' : null,
  splits: [],
  transactionId: null,
});

function setUp() {
  const categorized: Record<string, unknown>[] = [];
  const setBudgets: Record<string, unknown>[] = [];
  const budgets = [
    {
      budget: { id: 'b9', category: CATEGORIES[2], monthly: 120, rollover: true },
      month: '2026-11',
      carried: 20,
      spent: 125,
      left: 15,
      leftPerDay: 1.5,
      status: 'NEAR',
    },
  ];
  const unsorted = [row('h1', 'Kims', 18, null), row('h2', 'Blue Door', 47, null)];
  const resolvers = {
    cashFlowAnalysis: () => ({ asOf: '2026-11-20', periodStart: '2026-11-13', nextIncomeDate: '2026-11-27' }),
    categories: () => CATEGORIES,
    spendingByCategory: () => [
      { category: CATEGORIES[1], spent: 120.5, count: 3, previousAverage: 100 },
      { category: null, spent: 65, count: 2, previousAverage: 0 },
    ],
    ledger: (args: { uncategorized?: boolean; categoryId?: string }) => {
      const rows = args.uncategorized ? unsorted : [row('h9', 'King Soopers', 54.2, '2')];
      return { rows, total: rows.length, nextCursor: null };
    },
    budgetProgress: () => budgets,
    budgetSuggestions: () => [{ category: CATEGORIES[1], monthly: 415 }],
    setBudget: (args: Record<string, unknown>) => {
      setBudgets.push(args);
      return {
        id: 'b1',
        category: CATEGORIES.find((c) => c.id === args.categoryId),
        monthly: args.monthly,
        rollover: args.rollover,
      };
    },
    categorize: (args: Record<string, unknown>) => {
      categorized.push(args);
      const index = unsorted.findIndex((candidate) => candidate.id === args.rowId);
      const [done] = unsorted.splice(index, 1);
      return { row: { ...done, category: CATEGORIES.find((c) => c.id === args.categoryId) }, alsoChanged: 0 };
    },
  };
  const rendered = renderWithApollo(
    <WriteAccessContext.Provider value={true}>
      <SpendingTab />
    </WriteAccessContext.Provider>,
    resolvers,
  );
  return { ...rendered, categorized, setBudgets };
}

describe('SpendingTab', () => {
  it("shows this pay period's spending by category, with the change from usual, and asks for the period's days", async () => {
    const { operations } = setUp();
    expect(await screen.findByText('$185.50')).toBeInTheDocument();
    expect(screen.getByText(/spent from Nov 13 to Nov 26/)).toBeInTheDocument();
    const groceries = screen.getByRole('button', { name: /Groceries/ });
    expect(within(groceries).getByText('$20.50 more than usual')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Not sorted yet/ })).toBeInTheDocument();
    expect(
      operations.find((operation) => operation.operationName === 'SpendingByCategory')?.variables,
    ).toEqual({
      from: '2026-11-13',
      to: '2026-11-26',
    });
  });

  it("opens a category's rows, and a new category for a row is kept for its payee", async () => {
    const { categorized } = setUp();
    await userEvent.click(await screen.findByRole('button', { name: /Not sorted yet/ }));
    const picker = await screen.findByRole('combobox', { name: 'Category of Kims on 2026-11-05' });
    expect(screen.getAllByRole('checkbox', { name: 'Always for Kims' })[0]).toBeChecked();
    await userEvent.selectOptions(picker, 'Dining');
    await waitFor(() =>
      expect(categorized).toEqual([{ rowId: 'h1', categoryId: '3', remember: true, applyToPast: true }]),
    );
    expect(await screen.findByText('Kims: Dining')).toBeInTheDocument();
  });

  it('walks the rows to sort from the keyboard: a first letter, then Enter', async () => {
    const { categorized } = setUp();
    await userEvent.click(await screen.findByRole('button', { name: '2 rows to sort' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Kims')).toBeInTheDocument();
    await userEvent.keyboard('d');
    expect(within(dialog).getByRole('button', { name: 'Dining' })).toHaveFocus();
    await userEvent.keyboard('d');
    expect(within(dialog).getByRole('button', { name: 'Debt payments' })).toHaveFocus();
    await userEvent.keyboard('g{Enter}');
    await waitFor(() => expect(categorized).toHaveLength(1));
    expect(categorized[0]).toMatchObject({ rowId: 'h1', categoryId: '2' });
    expect(await within(dialog).findByText('Blue Door')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip' }));
    expect(await within(dialog).findByText(/1 row put in a category/)).toBeInTheDocument();
  });

  it('steps through months', async () => {
    const { operations } = setUp();
    await screen.findByText('$185.50');
    await userEvent.click(screen.getByRole('button', { name: 'Month' }));
    await userEvent.click(screen.getByRole('button', { name: 'The month before' }));
    await waitFor(() =>
      expect(
        operations.filter((operation) => operation.operationName === 'SpendingByCategory').at(-1)?.variables,
      ).toEqual({
        from: expect.stringMatching(/-01$/),
        to: expect.any(String),
      }),
    );
  });
});

describe('SpendingTab: budgets', () => {
  it('shows each budget as a bar with what is left a day, and sets one from the suggestion', async () => {
    const { setBudgets } = setUp();
    const section = await screen.findByRole('region', { name: 'Budgets' });
    expect(
      await within(section).findByText('$15.00 left · $1.50 a day (with $20.00 carried)'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Near')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Set a budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set a budget' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Category'), 'Groceries');
    expect(
      await within(dialog).findByText('Suggested from the last three months: $415.00'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('A month')).toHaveValue('$415.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save budget' }));
    await waitFor(() =>
      expect(setBudgets).toEqual([
        { categoryId: '2', monthly: 415, rollover: false, timeZone: expect.any(String) },
      ]),
    );
  });
});
