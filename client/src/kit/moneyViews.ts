import type { ApolloCache } from '@apollo/client';

/**
 * The dashboard queries that every change to wallets, income or bills makes stale: the analysis and
 * the day-by-day forecast. Refetched by name, so only the ones on screen are fetched again.
 */
export const MONEY_VIEWS = ['DashboardAnalysis', 'DashboardForecast', 'DebtPlan'] as const;

/** The root fields the dashboard's money views and bill list read. */
const MONEY_FIELDS = ['cashFlowAnalysis', 'balanceForecast', 'debtPlan', 'liabilities'] as const;

/**
 * For a change made away from the dashboard (Manage Account's bank connections): refetching by
 * name reaches only the queries on screen, so the dashboard would be drawn from the cache as it
 * was before the change. Forgotten, its figures are asked for again when it is next drawn.
 */
export function forgetMoneyViews(cache: ApolloCache): void {
  for (const fieldName of MONEY_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}
