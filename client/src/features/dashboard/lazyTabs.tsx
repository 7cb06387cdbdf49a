import { Suspense, type ComponentType } from 'react';
import { preloadableLazy } from '../../app/routing/preloadableLazy';
import { LoadingStatus } from './DashboardSkeleton';
import type { TabKey } from './dashboardTabs';

/** A tab whose code is its own chunk: its loading line until the code is here, then the tab. */
function lazyTab(load: () => Promise<ComponentType>) {
  const { Component, preload } = preloadableLazy(load);
  function LazyTab() {
    return (
      <Suspense fallback={<LoadingStatus />}>
        <Component />
      </Suspense>
    );
  }
  return { Tab: LazyTab, preload };
}

/**
 * Every tab but the Analysis, each in a chunk of its own: the dashboard's first screen is the
 * Analysis, and a phone that had to fetch, compile and run the other tabs' tables and forms before
 * anyone could touch it felt each of them.
 */
export const LAZY_TABS: Record<Exclude<TabKey, 'analysis'>, ReturnType<typeof lazyTab>> = {
  spending: lazyTab(() => import('../spending/SpendingTab').then((module) => module.SpendingTab)),
  reports: lazyTab(() => import('../reports/ReportsTab').then((module) => module.ReportsTab)),
  income: lazyTab(() => import('../income/ManageIncome').then((module) => module.ManageIncome)),
  expenses: lazyTab(() => import('../expenses/ManageExpenses').then((module) => module.ManageExpenses)),
  wallets: lazyTab(() => import('../wallets/ManageWallets').then((module) => module.ManageWallets)),
};

/**
 * The manage tabs came with the first screen before they were split off: fetched once the browser
 * is idle after it (UserHomePage), they are here again by the time a person opens one. Spending and
 * Reports, with their charts, wait to be opened as they always have.
 */
export function preloadManageTabs(): void {
  for (const key of ['income', 'expenses', 'wallets'] as const) {
    // A failed fetch is the tab's to show when it is opened, not an unhandled rejection here.
    LAZY_TABS[key].preload().catch(() => undefined);
  }
}
