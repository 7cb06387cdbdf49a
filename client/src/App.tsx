import { useEffect } from 'react';
import { HashRouter, useLocation, useNavigate } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';

/**
 * A prerendered page hydrates as a transition, in slices (main.tsx): a hash change between that
 * render and its commit (a link on the page followed early, a `location.hash` set by a script, Back)
 * happens before the router listens, and the router would stay on the page it rendered. Once it
 * listens, it catches up with the address bar.
 */
export function FollowHashChangedWhileHydrating() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== `${location.pathname}${location.search}${location.hash}`) {
      void navigate(address, { replace: true });
    }
    // Once, after the first commit: from then on the router's own listener follows every change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** Routes live in the URL fragment (`/#/userhome`), so the server serves one page at `/`. */
export function App() {
  return (
    <HashRouter>
      <FollowHashChangedWhileHydrating />
      <AppRoutes />
    </HashRouter>
  );
}
