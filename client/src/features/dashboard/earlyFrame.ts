/*
 * Bundled into index.html's head script (client/build/prerender.ts), never into the application:
 * it draws the dashboard's numbers into the frame the moment the first screen's answer arrives, on
 * a slow phone seconds before React and Apollo Client have arrived to draw them. Plain strings,
 * no framework. Its markup is TrueNetHero's, character for character (earlyFrame.test.tsx renders
 * both), so the dashboard's own hero later takes its place without a pixel moving.
 */
import { escapeHtml, lessOftenWord, setAsideSentence } from '@truenet/core';
import { formatDollars } from '../../components/money/money';
import type { DashboardFirstScreenQuery } from '../../gql/graphql';
import { displayDate } from '../../kit/dates';
import { debtFreeMonthOf, monthName } from '../debts/debtsView';
import { EARLY_FRAME_KEY, PAGE_FRAME_ATTRIBUTE, type EarlyFrame } from './earlyFrameOnPage';
import { allStepsDone, stepsDone } from './firstRun';

type Analysis = DashboardFirstScreenQuery['cashFlowAnalysis'];
type Forecast = DashboardFirstScreenQuery['balanceForecast'];
type StartingDebtPlan = DashboardFirstScreenQuery['debtPlan'];

/** What of the first screen's answer decides the early frame. */
export type FirstScreenAnswer = Pick<
  DashboardFirstScreenQuery,
  | 'me'
  | 'household'
  | 'cashFlowAnalysis'
  | 'balanceForecast'
  | 'wallets'
  | 'incomeSources'
  | 'liabilities'
  | 'debtPlan'
> & {
  bankConnections: readonly { status: string }[];
  importReviews: readonly unknown[];
};

/** MoneyText's markup. */
function money(dollars: number, className?: string): string {
  const classes = [className, dollars < 0 ? 'text-danger' : undefined].filter(Boolean).join(' ');
  return `<span${classes ? ` class="${classes}"` : ''}>${escapeHtml(formatDollars(dollars))}</span>`;
}

function meaning(text: string): string {
  return `<span class="d-block small text-body-secondary fw-normal">${escapeHtml(text)}</span>`;
}

function date(isoDate: string): string {
  return escapeHtml(displayDate(isoDate));
}

function setAsideBlock(analysis: Analysis): string {
  const bills = analysis.setAsideBills;
  if (bills.length === 0) return '';
  const shares = bills
    .map(
      (bill) =>
        `<li>${escapeHtml(`${bill.name} (${lessOftenWord(bill.frequency)}, due ${displayDate(bill.nextDueDate)}): `)}` +
        `${money(bill.shareThisPeriod)} this period, ${money(bill.heldNow)} held by now</li>`,
    )
    .join('');
  return (
    '<div class="mt-2 tn-set-aside" data-testid="net-after-set-aside">' +
    `<p class="mb-1">${escapeHtml(`${setAsideSentence(bills.map((bill) => bill.frequency))}: `)}` +
    `${money(analysis.netIncomeAfterSetAside, 'fw-semibold')}</p>` +
    '<details><summary class="small">The shares</summary>' +
    `<ul class="list-unstyled small mb-0 mt-1">${shares}</ul></details></div>`
  );
}

function heldForBills(analysis: Analysis): string {
  if (analysis.setAsideBills.length === 0) return '';
  return (
    '<dt class="small fw-normal text-body-secondary">Held for bills that come less often</dt>' +
    `<dd class="mb-2" data-testid="held-for-bills">${money(analysis.heldForBills)}` +
    `${meaning('What those bills have built up since each was last due: keep it aside.')}</dd>`
  );
}

function lowestBalance(forecast: Forecast): string {
  const dips = forecast.lowestBalance < 0;
  const below = forecast.firstNegativeDate
    ? `<span class="d-block small">Below zero from ${date(forecast.firstNegativeDate)}</span>`
    : '';
  return (
    '<dt class="small fw-normal text-body-secondary">Lowest balance ahead</dt>' +
    `<dd class="mb-0 ${dips ? 'text-danger fw-semibold' : ''}" data-testid="lowest-balance">` +
    `${money(forecast.lowestBalance)} on ${date(forecast.lowestDate)}${below}` +
    `${meaning(`The lowest your wallets get until ${displayDate(forecast.horizon)}, with the pay and bills ahead.`)}</dd>`
  );
}

function debtFree(plan: StartingDebtPlan): string {
  const month = debtFreeMonthOf(plan);
  if (month === undefined) return '';
  return (
    '<dt class="small fw-normal text-body-secondary mt-2">Debts</dt><dd class="mb-0" data-testid="debt-free">' +
    escapeHtml(month ? `Debt-free by ${monthName(month)}` : 'Not paid off at these payments') +
    `${meaning('With the plan chosen under Debts.')}</dd>`
  );
}

