import type { IsoDate, PlanCode } from '@truenet/core';
import type { Config } from '../config';
import { badUserInput } from '../errors';
import { rowId } from '../input/row-id';
import { planNamed } from '../modules/billing/plans';
import { incomeSourceFields } from '../modules/income/income-source-fields';
import type { IncomeSourceFields } from '../modules/income/income.service';
import type { LiabilityFields } from '../modules/liabilities/liabilities.service';
import { liabilityFields } from '../modules/liabilities/liability-fields';
import { balanceUpdateOf, walletFields as walletFieldsOf } from '../modules/wallets/wallet-fields';
import type { BalanceUpdate, WalletFields } from '../modules/wallets/wallets.service';

/**
 * Reads the specification's REST bodies into the services' field objects. The rules are core's
 * validators (the same GraphQL runs); what lives here is only the REST shape: dollars as JSON
 * numbers, option LABELS ('Bi-Weekly', 'Mortgage/Rent') or codes, `id: -1` for a new record,
 * the misspelled `sourceDesciption`.
 */

export type Body = Record<string, unknown>;

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : String(value);
}

/** A REST boolean: true/false, 'true'/'false', 1/0; anything else is the fallback. */
export function booleanOf(value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null || value === '') return fallback;
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return fallback;
}

/** A record id of a REST body or path: -1 (or none) means a new record, anything else must be ours. */
export function recordId(value: unknown, what: string): number | 'new' {
  if (value === undefined || value === null || value === '' || String(value).trim() === '-1') return 'new';
  return rowId(String(value).trim(), what);
}

/** A path or body id of an existing record; garbage reads as not found, like another user's id. */
export function existingId(value: unknown, what: string): number {
  return rowId(text(value)?.trim() ?? '', what);
}

/** Dates are `YYYY-MM-DD`; core's validator checks the window around the user's today. */
function date(value: unknown): IsoDate | null {
  return typeof value === 'string' ? value.trim() : null;
}

/**
 * The optional `walletId` ('Deposits to' / 'Paid from') of an income or expense body: absent keeps
 * the stored one, so the original client, which never sends it, changes nothing.
 */
function optionalWalletId(body: Body): string | null | undefined {
  if (!Object.hasOwn(body, 'walletId')) return undefined;
  return text(body.walletId)?.trim() || null;
}

/** The expense body (§3 "Expense"): labels or codes, dollars. */
export function expenseFields(body: Body, today: IsoDate): LiabilityFields {
  return liabilityFields(
    {
      creditorName: text(body.creditorName) ?? '',
      creditorUrl: text(body.creditorUrl),
      debtType: text(body.debtType),
      frequency: text(body.frequency),
      dueDate: date(body.dueDate),
      payment: body.payment as number | string | null,
      balance: body.balance as number | string | null,
      creditorDescription: text(body.creditorDescription),
      autoPay: booleanOf(body.autoPay, false),
      walletId: optionalWalletId(body),
      // Absent keeps the stored APR, so the original client, which never sends it, changes nothing.
      ...(Object.hasOwn(body, 'apr') ? { apr: body.apr as number | string | null } : {}),
    },
    today,
  );
}

/** The income body (§3 "Income source"), with the specification's `sourceDesciption`. */
export function incomeFields(body: Body, today: IsoDate): IncomeSourceFields {
  return incomeSourceFields(
    {
      sourceName: text(body.sourceName) ?? '',
      sourceUrl: text(body.sourceUrl),
      incomeFrequency: text(body.incomeFrequency),
      nextPmtDate: date(body.nextPmtDate),
      biMonthlyPayDate: date(body.biMonthlyPayDate) || null,
      paymentAmount: body.paymentAmount as number | string | null,
      sourceDesciption: text(body.sourceDesciption),
      sourceStatus: booleanOf(body.sourceStatus, true),
      walletId: optionalWalletId(body),
    },
    today,
  );
}

/** The wallet body (§3 "Wallet"); the balance is optional and may be negative. */
export function walletFields(body: Body): WalletFields {
  return walletFieldsOf({
    walletName: text(body.walletName) ?? '',
    walletDescription: text(body.walletDescription),
    balance: body.balance as number | string | null,
  });
}

/**
 * `update-wallet-balance`: `updateBalance` carries the new balance, the optional `transaction` a
 * spent/deposited amount (which, when present, is what counts).
 */
export function balanceUpdate(updateBalance: Body, transaction: unknown): BalanceUpdate {
  const entry =
    transaction === undefined || transaction === null
      ? null
      : ((typeof transaction === 'object' ? transaction : {}) as Body);
  return balanceUpdateOf({
    balance: updateBalance.balance as number | string | null,
    transaction: entry && {
      direction: entry.direction,
      amount: entry.amount as number | string | null,
      transactionDescription: text(entry.transactionDescription),
    },
  });
}

/**
 * The plan a registration or checkout body names: the specification's `priceId` (the provider's
 * price), or a plan code in `plan`; none means the default plan.
 */
export function requestedPlan(config: Pick<Config, 'billing'>, body: Body): PlanCode | null {
  return planNamed(config, text(body.priceId) || text(body.plan));
}

/** A list field of a body (`recentIncome`, `paidExpenses`); anything else is a clear 400. */
export function listOf(body: Body, field: string): Body[] {
  const value = body[field];
  if (!Array.isArray(value)) throw badUserInput(`Send ${field} as a list`, field);
  return value.map((item) => (item !== null && typeof item === 'object' ? (item as Body) : {}));
}
