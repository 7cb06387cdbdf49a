import {
  DashboardAheadDocument,
  DashboardForecastDaysDocument,
  type DashboardAheadQuery,
  type DashboardForecastDaysQuery,
  type ForecastDayViewFragment,
} from '../../gql/graphql';
import { buildForecast } from '../../kit/testing';
import { createCache } from './cache';

const variables = { walletId: null, timeZone: 'America/New_York' };
const DAY: ForecastDayViewFragment = { date: '2026-01-07', balance: 2500, inflow: 0, outflow: 0, events: [] };

/** A day as the server answers it, with its type name. */
const DAY_ANSWERED = { __typename: 'ForecastDay', ...DAY };

function writeHero(cache: ReturnType<typeof createCache>, safeToSpend: number) {
  const { days: _days, ...figures } = buildForecast({ safeToSpend });
  cache.writeQuery({
    query: DashboardAheadDocument,
    variables,
    // As the server answers: with every type name, which the cache's policies go by.
    data: {
      balanceForecast: { __typename: 'BalanceForecast', ...figures },
      debtPlan: { __typename: 'DebtPlan', debtFreeMonth: null, debts: [] },
    } as DashboardAheadQuery,
  });
}

function writeDays(cache: ReturnType<typeof createCache>) {
  cache.writeQuery({
    query: DashboardForecastDaysDocument,
    variables,
    data: {
      balanceForecast: {
        __typename: 'BalanceForecast',
        asOf: '2026-01-07',
        horizon: '2026-02-20',
        days: [DAY_ANSWERED],
      },
    } as DashboardForecastDaysQuery,
  });
}

describe("the forecast's two queries in one cache", () => {
  it("keep the hero's figures and the chart's days whichever was answered last", () => {
    const cache = createCache();
    writeHero(cache, 929);
    writeDays(cache);
    expect(cache.readQuery({ query: DashboardAheadDocument, variables })?.balanceForecast.safeToSpend).toBe(
      929,
    );
    writeHero(cache, 900);
    expect(
      cache.readQuery({ query: DashboardForecastDaysDocument, variables })?.balanceForecast.days,
    ).toEqual([expect.objectContaining(DAY)]);
    expect(cache.readQuery({ query: DashboardAheadDocument, variables })?.balanceForecast.safeToSpend).toBe(
      900,
    );
  });
});
