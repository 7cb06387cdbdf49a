import { forecastBalances, forecastRequestErrors, type BalanceForecast, type WhatIf } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { analysisIncomeSource } from '../income/income.rows';
import { analysisLiability } from '../liabilities/liabilities.rows';
import { analysisWallet } from '../wallets/wallets.rows';
import { loadFinanceSnapshot, requestToday } from './analysis.service';
import { assertNoFieldErrors } from '../../input/field-errors';
import { type ZonedUser } from '../../input/today';

export interface ForecastRequest {
  walletId: number | null;
  days: number;
  whatIfs: WhatIf[];
  timeZone: string | null;
  asOf: string | null;
}

/**
 * `balanceForecast` (DESIGN.md §4 "The balance forecast"): core's `forecastBalances` over the same
 * loads as the analysis, so both always agree. At most 2 statements: the zone (only when needed or
 * new) and the snapshot. Out-of-limit requests are refused before anything is read; a wallet that
 * is not the user's is NOT_FOUND. Reads only: what-ifs change nothing stored.
 */
export async function balanceForecast(
  deps: AppDeps,
  user: ZonedUser,
  request: ForecastRequest,
): Promise<BalanceForecast> {
  const today = await requestToday(deps, user, request);
  assertNoFieldErrors(forecastRequestErrors({ today, days: request.days, whatIfs: request.whatIfs }));
  const snapshot = await loadFinanceSnapshot(deps.dataSource, user.id, today);
  if (request.walletId !== null && !snapshot.wallets.some((wallet) => wallet.id === request.walletId)) {
    throw notFound('Wallet');
  }
  return forecastBalances({
    today,
    wallets: snapshot.wallets.map(analysisWallet),
    incomeSources: snapshot.incomeSources.map(analysisIncomeSource),
    liabilities: snapshot.liabilities.map(analysisLiability),
    walletId: request.walletId === null ? null : String(request.walletId),
    days: request.days,
    whatIfs: request.whatIfs,
  });
}
