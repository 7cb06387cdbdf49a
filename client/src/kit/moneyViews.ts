/**
 * The dashboard queries that every change to wallets, income or bills makes stale: the analysis and
 * the day-by-day forecast. Refetched by name, so only the ones on screen are fetched again.
 */
export const MONEY_VIEWS = ['DashboardAnalysis', 'DashboardForecast', 'DebtPlan'] as const;
