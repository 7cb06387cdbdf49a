import type { BalanceForecast as CoreForecast, ForecastDay as CoreDay } from '@truenet/core';
import type { BalanceForecast, ForecastDay } from '../../generated/graphql';
import { presentIncomeOccurrence } from './analysis.presenter';

function presentDay(day: CoreDay): ForecastDay {
  return {
    date: day.date,
    balance: day.balanceCents,
    inflow: day.inflowCents,
    outflow: day.outflowCents,
    events: day.events.map(({ amountCents, ...event }) => ({ ...event, amount: amountCents })),
  };
}

/** Core's forecast (cents) as the GraphQL `BalanceForecast` (the Money scalar converts cents). */
export function presentForecast(forecast: CoreForecast): BalanceForecast {
  return {
    asOf: forecast.asOf,
    horizon: forecast.horizon,
    walletId: forecast.walletId,
    startBalance: forecast.startBalanceCents,
    days: forecast.days.map(presentDay),
    lowestBalance: forecast.lowestBalanceCents,
    lowestDate: forecast.lowestDate,
    firstNegativeDate: forecast.firstNegativeDate,
    nextIncomeDate: forecast.nextIncomeDate,
    safeToSpend: forecast.safeToSpendCents,
    undepositedIncome: forecast.undepositedIncome.map(presentIncomeOccurrence),
  };
}
