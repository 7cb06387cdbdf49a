/**
 * Test support for the dashboard: an Apollo link that executes each operation against the real
 * schema (schema.graphql) with per-test root resolvers, and factories of rows shaped by the
 * generated types. Not a test file itself.
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { act, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, execute, GraphQLError } from 'graphql';
import type { ReactElement } from 'react';
import { everythingDrawn } from './InTurn';
import { Observable } from 'rxjs';
import { createCache } from '../app/apollo/cache';
import type {
  AnalysisViewFragment,
  DashboardForecastViewFragment,
  ForecastDayViewFragment,
  DashboardAccountFragment,
  IncomeOccurrenceRowFragment,
  IncomeSourceRowFragment,
  LiabilityOccurrenceRowFragment,
  LiabilityRowFragment,
  WalletRowFragment,
} from '../gql/graphql';

const schema = buildSchema(readFileSync(join(__dirname, '../../../schema.graphql'), 'utf8'));

/** Thrown by a resolver to make the whole request fail as a network error would. */
export class NetworkFailure extends Error {}

/** A GraphQL error as the server sends for bad input. */
export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Resolver = (args: any) => unknown;
export type Resolvers = Record<string, Resolver>;

export interface RecordedOperation {
  operationName: string | undefined;
  variables: Record<string, unknown>;
}

/**
 * Fields the dashboard reads beside those a test is about, answered as the server would for a
 * person at home without debts unless the test gives its own: the person (buildMe), the household
 * (their own, which they may change while their own subscription allows) and the hero's debt plan.
 */
function answeredByDefault(resolvers: Resolvers): Record<string, unknown> {
  return {
    me: () => buildMe(),
    household: async () => {
      const me = (await resolvers.me?.({})) as DashboardAccountFragment | undefined;
      return {
        id: 'own-household',
        name: 'Home',
        personal: true,
        myRole: 'OWNER',
        canWrite: me?.subscription?.canWrite ?? true,
        members: [{ id: me?.id ?? '1', firstName: me?.firstName ?? 'Pat' }],
      };
    },
    debtPlan: () => ({
      debtFreeMonth: null,
      totalInterest: 0,
      interestSavedVsMinimums: 0,
      monthsSavedVsMinimums: 0,
      debts: [],
      balances: [],
    }),
  };
}

