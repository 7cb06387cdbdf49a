import { useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { DashboardSkeleton } from '../../features/dashboard/DashboardSkeleton';
import { ROUTES } from './paths';

/**
 * What a page (`path`, else the current one) shows while its code or the session loads: the
 * dashboard its own frame (a returning person sees the page they came for at once), every other
 * page a spinner.
 */
export function RouteFallback({ path }: { path?: string }) {
  const { pathname } = useLocation();
  return (path ?? pathname) === ROUTES.userhome ? <DashboardSkeleton /> : <PageSpinner label="Loading ..." />;
}
