import { lazy, Suspense } from 'react';
import { LoadingStatus } from '../dashboard/DashboardSkeleton';

const ReportsTab = lazy(() => import('./ReportsTab').then((module) => ({ default: module.ReportsTab })));

/** The Reports tab, fetched the first time it is opened: its charts and code are its own chunk. */
export function LazyReportsTab() {
  return (
    <Suspense fallback={<LoadingStatus />}>
      <ReportsTab />
    </Suspense>
  );
}
