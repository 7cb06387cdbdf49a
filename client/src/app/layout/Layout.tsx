import { Suspense, type MouseEvent, type ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router-dom';
import { OutdatedPageNotice } from '../../components/OutdatedPageNotice';
import { RouteFallback } from '../routing/RouteFallback';
import { AppNavbar } from './AppNavbar';

/** The shared layout of every page: header navigation, main area, footer. */
export function Layout() {
  return (
    <PageFrame navbar={<AppNavbar />}>
      <OutdatedPageNotice />
      <Suspense fallback={<RouteFallback />}>
        <Outlet />
      </Suspense>
    </PageFrame>
  );
}

/**
 * The layout's markup around a page. Also rendered at build time around the dashboard's skeleton
 * (src/prerender.tsx), which a returning person's browser paints before any script has run: the
 * same markup, so nothing moves when the application draws its own.
 */
export function PageFrame({ navbar, children }: { navbar: ReactNode; children: ReactNode }) {
  return (
    <div className="tn-shell">
      <a className="visually-hidden-focusable tn-skip" href="#tn-main" onClick={skipToMain}>
        Skip to content
      </a>
      {navbar}
      <main id="tn-main" className="tn-main" tabIndex={-1}>
        <Container className="py-4">{children}</Container>
      </main>
      <footer className="tn-footer">
        <Container className="text-center py-3">copyright 2025</Container>
      </footer>
    </div>
  );
}

// With hash routing, a fragment link would change the route: move focus instead.
function skipToMain(event: MouseEvent) {
  event.preventDefault();
  document.getElementById('tn-main')?.focus();
}