/** A link that answers from `resolvers` through the real schema, and records every operation. */
export function schemaLink(resolvers: Resolvers, log: RecordedOperation[] = []): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        log.push({ operationName: operation.operationName, variables: { ...operation.variables } });
        const root: Record<string, unknown> = answeredByDefault(resolvers);
        for (const [name, resolve] of Object.entries(resolvers))
          root[name] = (args: unknown) => resolve(args);
        Promise.resolve(
          execute({
            schema,
            // As the server answers the web client's trusted documents: with every type name.
            document: addTypenameToDocument(operation.query),
            rootValue: root,
            variableValues: operation.variables,
          }),
        ).then(
          (result) => {
            const network = result.errors?.find((e) => e.originalError instanceof NetworkFailure);
            if (network) {
              observer.error(new TypeError('Failed to fetch'));
              return;
            }
            observer.next(JSON.parse(JSON.stringify(result)) as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
}

export function renderWithApollo(ui: ReactElement, resolvers: Resolvers) {
  const operations: RecordedOperation[] = [];
  const client = new ApolloClient({ link: schemaLink(resolvers, operations), cache: createCache() });
  const utils = render(<ApolloProvider client={client}>{ui}</ApolloProvider>);
  return { ...utils, client, operations };
}

/**
 * renderWithApollo for parts that may suspend (kit/useSlicedQuery.ts): React retries a render that
 * suspended inside `act` only when that `act` is awaited.
 */
export async function renderSuspendingWithApollo(ui: ReactElement, resolvers: Resolvers) {
  let rendered: ReturnType<typeof renderWithApollo> | undefined;
  await act(async () => {
    rendered = renderWithApollo(ui, resolvers);
  });
  if (!rendered) throw new Error('render did not run');
  return rendered;
}

/** A promise the test settles by hand, to look at a spinner while a request runs. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function buildMe(overrides: Partial<DashboardAccountFragment> = {}): DashboardAccountFragment {
  return {
    id: '7',
    firstName: 'Pat',
    lastName: 'Doe',
    subscription: { status: 'ACTIVE', canWrite: true },
    ...overrides,
  };
}

export function buildWallet(overrides: Partial<WalletRowFragment> = {}): WalletRowFragment {
  return {
    id: '1',
    walletName: 'Checking',
    walletDescription: 'Joint account',
    balance: 2500,
    defaultWallet: true,
    lastUpdate: '2026-01-05T15:00:00.000Z',
    ...overrides,
  };
}

export function buildIncomeSource(overrides: Partial<IncomeSourceRowFragment> = {}): IncomeSourceRowFragment {
  return {
    id: '11',
    sourceName: 'Acme Payroll',
    sourceUrl: 'acme.com',
    sourceDescription: null,
    incomeFrequency: 'BIWEEKLY',
    nextPmtDate: '2026-01-02',
    biMonthlyPayDate: null,
    paymentAmount: 2000,
    sourceStatus: true,
    walletId: null,
    ...overrides,
  };
}

export function buildLiability(overrides: Partial<LiabilityRowFragment> = {}): LiabilityRowFragment {
  return {
    id: '21',
    creditorName: 'Home Mortgage',
    creditorUrl: 'bank.com',
    creditorDescription: null,
    debtType: 'MORTGAGE_RENT',
    frequency: 'MONTHLY',
    dueDate: '2026-01-10',
    balance: 200000,
    payment: 1400,
    autoPay: false,
    currentPaid: false,
    currentCleared: false,
    paidFromWalletId: null,
    walletId: null,
    apr: null,
    ...overrides,
  };
}

export function buildIncomeOccurrence(
  overrides: Partial<IncomeOccurrenceRowFragment> = {},
): IncomeOccurrenceRowFragment {
  return {
    incomeSourceId: '11',
    sourceName: 'Acme Payroll',
    date: '2026-01-02',
    amount: 2000,
    deposited: false,
    active: true,
    ...overrides,
  };
}

export function buildObligation(
  overrides: Partial<LiabilityOccurrenceRowFragment> = {},
): LiabilityOccurrenceRowFragment {
  return {
    liabilityId: '21',
    creditorName: 'Home Mortgage',
    debtType: 'MORTGAGE_RENT',
    dueDate: '2026-01-10',
    amount: 1400,
    current: true,
    paid: false,
    cleared: false,
    pastDue: false,
    autoPaid: false,
    paidFromWalletId: null,
    settled: false,
    paidOn: null,
    amountPaid: null,
    paymentId: null,
    ...overrides,
  };
}

/**
 * The specification's example on Wed Jan 7, 2026: $2,500.00 in the wallet, a Bi-Weekly pay of
 * $2,000.00 received Jan 2 and next due Jan 16, and mortgage 1400, phone 150 and streaming 21 due
 * before payday: net income $429.00.
 */
export function buildExampleAnalysis(overrides: Partial<AnalysisViewFragment> = {}): AnalysisViewFragment {
  return {
    asOf: '2026-01-07',
    periodStart: '2026-01-02',
    nextIncomeDate: '2026-01-16',
    nextIncomeTotal: 2000,
    lastIncomeTotal: 2000,
    obligationsTotal: 1571,
    netIncomeThisPeriod: 429,
    availableCash: 929,
    walletAvailableBalance: 2500,
    // No bill comes less often than monthly: the true net income with shares is the same.
    setAsideThisPeriod: 0,
    netIncomeAfterSetAside: 429,
    heldForBills: 0,
    setAsideBills: [],
    lastIncomeReceived: [buildIncomeOccurrence()],
    nextIncome: [buildIncomeOccurrence({ date: '2026-01-16' })],
    obligations: [
      buildObligation({
        liabilityId: '21',
        creditorName: 'Home Mortgage',
        dueDate: '2026-01-05',
        pastDue: true,
      }),
      buildObligation({
        liabilityId: '22',
        creditorName: 'Phone Co',
        debtType: 'MOBILE_PHONE',
        dueDate: '2026-01-07',
        amount: 150,
        paid: true,
        autoPaid: true,
      }),
      buildObligation({
        liabilityId: '23',
        creditorName: 'StreamFlix',
        debtType: 'SUBSCRIPTION',
        dueDate: '2026-01-12',
        amount: 21,
      }),
    ],
    comingDue: [
      buildObligation({
        liabilityId: '23',
        creditorName: 'StreamFlix',
        debtType: 'SUBSCRIPTION',
        dueDate: '2026-02-12',
        amount: 21,
        current: false,
      }),
    ],
    wallets: [
      {
        walletId: '1',
        walletName: 'Checking',
        balance: 2500,
        availableBalance: 2500,
        defaultWallet: true,
        lastUpdate: '2026-01-05T15:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

/** The server's forecast of every wallet: the hero's figures (DashboardForecastView) and the chart's days. */
type ForecastAnswer = DashboardForecastViewFragment & { days: ForecastDayViewFragment[] };

/** The dashboard's forecast of every wallet (the example's days ahead, none unless given). */
export function buildForecast(overrides: Partial<ForecastAnswer> = {}): ForecastAnswer {
  return {
    asOf: '2026-01-07',
    horizon: '2026-02-20',
    walletId: null,
    startBalance: 2500,
    days: [],
    lowestBalance: 929,
    lowestDate: '2026-01-15',
    firstNegativeDate: null,
    nextIncomeDate: '2026-01-16',
    safeToSpend: 929,
    undepositedIncome: [],
    ...overrides,
  };
}

/**
 * Waits for the whole Analysis tab: its hero first, then its last section, since the sections
 * under the first screen are drawn in turn (kit/InTurn.tsx).
 */
export async function findWholeAnalysis(): Promise<void> {
  await screen.findByText('Net Income This Period');
  await screen.findByText('Obligations Due Within 30 Days');
  await waitFor(() => expect(everythingDrawn()).toBe(true));
}
