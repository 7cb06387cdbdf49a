import { MemoryRouter } from 'react-router-dom';
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
import { ScrollObserver } from '../../test/scrollObserver';
import { UserHomePage } from './UserHomePage';

jest.mock('./navigation', () => ({ leaveTo: jest.fn() }));

function checklist(): HTMLElement {
  return screen.getByRole('region', { name: 'Three steps to your true net income' });
}

const findChecklist = () => screen.findByRole('region', { name: 'Three steps to your true net income' });

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

const payroll = {
  id: 's2',
  kind: 'INCOME',
  walletId: '9',
  name: 'Acme Corp Payroll',
  frequency: 'BIWEEKLY',
  amount: 2150,
  averageAmount: 2150,
  amountVaries: false,
  lastDate: '2026-11-13',
  nextDate: '2026-11-27',
  status: 'MATURE',
  occurrences: [
    { date: '2026-10-30', amount: 2150, description: 'ACME CORP PAYROLL' },
    { date: '2026-11-13', amount: 2150, description: 'ACME CORP PAYROLL' },
  ],
};

/** A new account whose wallets are the ones added through the form. */
function renderNewAccountAddingWallets() {
  const stored: WalletRowFragment[] = [];
  renderWithApollo(
    <MemoryRouter>
      <UserHomePage />
    </MemoryRouter>,
    newAccount({
      wallets: () => stored,
      addWallet: (args: { input: { walletName: string } }) => {
        const wallet = buildWallet({ id: '9', walletName: args.input.walletName });
        stored.push(wallet);
        return wallet;
      },
    }),
  );
}

/** A new account with a wallet, whose bank history shows a payroll. */
function renderWithPayrollFound() {
  renderWithApollo(
    <MemoryRouter>
      <UserHomePage />
    </MemoryRouter>,
    newAccount({
      wallets: () => [buildWallet({ id: '9', walletName: 'Checking' })],
      recurringSuggestions: () => [payroll],
      amountChanges: () => [],
    }),
  );
}

beforeEach(() => window.localStorage.clear());

describe('the first run of a new household', () => {
  it('offers three ways to bring the money in, and ticks a step off when its data is there', async () => {
    renderNewAccountAddingWallets();
    await screen.findByText(/^3 steps to go\. Then this page shows what you can spend before payday\.$/);
    const steps = within(checklist()).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Bring in your money (to do)'),
      expect.stringContaining('Add your pay (to do)'),
      expect.stringContaining('Add your bills (to do)'),
    ]);
    expect(within(checklist()).getByRole('link', { name: 'Connect a bank' })).toHaveAttribute(
      'href',
      '/manageaccount?section=bank-connections',
    );

    await userEvent.click(within(checklist()).getByRole('button', { name: 'Add a wallet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Wallet')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Wallet Name'), 'Checking');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save New Record' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Close', hidden: true }));

    await screen.findByText(/^2 steps to go\./);
    expect(within(checklist()).getByText('(done)', { exact: false })).toBeInTheDocument();
    expect(within(checklist()).queryByRole('button', { name: 'Add a wallet' })).not.toBeInTheDocument();
    expect(within(checklist()).getByRole('button', { name: 'Add your pay' })).toBeInTheDocument();
  });

  it('asks for a wallet first when a statement is imported, then opens the import for it', async () => {
    renderNewAccountAddingWallets();
    await userEvent.click(
      await within(await findChecklist()).findByRole('button', { name: 'Import a statement' }),
    );
    const walletDialog = await screen.findByRole('dialog');
    await userEvent.type(within(walletDialog).getByLabelText('Wallet Name'), 'Checking');
    await userEvent.click(within(walletDialog).getByRole('button', { name: 'Save New Record' }));
    await userEvent.click(await within(walletDialog).findByRole('button', { name: 'Close', hidden: true }));
    expect(await screen.findByRole('dialog', { name: 'Import statement: Checking' })).toBeInTheDocument();
  });

  it('offers what was found in the bank for the pay step, and opens its review', async () => {
    renderWithPayrollFound();
    const guide = await findChecklist();
    expect(await within(guide).findByText('1 found in your bank, ready to add.')).toBeInTheDocument();
    await userEvent.click(within(guide).getByRole('button', { name: 'Review what we found' }));
    expect(
      await screen.findByText('Acme Corp Payroll', { selector: '[role="dialog"] *' }),
    ).toBeInTheDocument();
  });

  it("finds what was found in the bank itself while the Analysis' section waits below the screen", () =>
    ScrollObserver.around(async () => {
      renderWithPayrollFound();
      const guide = await findChecklist();
      expect(await within(guide).findByText('1 found in your bank, ready to add.')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Found in your bank' })).toBeEmptyDOMElement();
    }));

  it('opens the pay and bill forms from their steps', async () => {
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      newAccount({ wallets: () => [buildWallet()] }),
    );
    await userEvent.click(await within(await findChecklist()).findByRole('button', { name: 'Add your pay' }));
    expect(within(await screen.findByRole('dialog')).getByText('Add Income')).toBeInTheDocument();
  });

  it('steps aside for good once there is a number', async () => {
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      newAccount({
        wallets: () => [buildWallet()],
        incomeSources: () => [buildIncomeSource()],
        liabilities: () => [buildLiability()],
        cashFlowAnalysis: () => buildExampleAnalysis(),
      }),
    );
    await screen.findByText('Net Income This Period');
    await waitFor(() => expect(window.localStorage.getItem('truenet.firstRunFinished')).toBe('1'));
    expect(
      screen.queryByRole('region', { name: 'Three steps to your true net income' }),
    ).not.toBeInTheDocument();
  });

  it('stays away after it finished, even with the household emptied, and watches nothing', async () => {
    window.localStorage.setItem('truenet.firstRunFinished', '1');
    const { client } = renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      newAccount(),
    );
    await screen.findByRole('tab', { name: 'Analysis' });
    // Once the Analysis tab watches its queries, nothing watches the guide's counts.
    const watched = () => [...client.getObservableQueries('all').values()].map((query) => query.queryName);
    await waitFor(() => expect(watched()).toContain('DashboardAnalysis'));
    expect(watched()).not.toContain('FirstRunCounts');
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Three steps to your true net income' }),
      ).not.toBeInTheDocument(),
    );
  });
});
