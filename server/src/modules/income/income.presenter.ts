import type { IncomeSource } from '../../generated/graphql';
import type { IncomeSourceRow } from './income.rows';

/** The IncomeSource as presented from its row; its category comes from the categories module's resolver. */
export type PresentedIncomeSource = Omit<IncomeSource, 'categoryId'>;

export function presentIncomeSource(row: IncomeSourceRow): PresentedIncomeSource {
  return {
    id: String(row.id),
    sourceName: row.source_name,
    sourceUrl: row.source_url,
    sourceDescription: row.description,
    incomeFrequency: row.frequency,
    nextPmtDate: row.next_pmt_date,
    biMonthlyPayDate: row.bi_monthly_pay_date,
    paymentAmount: Number(row.payment_cents),
    sourceStatus: row.active,
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
  };
}
