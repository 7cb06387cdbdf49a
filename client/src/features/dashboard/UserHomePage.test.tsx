import { MemoryRouter } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { firstValueFrom } from 'rxjs';
import { ApolloProvider } from '@apollo/client/react';
import { DashboardFirstScreenDocument, type AnalysisViewFragment } from '../../gql/graphql';
import { EARLY_FIRST_SCREEN_KEY } from '../../app/session/graphQLRequest';
import {
  buildExampleAnalysis,
  buildForecast,
  buildIncomeOccurrence,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildObligation,
  buildWallet,
  deferred,
  findWholeAnalysis,
  renderWithApollo,
  schemaLink,
  type Resolvers,
} from '../../kit/testing';
import { leaveTo } from './navigation';
import { tabHousehold } from '../../app/session/tabHousehold';
import { UserHomePage } from './UserHomePage';
import { LAZY_TABS } from './lazyTabs';
import { partsReads } from './useFirstScreen';
import { forgetWantedTab, WANTED_TAB_KEY, wantedTab } from './wantedTab';
import { earlyFrameOf } from './earlyFrame';
import { currentEarlyFrame, EARLY_FRAME_KEY } from './earlyFrameOnPage';
import { browserTimeZone } from '../../kit/dates';
import { ScrollObserver } from '../../test/scrollObserver';

jest.mock('./navigation', () => ({ leaveTo: jest.fn() }));

beforeEach(() => tabHousehold.forget());
afterEach(forgetWantedTab);

function resolvers(overrides: Resolvers = {}): Resolvers {
  return {
    me: () => buildMe(),
    wallets: () => [
      buildWallet(),
      buildWallet({ id: '2', walletName: 'Savings', defaultWallet: false, balance: -12.5 }),
    ],
    incomeSources: () => [buildIncomeSource()],
    liabilities: () => [buildLiability()],
    cashFlowAnalysis: () => buildExampleAnalysis(),
    balanceForecast: () => buildForecast(),
    household: () => buildHousehold(),
    households: () => [
      { current: true, role: 'OWNER', household: { ...buildHousehold(), members: [{ id: '7' }] } },
    ],
    bankConnections: () => [],
    importReviews: () => [],
    ...overrides,
  };
}

/** Pat's own household; its data may change while Pat's subscription allows it. */
function buildHousehold(canWrite = true) {
  return {
    id: 'a3f1c9e2-0000-4000-8000-000000000001',
    name: "Pat's household",
    personal: true,
    myRole: 'OWNER',
    canWrite,
    members: [{ id: '7', firstName: 'Pat' }],
  };
}

async function renderDashboard(overrides: Resolvers = {}) {
  const utils = renderWithApollo(
    <MemoryRouter>
      <UserHomePage />
    </MemoryRouter>,
    resolvers(overrides),
  );
  await findWholeAnalysis();
  return utils;
}

/** The dashboard with its account's answer held back: its first screen loads until `pending` resolves. */
function renderWhileAccountLoads() {
  const pending = deferred<ReturnType<typeof buildMe>>();
  const utils = renderWithApollo(
    <MemoryRouter>
      <UserHomePage />
    </MemoryRouter>,
    resolvers({ me: () => pending.promise }),
  );
  return { ...utils, pending };
}