/** TrueNetHero's markup for the dashboard's first screen (all wallets, the plan Debts opens on). */
export function heroHtml(analysis: Analysis, forecast: Forecast, plan: StartingDebtPlan): string {
  const walletCount = analysis.wallets.length;
  const until = analysis.nextIncomeDate ? date(analysis.nextIncomeDate) : 'your next pay';
  return (
    '<section aria-label="True net income" class="mb-3 tn-hero card"><div class="card-body">' +
    '<p class="small text-body-secondary mb-2" data-testid="hero-scope"><span class="fw-semibold">All wallets</span>' +
    `${walletCount > 1 ? ` (${walletCount})` : ''}: every figure here counts the money in all of them.</p>` +
    '<div class="g-3 align-items-start row"><div class="col-md-7">' +
    `<h3 class="h6 text-body-secondary mb-1">True net income until ${until}</h3>` +
    `<p class="display-5 fw-semibold mb-1" data-testid="true-net-income">${money(analysis.netIncomeThisPeriod)}</p>` +
    `<p class="small text-body-secondary mb-0">Last pay ${money(analysis.lastIncomeTotal)} − this period’s bills ` +
    `${money(analysis.obligationsTotal)} (paid ones included)</p>` +
    meaning('What is left of your last pay once every bill until payday is paid.') +
    setAsideBlock(analysis) +
    '</div><div class="col-md-5"><dl class="mb-0">' +
    '<dt class="small fw-normal text-body-secondary">Safe to spend today</dt>' +
    `<dd class="mb-2"><span class="d-block h4 mb-0" data-testid="safe-to-spend">${money(forecast.safeToSpend)}</span>` +
    `${meaning('What your wallets can lose today and still pay every bill before payday.')}</dd>` +
    heldForBills(analysis) +
    lowestBalance(forecast) +
    debtFree(plan) +
    '</dl></div></div></div></section>'
  );
}

/**
 * Whether the dashboard, once drawn, shows nothing above its tabs but the person's name: the
 * household line, the banners, the first-run guide and the bank notices would each push the hero
 * down when they appear, so with any of them the frame keeps its loading line instead.
 */
function onlyTheNameAbove(data: FirstScreenAnswer): boolean {
  const { household } = data;
  return (
    household.personal &&
    household.members.length <= 1 &&
    household.canWrite &&
    allStepsDone(
      stepsDone({
        wallets: data.wallets.length,
        incomeSources: data.incomeSources.length,
        bills: data.liabilities.length,
      }),
    ) &&
    data.bankConnections.every((connection) => connection.status === 'OK') &&
    data.importReviews.length === 0
  );
}

/** The early frame for this first screen, or null when the dashboard would not draw it so. */
export function earlyFrameOf(data: FirstScreenAnswer, now: number): EarlyFrame | null {
  if (!data.me || !data.household || !data.cashFlowAnalysis || !data.balanceForecast) return null;
  if (!onlyTheNameAbove(data)) return null;
  return {
    name: escapeHtml(`${data.me.firstName} ${data.me.lastName}`),
    hero: heroHtml(data.cashFlowAnalysis, data.balanceForecast, data.debtPlan),
    drawnAt: now,
  };
}

/**
 * Draws the early frame into the dashboard's frame in #root, when the frame is still the page's
 * (index.html's, not yet replaced by the application): its name's placeholder and the Analysis
 * tab's loading line give way, as DashboardSkeleton draws them (NameSkeleton, AnalysisLoading).
 */
export function drawEarlyFrame(root: Element, frame: EarlyFrame): void {
  const pageFrame = root.querySelector(`[${PAGE_FRAME_ATTRIBUTE}]`);
  const name = pageFrame?.querySelector('h1.tn-name-skeleton');
  const loading = pageFrame?.querySelector('section[aria-label="Analysis"] > p[role="status"]');
  if (!name || !loading) return;
  name.outerHTML = `<h1 class="h3 mb-3">${frame.name}</h1>`;
  loading.outerHTML = `<div>${frame.hero}</div>`;
}

/**
 * What the head script calls with the first screen's data: leaves the early frame for the
 * application (EARLY_FRAME_KEY, announced by an event of that name) and draws it into the page's
 * frame if the application has not replaced that yet.
 */
export function showEarlyFrame(root: Element | null, data: FirstScreenAnswer, now: number): void {
  const frame = earlyFrameOf(data, now);
  if (!frame) return;
  (window as unknown as Record<string, EarlyFrame>)[EARLY_FRAME_KEY] = frame;
  if (root) drawEarlyFrame(root, frame);
  window.dispatchEvent(new Event(EARLY_FRAME_KEY));
}
