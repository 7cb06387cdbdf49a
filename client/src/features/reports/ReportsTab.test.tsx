import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApollo } from '../../kit/testing';
import { ReportsTab } from './ReportsTab';

const groceries = { id: '2', key: 'GROCERIES', name: 'Groceries' };
const dining = { id: '3', key: 'DINING', name: 'Dining' };

const MONTHS = [
  {
    month: '2026-10',
    income: 6000,
    spending: 465,
    bills: 300,
    net: 5235,
    topCategories: [
      { category: groceries, spent: 400 },
      { category: null, spent: 45 },
      { category: dining, spent: 20 },
    ],
  },
  {
    month: '2026-11',
    income: 2000,
    spending: 80,
    bills: 300,
    net: 1620,
    topCategories: [{ category: dining, spent: 80 }],
  },
];

function setUp() {
  const saved: { name: string; text: string }[] = [];
  const createObjectURL = jest.fn((blob: Blob) => {
    const reader = new FileReader();
    reader.onload = () => saved.push({ name: 'blob', text: String(reader.result) });
    reader.readAsText(blob);
    return 'blob:report';
  });
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const rendered = renderWithApollo(<ReportsTab />, {
    cashFlowByMonth: () => MONTHS,
    netWorth: () => [
      { date: '2026-10-31', wallets: 2980, debts: 9300, netWorth: -6320 },
      { date: '2026-11-16', wallets: 5000, debts: 9000, netWorth: -4000 },
    ],
    payPeriodHistory: () => [
      {
        start: '2026-10-16',
        end: '2026-10-29',
        pay: 2000,
        bills: 0,
        otherSpending: 20,
        trueNetIncome: 1960,
        leftAtEnd: 1980,
      },
      {
        start: '2026-10-30',
        end: '2026-11-12',
        pay: 2000,
        bills: 300,
        otherSpending: 45,
        trueNetIncome: 1700,
        leftAtEnd: 1655,
      },
    ],
  });
  return { ...rendered, saved };
}

describe('ReportsTab', () => {
  it('sums each chart up in a sentence, with the table behind it', async () => {
    setUp();
    expect(
      await screen.findByText(
        'In the last 2 months, $8,000.00 came in and $1,145.00 went out to bills and spending: +$6,855.00. The best month was Oct 2026, +$5,235.00.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('$545.00 spent in these months; Groceries took the most, $400.00 (73%).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your net worth is -$4,000.00 today (wallets $5,000.00, debts $9,000.00), up by $2,320.00 since Oct 31.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Over your last 2 pay periods, true net income averaged $1,830.00 and $1,817.50 was left at the end: $12.50 a period went to spending beyond the bills.',
      ),
    ).toBeInTheDocument();
    const cashFlow = screen.getByRole('region', { name: 'Cash flow by month' });
    const table = within(cashFlow).getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthInBillsSpendingNet',
      'Oct 2026$6,000.00$300.00$465.00$5,235.00',
      'Nov 2026$2,000.00$300.00$80.00$1,620.00',
    ]);
    const spending = screen.getByRole('region', { name: 'Spending by category' });
    expect(
      within(spending)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Groceries', 'Dining', 'Not sorted yet', 'Everything else', 'Total']);
  });

  it('reads a column out from the keyboard, and asks for further back', async () => {
    const { operations } = setUp();
    const chart = await screen.findByRole('group', { name: /Cash flow by month: the arrow keys/ });
    chart.focus();
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(
      await screen.findByText('Oct 2026: in $6,000.00, bills $300.00, spending $465.00, net $5,235.00'),
    ).toBeInTheDocument();
    fireEvent.keyDown(chart, { key: 'End' });
    expect(
      await screen.findByText('Nov 2026: in $2,000.00, bills $300.00, spending $80.00, net $1,620.00'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '24 months' }));
    await waitFor(() =>
      expect(
        operations.filter((operation) => operation.operationName === 'Reports').at(-1)?.variables,
      ).toEqual({
        months: 24,
        periods: 36,
        timeZone: expect.any(String),
      }),
    );
  });

  it('downloads each table as CSV', async () => {
    const { saved } = setUp();
    const cashFlow = await screen.findByRole('region', { name: 'Cash flow by month' });
    await userEvent.click(within(cashFlow).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.text).toBe(
      'Month,Income,Bills,Spending,Net\r\n2026-10,6000.00,300.00,465.00,5235.00\r\n2026-11,2000.00,300.00,80.00,1620.00\r\n',
    );
  });
});