function obligationRow(name: string): HTMLElement {
  const card = screen.getByRole('region', { name: /^Obligations Due By/ });
  const row = within(card).getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('UserHomePage', () => {
  it('shows the name, the five tabs with Analysis first, and the example net income of $429.00', async () => {
    await renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Doe' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Analysis',
      'Spending',
      'Reports',
      'Manage Income',
      'Manage Expenses',
      'Manage Wallets',
    ]);
    expect(screen.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Income and Liability Analysis For Wed Jan 7, 2026')).toBeInTheDocument();
    const netIncome = screen.getByText('Net Income This Period').nextElementSibling as HTMLElement;
    expect(netIncome).toHaveTextContent(/^\$429\.00$/);
    expect(screen.getByText('Obligations Due By Fri Jan 16, 2026')).toBeInTheDocument();
  });

  it('reads its first screen in one request and draws it whole, every part answered from the cache', async () => {
    const { operations } = await renderDashboard();
    expect(screen.getByTestId('safe-to-spend')).toHaveTextContent('$929.00');
    expect(screen.getByLabelText('Wallet')).toHaveValue('1');
    // One request draws the first screen, the hero's 'Debt-free by …' included. The sections below
    // it ask for their own in their turn: the bank history's suggestions, the forecast's days for
    // its chart, then the whole debt plan.
    expect(operations.map((o) => o.operationName)).toEqual([
      'DashboardFirstScreen',
      'FoundInYourBank',
      'DashboardForecastDays',
      'DebtPlan',
    ]);
    // A new tab works in the household its dashboard was answered for.
    expect(tabHousehold.get()).toBe(buildHousehold().id);
  });

  it("shows 'Debt-free by …' in the hero while the Debts section waits below the screen", () =>
    ScrollObserver.around(async () => {
      const { operations } = renderWithApollo(
        <MemoryRouter>
          <UserHomePage />
        </MemoryRouter>,
        resolvers({
          debtPlan: () => ({
            debtFreeMonth: '2029-03',
            totalInterest: 3210,
            interestSavedVsMinimums: 0,
            monthsSavedVsMinimums: 0,
            debts: [
              {
                liabilityId: '1',
                name: 'Car Loan',
                startBalance: 9000,
                apr: 6.5,
                monthlyPayment: 300,
                payoffMonth: '2029-03',
              },
            ],
            balances: [{ month: '2026-02', balance: 8751.25 }],
          }),
        }),
      );
      expect(await screen.findByTestId('debt-free')).toHaveTextContent(/^Debt-free by March 2029/);
      expect(screen.getByRole('region', { name: 'Debts' })).toBeEmptyDOMElement();
      // From the first screen's answer, with the numbers: no request of its own.
      expect(operations.map((o) => o.operationName)).toEqual(['DashboardFirstScreen']);
    }));

  it("reads ahead only what its first screen's answer holds whole, so each part's read is ready", async () => {
    const { client } = await renderDashboard();
    for (const { query, variables } of partsReads(browserTimeZone())) {
      expect(client.readQuery({ query, variables })).not.toBeNull();
    }
  });

  it('reads ahead exactly the queries its parts then watch, with the same variables', async () => {
    const watchQuery = jest.spyOn(ApolloClient.prototype, 'watchQuery');
    try {
      await renderDashboard();
      // Flat variables: their keys in one order, so that only names and values count.
      const asked = (variables: object | undefined = {}) =>
        JSON.stringify(variables, Object.keys(variables).sort());
      const watched = watchQuery.mock.calls.map(([options]) => ({
        query: options.query,
        variables: asked(options.variables),
      }));
      for (const { query, variables } of partsReads(browserTimeZone())) {
        // Once by the read-ahead, and once more (at least) by the part that reads it.
        const same = watched.filter((call) => call.query === query && call.variables === asked(variables));
        expect(same.length).toBeGreaterThanOrEqual(2);
      }
    } finally {
      watchQuery.mockRestore();
    }
  });

  it('drawn again in the same page (a return from another screen), it comes at once from the cache', async () => {
    const { operations, rerender, client } = await renderDashboard();
    rerender(<ApolloProvider client={client}>{null}</ApolloProvider>);
    rerender(
      <ApolloProvider client={client}>
        <MemoryRouter>
          <UserHomePage />
        </MemoryRouter>
      </ApolloProvider>,
    );
    // Whole on its first render: no skeleton in between, and no second request for it (the bank
    // notices ask again on every later visit).
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(operations.filter((o) => o.operationName === 'DashboardFirstScreen')).toHaveLength(1);
  });

  describe('the first screen the page asked for as it loaded (index.html’s boot script)', () => {
    const page = window as unknown as Record<string, unknown>;
    afterEach(() => {
      delete page[EARLY_FIRST_SCREEN_KEY];
    });

    /** The first screen the refresh's answer brings the head script: the same document, by its hash. */
    async function firstScreenAnswer(overrides: Resolvers = {}) {
      const asked = ApolloLink.execute(
        schemaLink(resolvers(overrides)),
        { query: DashboardFirstScreenDocument, variables: { timeZone: browserTimeZone() } },
        { client: new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() }) },
      );
      return firstValueFrom(asked);
    }

    it('is taken over: the page is drawn from it, with no request of its own', async () => {
      page[EARLY_FIRST_SCREEN_KEY] = {
        answer: Promise.resolve(await firstScreenAnswer()),
        sentAt: Date.now(),
      };
      const { operations } = await renderDashboard();
      expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
      expect(operations.map((o) => o.operationName)).not.toContain('DashboardFirstScreen');
      // Taken once: a later visit never reads it again.
      expect(page[EARLY_FIRST_SCREEN_KEY]).toBeUndefined();
    });

    it('asked for long before the dashboard is drawn (the page went elsewhere first), it is not used', async () => {
      page[EARLY_FIRST_SCREEN_KEY] = {
        answer: Promise.resolve(await firstScreenAnswer()),
        sentAt: Date.now() - 10 * 60_000,
      };
      const { operations } = await renderDashboard();
      expect(operations.map((o) => o.operationName)).toContain('DashboardFirstScreen');
      expect(page[EARLY_FIRST_SCREEN_KEY]).toBeUndefined();
    });

    it.each([
      ['left out of the refresh’s answer', () => Promise.reject(new Error('no first screen'))],
      ['answered with an error', () => Promise.resolve({ errors: [{ message: 'Something went wrong' }] })],
    ])('%s, it is asked for again through the links', async (_case, answer) => {
      page[EARLY_FIRST_SCREEN_KEY] = { answer: answer(), sentAt: Date.now() };
      const { operations } = await renderDashboard();
      expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
      expect(operations.map((o) => o.operationName)).toContain('DashboardFirstScreen');
    });
  });

  it('when the first screen cannot be read in one request, each part asks for its own and the page still comes', async () => {
    const { operations } = await renderDashboard({
      bankConnections: () => {
        throw new Error('bank connections are down');
      },
    });
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(operations.map((o) => o.operationName)).toEqual(
      expect.arrayContaining([
        'DashboardFirstScreen',
        'DashboardWallets',
        'DashboardAnalysis',
        'DashboardBankNotices',
      ]),
    );
  });

  it('shows a skeleton heading, not an empty name, while the account loads', async () => {
    const { pending } = renderWhileAccountLoads();
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).toHaveAttribute('aria-busy', 'true');
    expect(heading.querySelector('.placeholder')).not.toBeNull();
    expect(heading).toHaveTextContent('Loading your account ...');
    pending.resolve(buildMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Pat Doe' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it("keeps the numbers index.html's boot script drew while it loads, draws the same in their place, then lets them go", async () => {
    const early = earlyFrameOf(
      {
        me: buildMe(),
        household: { id: '1', name: 'Home', personal: true, myRole: 'OWNER', canWrite: true, members: [] },
        cashFlowAnalysis: buildExampleAnalysis(),
        balanceForecast: buildForecast({ walletId: '1' }),
        wallets: [buildWallet()],
        incomeSources: [buildIncomeSource()],
        liabilities: [buildLiability()],
        debtPlan: { debtFreeMonth: null, debts: [] },
        bankConnections: [],
        importReviews: [],
      },
      Date.now(),
    );
    Object.assign(window, { [EARLY_FRAME_KEY]: early });
    const { pending } = renderWhileAccountLoads();
    const drawnEarly = await screen.findByRole('region', { name: 'True net income' });
    expect(screen.getByRole('heading', { level: 1, name: 'Pat Doe' })).toBeInTheDocument();
    expect(within(drawnEarly).getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(screen.queryByText('Loading ...')).not.toBeInTheDocument();
    const earlyHero = drawnEarly.outerHTML;
    pending.resolve(buildMe());
    await waitFor(() => expect(currentEarlyFrame()).toBeNull());
    const hero = screen.getByRole('region', { name: 'True net income' });
    expect(hero).not.toBe(drawnEarly);
    expect(hero.outerHTML).toBe(earlyHero);
  });

  it("draws its frame at once, the tabs and today's Analysis heading, and the content all together once loaded", async () => {
    const { pending, operations } = renderWhileAccountLoads();
    const analysis = await screen.findByRole('region', { name: 'Analysis' });
    expect(screen.getAllByRole('tab')).toHaveLength(6);
    const today = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date());
    expect(within(analysis).getByRole('heading', { level: 2 })).toHaveTextContent(
      `Income and Liability Analysis For ${today.replace(/,(?= \w{3} )/, '')}`,
    );
    expect(analysis).toHaveTextContent('Loading ...');
    pending.resolve(buildMe());
    expect(await screen.findByTestId('true-net-income')).toHaveTextContent('$429.00');
    // Drawn from the first screen's one request; only the hero's debt plan may have been asked since.
    const asked = operations.map((o) => o.operationName);
    expect(asked[0]).toBe('DashboardFirstScreen');
    expect(asked.slice(1).filter((name) => name !== 'DebtPlan')).toEqual([]);
  });

  it("shows the wallet's last update as 'ddd MMM D, YYYY' followed by the time", async () => {
    await renderDashboard();
    // 2026-01-05T15:00Z: Monday Jan 5 in every zone from UTC-14 to UTC+8.
    expect(screen.getByText(/^Last updated /).textContent).toMatch(
      /^Last updated Mon Jan 5, 2026 \d{1,2}:\d{2}\s?(AM|PM)$/,
    );
  });

  it('switches tabs in place without changing the URL', async () => {
    const before = window.location.href;
    await renderDashboard();
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Wallets' }));
    expect(screen.getByRole('tab', { name: 'Manage Wallets' })).toHaveAttribute('aria-selected', 'true');
    expect(window.location.href).toBe(before);
  });

  it("asks for a tab's code tapped on its frame while the first screen is still on its way", async () => {
    window[WANTED_TAB_KEY] = 'wallets';
    const preload = jest.spyOn(LAZY_TABS.wallets, 'preload');
    const pending = deferred<ReturnType<typeof buildMe>>();
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      resolvers({ me: () => pending.promise }),
    );
    await waitFor(() => expect(preload).toHaveBeenCalled());
    expect(screen.getByRole('tabpanel', { name: 'Manage Wallets' })).toHaveTextContent('Loading ...');
    pending.resolve(buildMe());
    expect(await screen.findByRole('button', { name: 'Add Wallets' })).toBeInTheDocument();
    preload.mockRestore();
  });

  it('opens on the tab tapped on its frame before it could answer, and draws the Analysis once opened', async () => {
    window[WANTED_TAB_KEY] = 'expenses';
    const { operations } = renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      resolvers(),
    );
    expect(await screen.findByRole('tab', { name: 'Manage Expenses' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Home Mortgage')).toBeInTheDocument();
    // Its list comes with the first screen, not in a request of its own.
    expect(operations.map((o) => o.operationName)).toEqual(['DashboardFirstScreen']);
    // Not opened yet, the Analysis is not drawn: a phone's first screen is the chosen tab alone.
    expect(screen.queryByText('Net Income This Period')).not.toBeInTheDocument();
    // Taken once: the next visit starts on the Analysis.
    expect(wantedTab()).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    await findWholeAnalysis();
    expect(screen.getByText('Net Income This Period').nextElementSibling).toHaveTextContent(/^\$429\.00$/);
  });

  it('selects the default wallet, and choosing another one makes it the default', async () => {
    const setDefaultWallet = jest.fn(({ id }: { id: string }) => [
      { id: '1', defaultWallet: id === '1' },
      { id: '2', defaultWallet: id === '2' },
    ]);
    const { operations } = await renderDashboard({ setDefaultWallet });
    const select = screen.getByLabelText('Wallet');
    expect(select).toHaveValue('1');
    await userEvent.selectOptions(select, '2');
    await waitFor(() => expect(setDefaultWallet).toHaveBeenCalledWith({ id: '2' }));
    await waitFor(() =>
      expect(
        operations.filter((o) => o.operationName === 'DashboardAnalysis').at(-1)?.variables.walletId,
      ).toBe('2'),
    );
  });

  it('acts on the wallet the analysis was answered for when another tab made another wallet the default', async () => {
    const checking = buildExampleAnalysis().wallets[0]!;
    await renderDashboard({
      cashFlowAnalysis: () =>
        buildExampleAnalysis({
          wallets: [
            { ...checking, defaultWallet: false },
            { ...checking, walletId: '2', walletName: 'Savings', balance: -12.5, defaultWallet: true },
          ],
        }),
    });
    expect(screen.getByLabelText('Wallet')).toHaveValue('2');
  });

  it('falls back to the first wallet when none is the default', async () => {
    await renderDashboard({
      wallets: () => [
        buildWallet({ id: '4', walletName: 'Cash', defaultWallet: false }),
        buildWallet({ id: '5', walletName: 'Card', defaultWallet: false }),
      ],
    });
    expect(screen.getByLabelText('Wallet')).toHaveValue('4');
  });

  it('marks past-due rows, starts auto-paid rows paid, and shows projected rows without switches', async () => {
    await renderDashboard({
      cashFlowAnalysis: () =>
        buildExampleAnalysis({
          obligations: [
            ...buildExampleAnalysis().obligations,
            buildObligation({
              liabilityId: '23',
              creditorName: 'StreamFlix later',
              dueDate: '2026-01-14',
              current: false,
            }),
          ],
        }),
    });
    const mortgage = obligationRow('Home Mortgage');
    expect(within(mortgage).getByText('Past Due')).toBeInTheDocument();
    expect(within(mortgage).getByRole('switch', { name: 'Cleared Home Mortgage' })).toBeDisabled();

    const phone = obligationRow('Phone Co');
    expect(within(phone).getByRole('switch', { name: 'Paid Phone Co' })).toBeChecked();
    expect(within(phone).getByRole('switch', { name: 'Cleared Phone Co' })).toBeEnabled();

    const later = obligationRow('StreamFlix later');
    expect(within(later).getByText('Upcoming')).toBeInTheDocument();
    expect(within(later).queryByRole('switch')).not.toBeInTheDocument();
  });

  it('queues paid changes with an asterisk; unmarking paid resets cleared and the pending-cleared total', async () => {
    await renderDashboard();
    expect(screen.getByRole('button', { name: 'Save Paid Info' })).toBeDisabled();

    const paid = screen.getByRole('switch', { name: 'Paid Home Mortgage' });
    const cleared = screen.getByRole('switch', { name: 'Cleared Home Mortgage' });
    await userEvent.click(paid);
    expect(within(obligationRow('Home Mortgage')).queryByText('Past Due')).not.toBeInTheDocument();
    expect(cleared).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save Paid Info *' })).toBeEnabled();

    await userEvent.click(cleared);
    expect(screen.getByText(/Leaves the wallet when you save/).textContent).toContain('$1,400.00');

    await userEvent.click(paid);
    expect(cleared).not.toBeChecked();
    expect(cleared).toBeDisabled();
    expect(within(obligationRow('Home Mortgage')).getByText('Past Due')).toBeInTheDocument();
    expect(screen.getByText(/Leaves the wallet when you save/).textContent).toContain('$0.00');
    expect(screen.getByRole('button', { name: 'Save Paid Info' })).toBeDisabled();
  });

  it('Save Paid Info sends the queued rows and re-renders the analysis from that one response', async () => {
    const saved: AnalysisViewFragment = buildExampleAnalysis({
      obligationsTotal: 171,
      netIncomeThisPeriod: 1829,
      obligations: buildExampleAnalysis().obligations.slice(1),
    });
    const savePaidInfo = jest.fn((_args: unknown) => ({
      wallet: buildWallet({ balance: 1100 }),
      liabilities: [buildLiability({ dueDate: '2026-02-05' })],
      analysis: saved,
    }));
    const saving = deferred<void>();
    const { operations } = await renderDashboard({
      savePaidInfo: async (args: unknown) => {
        await saving.promise;
        return savePaidInfo(args);
      },
    });
    await userEvent.click(screen.getByRole('switch', { name: 'Paid Home Mortgage' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Cleared Home Mortgage' }));
    const before = operations.length;
    await userEvent.click(screen.getByRole('button', { name: 'Save Paid Info *' }));
    expect(await screen.findByText('Saving ...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saving ...' })).toBeDisabled();
    saving.resolve();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: /^Obligations Due By/ })).queryByText('Home Mortgage'),
      ).not.toBeInTheDocument(),
    );
    expect(savePaidInfo).toHaveBeenCalledWith({
      walletId: '1',
      changes: [{ liabilityId: '21', paid: true, cleared: true, dueDate: '2026-01-05' }],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$1,829.00');
    expect(screen.getByLabelText('Wallet Balance')).toHaveValue('$1,100.00');
    expect(screen.getByRole('button', { name: 'Save Paid Info' })).toBeDisabled();
    // The analysis comes with the answer; only the forecast of the days ahead is fetched again.
    expect(operations.slice(before).map((o) => o.operationName)).toEqual([
      'SavePaidInfo',
      'DashboardAhead',
      'DashboardForecastDays',
    ]);
  });

  it('Deposit Pay is enabled with an asterisk only when some deposited switches are on', async () => {
    const depositPay = jest.fn(() => ({
      wallet: buildWallet({ balance: 4500 }),
      liabilities: [],
      analysis: buildExampleAnalysis({
        lastIncomeReceived: [buildIncomeOccurrence({ deposited: true })],
        availableCash: 2929,
      }),
    }));
    const { operations } = await renderDashboard({ depositPay });
    expect(screen.getByRole('button', { name: 'Deposit Pay' })).toBeDisabled();
    const deposited = screen.getByRole('switch', { name: 'Deposited Acme Payroll Fri Jan 2, 2026' });
    await userEvent.click(deposited);
    expect(screen.getByRole('button', { name: 'Deposit Pay *' })).toBeEnabled();
    await userEvent.click(deposited);
    expect(screen.getByRole('button', { name: 'Deposit Pay' })).toBeDisabled();
    await userEvent.click(deposited);
    const before = operations.length;
    await userEvent.click(screen.getByRole('button', { name: 'Deposit Pay *' }));
    await waitFor(() => expect(screen.getAllByText('$2,929.00').length).toBeGreaterThan(0));
    expect(screen.getByLabelText('Wallet Balance')).toHaveValue('$4,500.00');
    expect(depositPay).toHaveBeenCalledWith({
      walletId: '1',
      occurrences: [{ incomeSourceId: '11', date: '2026-01-02' }],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByRole('switch', { name: 'Deposited Acme Payroll Fri Jan 2, 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deposit Pay' })).toBeDisabled();
    expect(operations.slice(before).map((o) => o.operationName)).toEqual([
      'DepositPay',
      'DashboardAhead',
      'DashboardForecastDays',
    ]);
  });

  it('Spent and Deposited stay disabled while the amount is empty or zero; Update Wallet sets the balance', async () => {
    const updateWalletBalance = jest.fn(() => buildWallet({ balance: 1234.5 }));
    await renderDashboard({ updateWalletBalance });
    const spent = screen.getByRole('button', { name: 'Spent' });
    const depositedButton = screen.getByRole('button', { name: 'Deposited' });
    expect(spent).toBeDisabled();
    expect(depositedButton).toBeDisabled();
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '0');
    expect(spent).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    expect(spent).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Groceries');
    await userEvent.click(spent);
    await waitFor(() =>
      expect(updateWalletBalance).toHaveBeenCalledWith({
        input: expect.objectContaining({
          walletId: '1',
          transaction: {
            direction: 'SPENT',
            amount: 12.5,
            transactionDescription: 'Groceries',
            categoryId: null,
          },
        }),
      }),
    );

    const balance = screen.getByLabelText('Wallet Balance');
    await userEvent.clear(balance);
    await userEvent.type(balance, '1234.5');
    await userEvent.click(screen.getByRole('button', { name: 'Update Wallet' }));
    await waitFor(() =>
      expect(updateWalletBalance).toHaveBeenLastCalledWith({
        input: expect.objectContaining({ walletId: '1', balance: 1234.5 }),
      }),
    );
  });

  it('names a minus sign or an amount above $999,999,999.99 before sending anything', async () => {
    const updateWalletBalance = jest.fn(() => buildWallet());
    await renderDashboard({ updateWalletBalance });
    const amount = screen.getByLabelText('Amount');
    await userEvent.type(amount, '-50');
    expect(amount).toHaveValue('-$50');
    expect(screen.getByText('The amount cannot be negative')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Spent' })).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '9999999999999');
    expect(
      screen.getByText('The amount must be between -$999,999,999.99 and $999,999,999.99'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deposited' })).toBeDisabled();
    const balance = screen.getByLabelText('Wallet Balance');
    await userEvent.clear(balance);
    await userEvent.type(balance, '1000000000');
    expect(screen.getByRole('button', { name: 'Update Wallet' })).toBeDisabled();
    expect(updateWalletBalance).not.toHaveBeenCalled();
  });

  it('the Wallet Balance field follows each new balance from the server', async () => {
    const balances = [2487.5, 2475];
    await renderDashboard({ updateWalletBalance: () => buildWallet({ balance: balances.shift() ?? 0 }) });
    const field = screen.getByLabelText('Wallet Balance');
    for (const expected of ['$2,487.50', '$2,475.00']) {
      await userEvent.type(screen.getByLabelText('Amount'), '12.5');
      await userEvent.click(screen.getByRole('button', { name: 'Spent' }));
      await waitFor(() => expect(field).toHaveValue(expected));
    }
  });

  it('shows Updating ... with the buttons disabled while a balance change runs', async () => {
    const pending = deferred<void>();
    await renderDashboard({
      updateWalletBalance: async () => {
        await pending.promise;
        return buildWallet({ balance: 10 });
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Update Wallet' }));
    expect(await screen.findByText('Updating ...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Updating ...' })).toBeDisabled();
    pending.resolve();
    expect(await screen.findByRole('button', { name: 'Update Wallet' })).toBeEnabled();
  });

  it('an empty wallet list points to Manage Wallets, and its link opens that tab', async () => {
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      resolvers({ wallets: () => [] }),
    );
    const alert = await screen.findByText(
      (_, element) =>
        element?.classList.contains('alert') === true &&
        element.textContent === 'Go to Manage Wallets to add a wallet and start tracking available cash',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Manage Wallets' }));
    expect(screen.getByRole('tab', { name: 'Manage Wallets' })).toHaveAttribute('aria-selected', 'true');
  });

  it("brings the open tab into a phone's tab row, which scrolls sideways", async () => {
    const shown: Element[] = [];
    const { scrollIntoView } = Element.prototype;
    Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
      // Sideways as little as it takes (inline's default), and no page scroll while the row is in view.
      expect(options).toEqual({ block: 'nearest' });
      shown.push(this);
    };
    try {
      window[WANTED_TAB_KEY] = 'wallets';
      renderWithApollo(
        <MemoryRouter>
          <UserHomePage />
        </MemoryRouter>,
        resolvers(),
      );
      const wallets = await screen.findByRole('tab', { name: 'Manage Wallets' });
      expect(shown).toEqual([wallets]);
      await userEvent.click(screen.getByRole('tab', { name: 'Manage Income' }));
      expect(shown).toEqual([wallets, screen.getByRole('tab', { name: 'Manage Income' })]);
    } finally {
      Element.prototype.scrollIntoView = scrollIntoView;
    }
  });

  it('an empty income table links to Manage Income', async () => {
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      resolvers({
        cashFlowAnalysis: () => ({ ...buildExampleAnalysis(), lastIncomeReceived: [], lastIncomeTotal: 0 }),
      }),
    );
    const card = await screen.findByRole('region', { name: 'Last Income Received' });
    expect(card).toHaveTextContent('No income received yet. Add your income');
    await userEvent.click(within(card).getByRole('button', { name: 'Add your income' }));
    expect(screen.getByRole('tab', { name: 'Manage Income' })).toHaveAttribute('aria-selected', 'true');
  });

  it('a wallet load failure asks for a refresh', async () => {
    renderWithApollo(
      <MemoryRouter>
        <UserHomePage />
      </MemoryRouter>,
      resolvers({
        wallets: () => {
          throw new Error('boom');
        },
      }),
    );
    expect(await screen.findByText('Problem loading wallets. Refresh page.')).toBeInTheDocument();
  });

  it('opens the wallet register and closes it', async () => {
    const walletRegister = jest.fn(() => [
      {
        id: '100',
        walletId: '1',
        direction: 'SPENT',
        amount: 21,
        date: '2026-01-06',
        transactionDescription: 'StreamFlix',
        createdAt: '2026-01-06T10:00:00.000Z',
      },
      {
        id: '101',
        walletId: '1',
        direction: 'DEPOSITED',
        amount: 2000,
        date: '2026-01-02',
        transactionDescription: 'Acme Payroll',
        createdAt: '2026-01-02T10:00:00.000Z',
      },
    ]);
    await renderDashboard({ walletRegister });
    await userEvent.click(screen.getByRole('button', { name: 'Open the register of Checking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Wallet Register: Checking')).toBeInTheDocument();
    expect(within(dialog).getByText('(Transactions are deleted after 28 days)')).toBeInTheDocument();
    expect(await within(dialog).findByText('StreamFlix')).toBeInTheDocument();
    expect(within(dialog).getByText('-$21.00')).toHaveClass('text-danger');
    expect(within(dialog).getByText('$2,000.00')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Amount', 'Date', 'Description']);
    expect(walletRegister).toHaveBeenCalledWith({ walletId: '1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Register' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the register shows its loading and empty texts', async () => {
    const pending = deferred<never[]>();
    await renderDashboard({ walletRegister: () => pending.promise });
    await userEvent.click(screen.getByRole('button', { name: 'Open the register of Checking' }));
    expect(await screen.findByText('Loading register ...')).toBeInTheDocument();
    pending.resolve([]);
    expect(await screen.findByText('There are no transactions to show')).toBeInTheDocument();
  });

  it('is read-only when the subscription does not allow changes, and Renew goes to checkout', async () => {
    await renderDashboard({
      me: () => buildMe({ subscription: { status: 'CANCELED', canWrite: false } }),
      household: () => buildHousehold(false),
      createCheckoutSession: () => ({
        uid: 7,
        checkoutUrl: 'https://pay.example/checkout/1',
        sessionId: 's1',
      }),
    });
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(screen.getByRole('button', { name: 'Update Wallet' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Paid Home Mortgage' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Deposited Acme Payroll Fri Jan 2, 2026' })).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Wallets' }));
    expect(await screen.findByRole('button', { name: 'Add Wallets' })).toBeDisabled();
    await userEvent.click(await screen.findByRole('button', { name: 'Renew' }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://pay.example/checkout/1'));
  });
  it('draws the Analysis first, and each other tab when it is first opened, then keeps it', async () => {
    await renderDashboard({});
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(screen.queryByRole('button', { name: 'Add Wallets' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Manage Wallets' }));
    expect(await screen.findByRole('button', { name: 'Add Wallets' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Analysis' }));
    // Kept while the Analysis shows: opening it again finds it as it was.
    expect(screen.getByRole('button', { name: 'Add Wallets', hidden: true })).toBeInTheDocument();
  });
});
