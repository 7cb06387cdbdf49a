import { MAX_MONEY_CENTS } from '@truenet/core';
import { formatDollars } from '../../components/money';
import { displayDate } from '../../kit/dates';
import type { ForecastDayView } from './forecastView';

type ForecastDays = readonly ForecastDayView[];

/** A planned spend the person is asking about; nothing is saved. */
export interface WhatIf {
  id: number;
  date: string;
  /** Dollars, more than 0. */
  amount: number;
  description: string;
}

/** The server's limit on what-ifs in one question. */
export const MAX_WHAT_IFS = 20;

/** The largest amount the API's Money takes. */
const MAX_WHAT_IF_DOLLARS = MAX_MONEY_CENTS / 100;

export interface Affordability {
  affordable: boolean;
  /** The lowest end-of-day balance before the payday that follows the last what-if. */
  lowest: number;
  date: string;
  sentence: string;
}

/**
 * The answer in words. "Before payday" is up to the day before the first pay date after the latest
 * what-if (the whole forecast when no pay comes), so a spend planned after the next payday is
 * weighed against the payday that follows it.
 */
export function affordability(days: ForecastDays, whatIfs: readonly WhatIf[]): Affordability | null {
  if (days.length === 0 || whatIfs.length === 0) return null;
  const last = whatIfs.reduce((latest, whatIf) => (whatIf.date > latest ? whatIf.date : latest), '');
  const payday = days.find((day) => day.date > last && day.events.some((event) => event.kind === 'INCOME'));
  const window = days.filter((day) => !payday || day.date < payday.date);
  const lowestDay = window.reduce((low, day) => (day.balance < low.balance ? day : low), window[0]!);
  const affordable = lowestDay.balance >= 0;
  return {
    affordable,
    lowest: lowestDay.balance,
    date: lowestDay.date,
    sentence: affordable
      ? `Yes: your lowest balance before payday would be ${formatDollars(lowestDay.balance)}`
      : `Not before payday: you would be ${formatDollars(-lowestDay.balance)} short on ${displayDate(lowestDay.date)}`,
  };
}

/** What is wrong with a what-if about to be added, in words; null when it can be asked. */
export function whatIfProblem(
  amount: number | null,
  date: string,
  range: { asOf: string; horizon: string },
  count: number,
): string | null {
  if (count >= MAX_WHAT_IFS) return `Ask about at most ${MAX_WHAT_IFS} spends at once`;
  if (amount === null || amount <= 0) return 'Enter an amount more than $0.00';
  // A limit said as a limit: no retry would ever make the server take a larger amount.
  if (amount > MAX_WHAT_IF_DOLLARS)
    return `TrueNet works with amounts up to ${formatDollars(MAX_WHAT_IF_DOLLARS)}`;
  if (!date) return 'Choose the day you would spend it';
  if (date < range.asOf || date > range.horizon) {
    return `Choose a day from ${displayDate(range.asOf)} to ${displayDate(range.horizon)}`;
  }
  return null;
}
