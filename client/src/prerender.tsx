import { StrictMode, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createPath, Router, type Navigator } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { NavbarFrame } from './app/layout/AppNavbar';
import { PageFrame } from './app/layout/Layout';
import { DASHBOARD_FRAME_BUILD_DATE, PRERENDERED_ROUTES } from './app/prerendered';
import { ROUTES } from './app/routing/paths';
import { DashboardSkeleton } from './features/dashboard/DashboardSkeleton';
import { TrueNetHero } from './features/analysis/TrueNetHero';
import type { AnalysisViewFragment, ExpenseFrequency } from './gql/graphql';

type SetAside = Pick<AnalysisViewFragment, 'netIncomeAfterSetAside' | 'heldForBills' | 'setAsideBills'>;

/**
 * Build time only (client/build/prerender.ts runs it in Node): the HTML of the public pages, which
 * the page shows before any script runs and the application shows later from its templates
 * (app/PrerenderedPage.tsx).
 */

/** Links as HashRouter writes them in the browser (`#/commonquestions`); nothing navigates here. */
const hashHrefs: Navigator = {
  createHref: (to) => `#${typeof to === 'string' ? to : createPath(to)}`,
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

async function renderRoute(route: string): Promise<string> {
  // prerender waits for the lazily loaded pages (the FAQ) instead of writing their fallback.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Router location={route} navigator={hashHrefs} static>
        <AppRoutes />
      </Router>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function renderPublicPages(): Promise<{ route: string; html: string }[]> {
  return Promise.all(PRERENDERED_ROUTES.map(async (route) => ({ route, html: await renderRoute(route) })));
}

/**
 * The dashboard's frame as the application first draws it for a returning person (the settling
 * navbar, the dashboard's skeleton), for index.html's template (client/build/prerender.ts), with
 * DASHBOARD_FRAME_BUILD_DATE in its heading: the route chooser writes today's over it.
 */
export function renderDashboardFrame(): string {
  return renderToStaticMarkup(
    <StrictMode>
      <Router location={ROUTES.userhome} navigator={hashHrefs} static>
        <PageFrame navbar={<NavbarFrame home={ROUTES.landing} />}>
          <DashboardSkeleton today={DASHBOARD_FRAME_BUILD_DATE} />
        </PageFrame>
      </Router>
    </StrictMode>,
  );
}

/**
 * The hero in every state it draws (bills set aside, a balance below zero, several wallets): not
 * shown, only read by the build for the rules its markup needs inlined in index.html, because the
 * head script draws that markup into the frame before the application's stylesheet has arrived
 * (features/dashboard/earlyFrame.ts).
 */
export function renderHeroSample(): string {
  const wallet = {
    walletId: '1',
    walletName: 'Checking',
    balance: 0,
    availableBalance: 0,
    defaultWallet: true,
    lastUpdate: null,
  };
  const analysis: ComponentProps<typeof TrueNetHero>['analysis'] & SetAside = {
    netIncomeThisPeriod: -12.5,
    nextIncomeDate: '2026-01-16',
    lastIncomeTotal: 2000,
    obligationsTotal: 2012.5,
    wallets: [wallet, wallet],
    netIncomeAfterSetAside: -40,
    heldForBills: 90,
    setAsideBills: [
      {
        liabilityId: '1',
        name: 'Car insurance',
        frequency: 'YEARLY' as ExpenseFrequency,
        nextDueDate: '2026-06-01',
        payment: 600,
        shareThisPeriod: 27.5,
        heldNow: 90,
      },
    ],
  };
  const forecast = {
    safeToSpend: 0,
    lowestBalance: -75,
    lowestDate: '2026-01-12',
    firstNegativeDate: '2026-01-10',
    horizon: '2026-02-20',
  };
  return renderToStaticMarkup(
    <TrueNetHero analysis={analysis} forecast={forecast} setAside={analysis} debtFree="2027-10" />,
  );
}
