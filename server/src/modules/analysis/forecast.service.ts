import { forecastBalances, forecastRequestErrors, type BalanceForecast, type WhatIf } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { notFound } from '../../errors';
import { analysisIncomeSource } from '../income/income.rows';
import { analysisLiability } from '../liabilities/liabilities.rows';
import { analysisWallet } from '../wallets/wallets.rows';
import { todaysSnapshot } from './analysis.service';
import { assertNoFieldErrors } from '../../input/field-errors';
import type { RequestUser } from '../auth/request-user';

export interface ForecastRequest {
  walletId: number | null;
  days: number;
  whatIfs: WhatIf[];
  timeZone: string | null;
  asOf: string | null;
}

/**
 * `balanceForecast` (docs/product-rules.md §7-§8 "The balance forecast"): core's `forecastBalances` over the same
 * loads as the analysis, so both always agree, in as many statements (1 when the request names its
 * day and the account stores its zone). Out-of-limit requests are refused before anything is read; a wallet that
 * is not the user's is NOT_FOUND. Reads only: what-ifs change nothing stored.
 */
export async function balanceForecast(
  deps: AppDeps,
  caller: RequestUser,
  request: ForecastRequest,
): Promise<BalanceForecast> {
  const { today, snapshot } = await todaysSnapshot(deps, caller, request, (day) =>
    assertNoFieldErrors(forecastRequestErrors({ today: day, days: request.days, whatIfs: request.whatIfs })),
  );
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
