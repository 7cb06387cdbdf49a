import type { IncomeFrequency, IncomeSourceInput as AnalysisIncomeSource } from '@truenet/core';

/** The columns every income-source query selects; dates as text, never JS Dates. */
export const INCOME_SOURCE_COLUMNS = `s.id, s.source_name, s.source_url, s.description, s.frequency,
  s.next_pmt_date::text AS next_pmt_date, s.bi_monthly_pay_date::text AS bi_monthly_pay_date,
  s.payment_cents, s.active, s.wallet_id`;

export interface IncomeSourceRow {
  id: number;
  source_name: string;
  source_url: string | null;
  description: string | null;
  frequency: IncomeFrequency;
  next_pmt_date: string;
  bi_monthly_pay_date: string | null;
  payment_cents: string | number;
  active: boolean;
  /** 'Deposits to'; null: the default wallet. */
  wallet_id: number | null;
  /** Present when the query aggregated the source's deposits. */
  deposited_dates?: string[] | null;
  /** Present beside it in the finance snapshot: what each deposit brought, by its date. */
  deposited_amounts?: Record<string, string | number> | null;
}

/** The source as core's analysis and deposit plan read it. */
export function analysisIncomeSource(row: IncomeSourceRow): AnalysisIncomeSource {
  return {
    id: String(row.id),
    sourceName: row.source_name,
    frequency: row.frequency,
    nextPmtDate: row.next_pmt_date,
    biMonthlyPayDate: row.bi_monthly_pay_date,
    paymentCents: Number(row.payment_cents),
    active: row.active,
    depositedDates: row.deposited_dates ?? [],
    depositedAmounts: Object.fromEntries(
      Object.entries(row.deposited_amounts ?? {}).map(([date, cents]) => [date, Number(cents)]),
    ),
    inactiveSince: null,
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
  };
}
