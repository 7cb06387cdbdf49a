import { DomainError, formatDisplayDate, planDeposit, type IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { firstTimeApplied } from '../../db/change-once';
import { queryRows } from '../../db/sql';
import { notFound } from '../../errors';
import { translateBalanceOverflow } from '../../input/constraints';
import { changeWalletBalance, findWallet, writeRegisterEntries } from '../wallets/wallets.service';
import { analysisIncomeSource, INCOME_SOURCE_COLUMNS, type IncomeSourceRow } from './income.rows';
import { rememberZone, type UserDay } from '../../input/today';

export interface RequestedDeposit {
  incomeSourceId: number;
  date: IsoDate;
}

export interface DepositResult {
  /** Occurrences recorded by this request (each one credited once). */
  deposited: { incomeSourceId: number; date: IsoDate; amountCents: number }[];
  totalCents: number;
}

/**
 * 'Deposit Pay' (docs/product-rules.md §1-§6): records each checked occurrence as deposited, adds their sum to the
 * wallet and writes one 'deposited' register entry per occurrence, in one transaction.
 *
 * Money is never added twice: core's plan refuses an occurrence already deposited, and the deposit
 * rows are inserted first with ON CONFLICT DO NOTHING, so when two requests race on the same
 * occurrence the primary key lets only one insert it and only what this request inserted is
 * credited.
 */
export async function depositPay(
  deps: AppDeps,
  ledger: Ledger,
  walletId: number,
  requested: RequestedDeposit[],
  day: UserDay,
): Promise<DepositResult> {
  return deps.dataSource
    .transaction(async (m) => {
      if (!(await firstTimeApplied(m, ledger.memberId, 'depositPay', [walletId, requested]))) {
        return { deposited: [], totalCents: 0 };
      }
      await rememberZone(m, ledger.memberId, day);
      await findWallet(m, ledger.householdId, walletId);
      const sourceIds = [...new Set(requested.map((occurrence) => occurrence.incomeSourceId))];
      const sources = await queryRows<IncomeSourceRow>(
        m,
        `SELECT ${INCOME_SOURCE_COLUMNS},
                COALESCE(array_agg(d.occurrence_date::text) FILTER (WHERE d.occurrence_date IS NOT NULL), '{}')
                  AS deposited_dates
           FROM income_source s
           LEFT JOIN income_deposit d
             ON d.income_source_id = s.id AND d.household_id = s.household_id AND d.occurrence_date = ANY($3::date[])
          WHERE s.household_id = $1 AND s.id = ANY($2::int[])
          GROUP BY s.id`,
        [ledger.householdId, sourceIds, requested.map((occurrence) => occurrence.date)],
      );
      if (sources.length !== sourceIds.length) throw notFound('Income source');

      const plan = planDeposit(
        sources.map(analysisIncomeSource),
        requested.map((occurrence) => ({
          incomeSourceId: String(occurrence.incomeSourceId),
          date: occurrence.date,
        })),
        day.today,
      );
      const inserted = await queryRows<{
        income_source_id: number;
        occurrence_date: string;
        amount_cents: string;
      }>(
        m,
        `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents)
         SELECT source_id, occurrence_date, $1::uuid, $2::int, amount_cents
           FROM unnest($3::int[], $4::date[], $5::bigint[]) AS t(source_id, occurrence_date, amount_cents)
         ON CONFLICT (income_source_id, occurrence_date) DO NOTHING
         RETURNING income_source_id, occurrence_date::text AS occurrence_date, amount_cents`,
        [
          ledger.householdId,
          walletId,
          plan.occurrences.map((occurrence) => Number(occurrence.incomeSourceId)),
          plan.occurrences.map((occurrence) => occurrence.date),
          plan.occurrences.map((occurrence) => occurrence.amountCents),
        ],
      );
      if (inserted.length === 0) {
        throw new DomainError('These pays are already deposited', 'occurrences');
      }

      const names = new Map(sources.map((source) => [source.id, source.source_name]));
      const deposited = inserted.map((row) => ({
        incomeSourceId: row.income_source_id,
        date: row.occurrence_date,
        amountCents: Number(row.amount_cents),
      }));
      const totalCents = deposited.reduce((sum, occurrence) => sum + occurrence.amountCents, 0);
      await writeRegisterEntries(
        m,
        ledger,
        deposited.map((occurrence) => ({
          walletId,
          direction: 'deposited',
          amountCents: occurrence.amountCents,
          kind: 'pay_deposit',
          incomeSourceId: occurrence.incomeSourceId,
          description: `Pay: ${names.get(occurrence.incomeSourceId) ?? 'income'} (${formatDisplayDate(occurrence.date)})`,
          occurredOn: day.today,
        })),
      );
      await changeWalletBalance(m, ledger.householdId, walletId, totalCents);
      return { deposited, totalCents };
    })
    .catch(translateBalanceOverflow);
}
