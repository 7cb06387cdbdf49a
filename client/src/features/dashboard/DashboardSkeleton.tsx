import Placeholder from 'react-bootstrap/Placeholder';
import Spinner from 'react-bootstrap/Spinner';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useState, useSyncExternalStore } from 'react';
import { browserTimeZone, displayDate, todayIn } from '../../kit/dates';
import { currentEarlyFrame, subscribeEarlyFrame, type EarlyFrame } from './earlyFrameOnPage';
import { DASHBOARD_TABS } from './dashboardTabs';
import { chooseWantedTab, wantedTab } from './wantedTab';

/**
 * The dashboard's frame, drawn before anything of it has loaded: no data and no Apollo, so it lives
 * in the entry and shows while the session and the dashboard's code arrive (app/routing
 * RouteFallback). It is laid out as the dashboard is while its first screen loads, so the page
 * that replaces it moves nothing. Its tabs answer a tap as index.html's frame does (wantedTab.ts):
 * the tab shows as chosen and the dashboard opens on it. On a cheap phone this frame, with the
 * numbers the head script drew, is what the person sees while the dashboard's code (Apollo Client,
 * the documents, the page) arrives and runs: everything on it answers with the entry's code alone.
 */
export function DashboardSkeleton({ today }: { today?: string }) {
  const [tab, setTab] = useState(() => wantedTab() ?? 'analysis');
  const choose = (key: string | null) => {
    const chosen = DASHBOARD_TABS.find((each) => each.key === key)?.key;
    if (!chosen) return;
    chooseWantedTab(chosen);
    setTab(chosen);
  };
  return (
    <div className="py-3 tn-screen-tall">
      <NameSkeleton />
      <Tabs id="dashboard-tabs-loading" activeKey={tab} onSelect={choose} className="mb-3 tn-tabs">
        {DASHBOARD_TABS.map(({ key, title }) => (
          // Tapped, not tabbed to: focus would drop when the page replaces them a moment later, and
          // the keyboard's user has the dashboard's own tabs then.
          <Tab key={key} eventKey={key} title={title} tabAttrs={{ tabIndex: -1 }}>
            {key === 'analysis' ? <AnalysisLoading today={today} /> : key === tab && <LoadingStatus />}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}

/**
 * The numbers index.html's head script drew before the application ran (earlyFrameOnPage.ts), while
 * they are fresh: drawn again here, as they were, until the dashboard draws its own.
 */
function useEarlyFrame(): EarlyFrame | null {
  return useSyncExternalStore(subscribeEarlyFrame, currentEarlyFrame, () => null);
}

/**
 * A skeleton of the name while the account loads, never an empty heading; the name itself when
 * index.html's head script has already drawn it.
 */
export function NameSkeleton() {
  const early = useEarlyFrame();
  // The head script escaped it, as React would have.
  if (early) return <h1 className="h3 mb-3" dangerouslySetInnerHTML={{ __html: early.name }} />;
  return (
    <Placeholder as="h1" animation="glow" className="h3 mb-3 tn-name-skeleton" aria-busy="true">
      <Placeholder xs={6} sm={4} md={3} />
      <span className="visually-hidden">Loading your account ...</span>
    </Placeholder>
  );
}

export function AnalysisHeading({ today }: { today: string }) {
  return <h2 className="h4 mb-3">Income and Liability Analysis For {displayDate(today)}</h2>;
}

/**
 * The Analysis tab while its data loads: its heading (today is known: the browser's, unless the
 * build renders it with a date the page writes over) and a spinner, or the hero the head script
 * drew, in its place.
 */
export function AnalysisLoading({ today }: { today?: string }) {
  const early = useEarlyFrame();
  return (
    <section aria-label="Analysis">
      <AnalysisHeading today={today ?? todayIn(browserTimeZone())} />
      {early ? <div dangerouslySetInnerHTML={{ __html: early.hero }} /> : <LoadingStatus />}
    </section>
  );
}

export function LoadingStatus() {
  return (
    <p role="status">
      <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
      Loading ...
    </p>
  );
}
