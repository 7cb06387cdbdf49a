import { lazy, Suspense } from 'react';
import { LoadingStatus } from '../dashboard/DashboardSkeleton';

const SpendingTab = lazy(() => import('./SpendingTab').then((module) => ({ default: module.SpendingTab })));

/** The Spending tab, fetched the first time it is opened: the dashboard's first screen does not carry it. */
export function LazySpendingTab() {
  return (
    <Suspense fallback={<LoadingStatus />}>
      <SpendingTab />
    </Suspense>
  );
}
