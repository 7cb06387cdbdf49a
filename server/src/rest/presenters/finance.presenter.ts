import {
  centsToNumber,
  labelOfDebtType,
  labelOfExpenseFrequency,
  labelOfIncomeFrequency,
} from '@truenet/core';
import type { IncomeSourceRow } from '../../modules/income/income.rows';
import type { LiabilityRow } from '../../modules/liabilities/liabilities.rows';
import type { RegisterRow, WalletRow } from '../../modules/wallets/wallets.rows';

/**
 * The specification's REST DTOs of the finance data (§3): dollars as JSON numbers, option LABELS,
 * numeric ids, `debtorId` on every row, and the original product's nested objects and spellings
 * (`creditorDto`, `incomeSourceDto`, `sourceDesciption`). These quirks live here and nowhere else.
 */

function money(cents: string | number): number {
  return centsToNumber(Number(cents));
}

export interface RestExpense {
  debtorId: number;
  id: number;
  creditorName: string;
  creditorUrl: string | null;
  debtType: string;
  frequency: string;
  dueDate: string;
  balance: number | null;
  /** A debt's APR (percent); null: not known. */
  apr: number | null;
  payment: number;
  autoPay: boolean;
  creditorDescription: string | null;
  currentPaid: boolean;
  currentCleared: boolean;
  /** The analysis list's nested DTO. */
  creditorDto: { creditorName: string };
  /** The manage list's nested creditor object. */
  creditor: { creditorName: string; creditorUrl: string | null };
}

export function presentExpense(debtorId: number, row: LiabilityRow): RestExpense {
  return {
    debtorId,
    id: row.id,
    creditorName: row.creditor_name,
    creditorUrl: row.creditor_url,
    debtType: labelOfDebtType(row.debt_type),
    frequency: labelOfExpenseFrequency(row.frequency),
    dueDate: row.due_date,
    balance: row.balance_cents === null ? null : money(row.balance_cents),
    apr: row.apr === null ? null : Number(row.apr),
    payment: money(row.payment_cents),
    autoPay: row.auto_pay,
    creditorDescription: row.description,
    currentPaid: row.current_paid,
    currentCleared: row.current_cleared,
    creditorDto: { creditorName: row.creditor_name },
    creditor: { creditorName: row.creditor_name, creditorUrl: row.creditor_url },
  };
}

export interface RestIncome {
  debtorId: number;
  id: number;
  sourceName: string;
  sourceUrl: string | null;
  incomeFrequency: string;
  nextPmtDate: string;
  biMonthlyPayDate: string | null;
  paymentAmount: number;
  /** Spelled so by the specification. */
  sourceDesciption: string | null;
  sourceStatus: boolean;
  /** Whether the source's last occurrence (its latest pay date up to today) is deposited. */
  deposited: boolean;
  incomeSourceDto: { sourceName: string };
  incomeSource: { sourceName: string; sourceUrl: string | null };
}

export function presentIncome(debtorId: number, row: IncomeSourceRow, deposited: boolean): RestIncome {
  return {
    debtorId,
    id: row.id,
    sourceName: row.source_name,
    sourceUrl: row.source_url,
    incomeFrequency: labelOfIncomeFrequency(row.frequency),
    nextPmtDate: row.next_pmt_date,
    biMonthlyPayDate: row.bi_monthly_pay_date,
    paymentAmount: money(row.payment_cents),
    sourceDesciption: row.description,
    sourceStatus: row.active,
    deposited,
    incomeSourceDto: { sourceName: row.source_name },
    incomeSource: { sourceName: row.source_name, sourceUrl: row.source_url },
  };
}

export interface RestWallet {
  debtorId: number;
  id: number;
  walletName: string;
  walletDescription: string | null;
  balance: number;
  defaultWallet: boolean;
  lastUpdate: string | null;
}

export function presentWallet(debtorId: number, row: WalletRow): RestWallet {
  return {
    debtorId,
    id: row.id,
    walletName: row.name,
    walletDescription: row.description,
    balance: money(row.balance_cents),
    defaultWallet: row.is_default,
    lastUpdate: row.last_update ? new Date(row.last_update).toISOString() : null,
  };
}

export interface RestRegisterEntry {
  id: number;
  direction: 'spent' | 'deposited';
  amount: number;
  date: string;
  transactionDescription: string | null;
}

export function presentRegisterEntry(row: RegisterRow): RestRegisterEntry {
  return {
    id: Number(row.id),
    direction: row.direction,
    amount: money(row.amount_cents),
    date: row.occurred_on,
    transactionDescription: row.description,
  };
}
