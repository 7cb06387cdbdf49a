import { useMutation } from '@apollo/client/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import {
  DashboardRenewDocument,
  DashboardViewerDocument,
  type DashboardViewerQuery,
} from '../../gql/graphql';
import { AnalysisTab } from '../analysis/AnalysisTab';
import { AnalysisLoading, LoadingStatus, NameSkeleton } from './DashboardSkeleton';
import { preloadForecastChart } from '../analysis/ForecastCard';
import { LAZY_TABS, preloadManageTabs } from './lazyTabs';
import { WriteAccessContext } from '../../kit/access';
import { DASHBOARD_TABS, OpenTabContext, type TabKey } from './dashboardTabs';
import { BankNotices } from '../bank/BankNotices';
import { FirstRunGuide } from './FirstRunGuide';
import './dashboard.css';
import { leaveTo } from './navigation';
import { ROLE_LABELS } from '../households/roles';
import { isShared } from '../households/useHousehold';
import { FreshFirstScreen, useFirstScreen } from './useFirstScreen';
import { forgetWantedTab, wantedTab } from './wantedTab';
import { forgetEarlyFrame } from './earlyFrameOnPage';
import { inIdleTurns } from '../../kit/whenIdle';
import { useSlicedQuery } from '../../kit/useSlicedQuery';

/** Shown when the subscription no longer allows changes: the data stays visible. */
function RenewBanner() {
  const [renew, { loading }] = useMutation(DashboardRenewDocument);
  const [failed, setFailed] = useState(false);

  async function startRenewal() {
    setFailed(false);
    try {
      const result = await renew();
      const url = result.data?.createCheckoutSession.checkoutUrl;
      if (url) leaveTo(url);
      else setFailed(true);
    } catch {
      setFailed(true);
    }
  }

  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
      <div>
        <strong>Your subscription is not active.</strong> Your data is still here to view; renew to make
        changes again.
        {failed && (
          <div className="text-danger small mt-1">Renewal is not available right now. Try again later.</div>
        )}
      </div>
      <Button variant="primary" onClick={() => void startRenewal()} disabled={loading}>
        {loading && <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-1" />}
        Renew
      </Button>
    </Alert>
  );
}

/** Why a member of someone else's household cannot change its data, in words. */
function SharedReadOnlyNotice({ name, viewer }: { name: string; viewer: boolean }) {
  return (
    <Alert variant="info">
      {viewer
        ? `You are a viewer in ${name}: you see its money, and its owner can make you an editor.`
        : `${name}'s subscription is not active: its data is read-only until its owner renews.`}
    </Alert>
  );
}

/**
 * The dashboard (#/userhome): its frame (the tabs, the open tab's loading line) at once, and the open
 * tab's content once the first screen has loaded (useFirstScreen.ts), all together and in place.
 */
export function UserHomePage() {
  const { ready, fresh } = useFirstScreen();
  // Drawn now by the page itself: a later loading frame (a household switched) must not show them.
  useEffect(() => {
    if (ready) forgetEarlyFrame();
  }, [ready]);
  useEffect(() => (ready ? inIdleTurns(BELOW_THE_FIRST_SCREEN) : undefined), [ready]);
  return (
    <FreshFirstScreen.Provider value={fresh}>
      <Dashboard ready={ready} />
    </FreshFirstScreen.Provider>
  );
}

/**
 * The code of what waits below the first screen (the chart) and behind its tabs (the manage tabs),
 * fetched once the browser is idle after the first screen, one idle moment each: here by the time a
 * person comes to it, and not in the tasks that draw the numbers (fetched with the data, the chart's
 * preload links cost a cheap phone a long task while the numbers were still on their way).
 */
const BELOW_THE_FIRST_SCREEN = [preloadForecastChart, preloadManageTabs];

/** What each tab draws once opened (until the first screen is in, its loading line). */
const TAB_CONTENT: Record<TabKey, () => ReactNode> = {
  analysis: AnalysisTab,
  spending: LAZY_TABS.spending.Tab,
  reports: LAZY_TABS.reports.Tab,
  income: LAZY_TABS.income.Tab,
  expenses: LAZY_TABS.expenses.Tab,
  wallets: LAZY_TABS.wallets.Tab,
};

/** The open tab, the tabs opened so far, and how to open another: kept while the account loads. */
interface TabState {
  tab: TabKey;
  opened: ReadonlySet<TabKey>;
  openTab: (key: TabKey) => void;
}

