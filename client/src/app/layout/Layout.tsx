import { Suspense, type MouseEvent } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet } from 'react-router-dom';
import { OutdatedPageNotice } from '../../components/OutdatedPageNotice';
import { RouteFallback } from '../routing/RouteFallback';
import { AppNavbar } from './AppNavbar';

/** The shared layout of every page: header navigation, main area, footer. */
export function Layout() {
  return (
    <div className="tn-shell">
      <a className="visually-hidden-focusable tn-skip" href="#tn-main" onClick={skipToMain}>
        Skip to content
      </a>
      <AppNavbar />
      <main id="tn-main" className="tn-main" tabIndex={-1}>
        <Container className="py-4">
          <OutdatedPageNotice />
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        </Container>
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
