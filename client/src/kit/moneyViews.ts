import type { ApolloCache } from '@apollo/client';
import { DashboardIncomeSourcesDocument, DashboardLiabilitiesDocument } from '../gql/graphql';

/** The forecast's queries: the hero's figures (with its debt plan) and the chart's days. */
export const FORECAST_VIEWS = ['DashboardAhead', 'DashboardForecastDays'] as const;

/**
 * The dashboard queries that every change to wallets, income or bills makes stale: the analysis,
 * the forecast's and the Debts section's plan. Refetched by name, so only the ones on screen are
 * fetched again.
 */
export const MONEY_VIEWS = ['DashboardAnalysis', ...FORECAST_VIEWS, 'DebtPlan'] as const;

/** The root fields the dashboard's money views read (the lists have BILL_LIST and PAY_LIST below). */
const MONEY_FIELDS = ['cashFlowAnalysis', 'balanceForecast', 'debtPlan'] as const;

/**
 * For a change made away from the dashboard (Manage Account's bank connections): refetching by
 * name reaches only the queries on screen, so the dashboard would be drawn from the cache as it
 * was before the change. Forgotten, its figures are asked for again when it is next drawn.
 */
export function forgetMoneyViews(cache: ApolloCache): void {
  for (const fieldName of MONEY_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

/**
 * The session's lists of bills and of pay, fetched again after a change to them whether or not a
 * screen shows them: the first screen put them in the cache for Manage's tabs, and a refetch by
 * name reaches only the queries on screen, so a tab opened later would draw the list as it was.
 * (Given as query options, Apollo fetches each once, and the screens showing it update from the
 * cache.)
 */
export const BILL_LIST = { query: DashboardLiabilitiesDocument } as const;
export const PAY_LIST = { query: DashboardIncomeSourcesDocument } as const;