/** The user's name and four tabs that switch in place. */
function Dashboard({ ready }: { ready: boolean }) {
  // The Analysis, unless another tab was tapped on the frame before the dashboard could answer.
  const [tab, setTab] = useState<TabKey>(() => wantedTab() ?? 'analysis');
  // A tab's content is drawn once it is first opened, and then kept (its form, its scroll): the
  // dashboard's first render is the open tab alone, which is what a phone has time for.
  const [opened, setOpened] = useState<ReadonlySet<TabKey>>(() => new Set([tab]));
  useEffect(forgetWantedTab, []);
  // A tab tapped on the frame has its code asked for now, beside the first screen, not once it is in.
  useEffect(() => {
    if (tab !== 'analysis') LAZY_TABS[tab].preload().catch(() => undefined);
  }, [tab]);
  // A phone's tab row scrolls sideways and starts at the Analysis: another open tab is brought into
  // it, whether tapped on the frame or opened by a link in a tab (not the Analysis, so that the
  // first render does not cost a phone a layout of its own). Again once the account is in: the
  // page is then drawn anew, tab row included.
  useEffect(() => {
    if (tab !== 'analysis')
      document.getElementById(`dashboard-tabs-tab-${tab}`)?.scrollIntoView({ block: 'nearest' });
  }, [tab, ready]);
  const openTab = (key: TabKey) => {
    setTab(key);
    setOpened((before) => (before.has(key) ? before : new Set([...before, key])));
  };
  const tabs = { tab, opened, openTab };

  // The account's queries are watched only once the first screen is in the cache: watched before, in
  // standby, each was prepared in the frame's first render and prepared again as the page was drawn.
  return (
    <OpenTabContext.Provider value={openTab}>
      {ready ? (
        // The frame again while the account is not in the cache (the first screen's request failed).
        <Suspense fallback={<DashboardPage account={null} tabs={tabs} />}>
          <AccountDashboard tabs={tabs} />
        </Suspense>
      ) : (
        <DashboardPage account={null} tabs={tabs} />
      )}
    </OpenTabContext.Provider>
  );
}

/** Who is looking, and at which household: read from what the first screen wrote. */
interface Account {
  me: DashboardViewerQuery['me'] | undefined;
  household: DashboardViewerQuery['household'] | null;
  shared: boolean;
}

function AccountDashboard({ tabs }: { tabs: TabState }) {
  const { data } = useSlicedQuery(DashboardViewerDocument);
  const household = data?.household ?? null;
  return <DashboardPage account={{ me: data?.me, household, shared: isShared(household) }} tabs={tabs} />;
}

/** The page itself: the frame while `account` is null, the open tab's content once it is there. */
function DashboardPage({
  account,
  tabs: { tab, opened, openTab },
}: {
  account: Account | null;
  tabs: TabState;
}) {
  const ready = account !== null;
  const me = account?.me;
  const household = account?.household ?? null;
  const shared = account?.shared ?? false;
  // The household's rule: a role above viewer and its owner's subscription (one's own, at home).
  const canWrite = household ? household.canWrite : (me?.subscription?.canWrite ?? false);
  const ownLapse = me && !canWrite && (!household || (household.personal && household.myRole === 'OWNER'));

  return (
    <WriteAccessContext.Provider value={canWrite}>
      <div className="py-3 tn-screen-tall">
        {me ? <h1 className="h3 mb-3">{`${me.firstName} ${me.lastName}`}</h1> : <NameSkeleton />}
        {household && (shared || !household.personal) && (
          <p className="text-muted mb-3 tn-household-line">{`${household.name} · ${ROLE_LABELS[household.myRole]}`}</p>
        )}
        {ownLapse && <RenewBanner />}
        {me && household && !canWrite && !ownLapse && (
          <SharedReadOnlyNotice name={household.name} viewer={household.myRole === 'VIEWER'} />
        )}
        {me && canWrite && <FirstRunGuide />}
        {me && <BankNotices />}
        <Tabs
          id="dashboard-tabs"
          activeKey={tab}
          onSelect={(key) => openTab((key as TabKey | null) ?? 'analysis')}
          className="mb-3 tn-tabs"
        >
          {DASHBOARD_TABS.map(({ key, title }) => {
            const Content = TAB_CONTENT[key];
            return (
              <Tab key={key} eventKey={key} title={title}>
                {opened.has(key) &&
                  (ready ? <Content /> : key === 'analysis' ? <AnalysisLoading /> : <LoadingStatus />)}
              </Tab>
            );
          })}
        </Tabs>
      </div>
    </WriteAccessContext.Provider>
  );
}
