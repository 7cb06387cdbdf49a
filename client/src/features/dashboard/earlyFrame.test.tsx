import { renderToStaticMarkup } from 'react-dom/server';
import { act, cleanup, render, screen } from '@testing-library/react';
import { TrueNetHero } from '../analysis/TrueNetHero';
import {
  buildExampleAnalysis,
  buildForecast,
  buildIncomeSource,
  buildLiability,
  buildMe,
  buildWallet,
} from '../../kit/testing';
import { debtFreeMonthOf } from '../debts/debtsView';
import { earlyFrameOf, heroHtml, showEarlyFrame, type FirstScreenAnswer } from './earlyFrame';
import { DashboardSkeleton } from './DashboardSkeleton';
import { EARLY_FRAME_KEY, forgetEarlyFrame, PAGE_FRAME_ATTRIBUTE } from './earlyFrameOnPage';

const NOW = Date.now();

function answer(overrides: Partial<FirstScreenAnswer> = {}): FirstScreenAnswer {
  return {
    me: buildMe({ firstName: 'Ada', lastName: 'Lovelace & Co' }),
    household: {
      id: '1',
      name: 'Home',
      personal: true,
      myRole: 'OWNER',
      canWrite: true,
      members: [{ id: '1', firstName: 'Ada' }],
    },
    cashFlowAnalysis: buildExampleAnalysis(),
    balanceForecast: buildForecast(),
    wallets: [buildWallet()],
    incomeSources: [buildIncomeSource()],
    liabilities: [buildLiability()],
    bankConnections: [{ status: 'OK' }],
    importReviews: [],
    debtPlan: { debtFreeMonth: null, debts: [] },
    ...overrides,
  };
}

const withShares = buildExampleAnalysis({
  setAsideBills: [
    {
      liabilityId: '31',
      name: 'Car <insurance> & "tags"',
      frequency: 'YEARLY',
      nextDueDate: '2026-06-01',
      payment: 1200,
      shareThisPeriod: 50,
      heldNow: 200,
    },
    {
      liabilityId: '32',
      name: 'Water',
      frequency: 'QUARTERLY',
      nextDueDate: '2026-03-01',
      payment: 90,
      shareThisPeriod: 15,
      heldNow: 45,
    },
  ],
  heldForBills: 245,
  netIncomeAfterSetAside: 364,
  netIncomeThisPeriod: -12.5,
  nextIncomeDate: null,
  wallets: [...buildExampleAnalysis().wallets, ...buildExampleAnalysis().wallets],
});

const NO_DEBTS = { debtFreeMonth: null, debts: [] };
const DEBT_FREE_2029 = { debtFreeMonth: '2029-03', debts: [{ liabilityId: '7' }] };
const NEVER_PAID_OFF = { debtFreeMonth: null, debts: [{ liabilityId: '7' }, { liabilityId: '8' }] };

describe("the hero the boot script draws is the dashboard's own", () => {
  it.each([
    ['a plain period', buildExampleAnalysis(), buildForecast(), NO_DEBTS],
    [
      'bills set aside, below zero, no next pay, two wallets',
      withShares,
      buildForecast({ lowestBalance: -75.25, firstNegativeDate: '2026-01-10', safeToSpend: 0 }),
      NO_DEBTS,
    ],
    [
      'a dip with no day below zero yet',
      buildExampleAnalysis(),
      buildForecast({ lowestBalance: -1 }),
      NO_DEBTS,
    ],
    ['debts paid off by a month', buildExampleAnalysis(), buildForecast(), DEBT_FREE_2029],
    ['debts never paid off at their payments', buildExampleAnalysis(), buildForecast(), NEVER_PAID_OFF],
  ])('%s: character for character', (_name, analysis, forecast, plan) => {
    const react = renderToStaticMarkup(
      <TrueNetHero
        analysis={analysis}
        forecast={forecast}
        setAside={analysis}
        debtFree={debtFreeMonthOf(plan)}
      />,
    );
    expect(heroHtml(analysis, forecast, plan)).toBe(react);
  });

  it("tells the month the plan Debts opens on is debt-free in, as the dashboard's hero does", () => {
    expect(heroHtml(buildExampleAnalysis(), buildForecast(), DEBT_FREE_2029)).toContain(
      'Debt-free by March 2029',
    );
  });
});

describe('when the boot script draws the numbers', () => {
  it("draws them for a household whose dashboard shows only the person's name above the tabs", () => {
    const frame = earlyFrameOf(answer(), NOW);
    expect(frame).toEqual({
      name: 'Ada Lovelace &amp; Co',
      hero: expect.stringContaining('$429.00'),
      drawnAt: NOW,
    });
  });

  it.each<[string, Partial<FirstScreenAnswer>]>([
    [
      'a shared household (its line above the tabs)',
      {
        household: {
          ...answer().household,
          members: [
            { id: '1', firstName: 'Ada' },
            { id: '2', firstName: 'Bo' },
          ],
        },
      },
    ],
    ["someone else's household", { household: { ...answer().household, personal: false } }],
    ['no changes allowed (a banner above)', { household: { ...answer().household, canWrite: false } }],
    ['no wallet yet (the first-run guide)', { wallets: [] }],
    ['no pay source yet', { incomeSources: [] }],
    ['no bills yet', { liabilities: [] }],
    [
      'a bank connection in trouble (a notice)',
      { bankConnections: [{ status: 'OK' }, { status: 'DISCONNECTED' }] },
    ],
    ['transactions waiting for review (a notice)', { importReviews: [{}] }],
  ])('keeps the loading line for %s', (_name, overrides) => {
    expect(earlyFrameOf(answer(overrides), NOW)).toBeNull();
  });
});

describe('the early frame on the page', () => {
  afterEach(() => {
    cleanup();
    forgetEarlyFrame();
    document.body.innerHTML = '';
  });

  it("draws into index.html's frame exactly what the application's frame then draws", () => {
    const page = document.createElement('div');
    page.innerHTML = renderToStaticMarkup(<DashboardSkeleton today="2026-01-07" />);
    page.firstElementChild?.setAttribute(PAGE_FRAME_ATTRIBUTE, '');
    showEarlyFrame(page, answer(), Date.now());
    page.firstElementChild?.removeAttribute(PAGE_FRAME_ATTRIBUTE);

    const { container } = render(<DashboardSkeleton today="2026-01-07" />);
    expect(page.innerHTML).toBe(container.innerHTML);
    expect(screen.getByRole('heading', { level: 1, name: 'Ada Lovelace & Co' })).toBeInTheDocument();
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
  });

  it('never draws into what the application drew in its place', () => {
    const { container } = render(<DashboardSkeleton today="2026-01-07" />);
    const before = container.innerHTML;
    act(() => showEarlyFrame(container, answer(), Date.now()));
    // Drawn by React from what the boot script left, not written into React's nodes.
    expect(screen.getByTestId('true-net-income')).toHaveTextContent('$429.00');
    expect(before).toContain('Loading ...');
  });

  it('is forgotten when told, and goes stale after a minute', () => {
    render(<DashboardSkeleton today="2026-01-07" />);
    act(() => showEarlyFrame(null, answer(), Date.now()));
    expect(screen.getByTestId('true-net-income')).toBeInTheDocument();
    act(() => forgetEarlyFrame());
    expect(screen.queryByTestId('true-net-income')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading ...');

    showEarlyFrame(null, answer(), Date.now() - 61_000);
    expect(EARLY_FRAME_KEY in window).toBe(true);
    const { container } = render(<DashboardSkeleton today="2026-01-07" />);
    expect(container).not.toHaveTextContent('$429.00');
  });
});
