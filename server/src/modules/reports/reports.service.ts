import {
  cashFlowByMonth,
  checkReportSpan,
  endedPayPeriods,
  lastMonths,
  monthEnd,
  netWorthDates,
  netWorthSeries,
  periodResults,
  shiftMonthBy,
  type CategoryKey,
  type Direction,
  type FlowSum,
  type IsoDate,
  type MonthFlow,
  type NetWorthPoint,
  type PeriodResult,
} from '@truenet/core';
import { admitDatabaseWork } from '../../heavy/admission';
import { queryRows, type Queryable } from '../../db/sql';
import { ensureCategorized } from '../categories/recategorize';
import { ledgerRelation } from '../categories/categories.rows';
import { SPENT_CATEGORY, spendingRelation } from '../categories/ledger.service';

/**
 * The year in pictures (docs/product-rules.md §25): each report reads the household's ledger, its
 * payment history and its debts in a fixed number of statements, summed by month or day in SQL,
 * and core's reports say what the sums mean.
 */

interface FlowRow {
  bucket: string;
  category_id: number | null;
  category_key: CategoryKey | null;
  direction: Direction;
  settles_bill: boolean;
  cents: string;
  count: string;
}

/**
 * The ledger from `from` to `to` summed per bucket (`month`: 'YYYY-MM', `day`: the date) and
 * top-level category (a child's rows count in its parent), direction, and whether they settled a
 * bill; a split row counts per part.
 */
async function ledgerSums(
  db: Queryable,
  householdId: string,
  from: IsoDate,
  to: IsoDate,
  bucket: 'month' | 'day',
): Promise<FlowSum[]> {
  const bucketSql = bucket === 'month' ? "to_char(x.day, 'YYYY-MM')" : 'x.day::text';
  const rows = await queryRows<FlowRow>(
    db,
    `SELECT ${bucketSql} AS bucket, top.id AS category_id, top.key AS category_key, x.direction, x.settles_bill,
            sum(coalesce(x.part_cents, x.amount_cents::bigint))::text AS cents, count(*)::text AS count
       FROM (${spendingRelation('one', { reports: true })}) x
       LEFT JOIN category c ON c.id = ${SPENT_CATEGORY}
       LEFT JOIN category top ON top.id = coalesce(c.parent_id, c.id)
      GROUP BY 1, 2, 3, 4, 5`,
    [householdId, from, to],
  );
  return rows.map((row) => ({
    bucket: row.bucket,
    categoryId: row.category_id === null ? null : String(row.category_id),
    categoryKey: row.category_key,
    direction: row.direction,
    settlesBill: row.settles_bill,
    cents: Number(row.cents),
    count: Number(row.count),
  }));
}

async function readCashFlow(
  db: Queryable,
  householdId: string,
  today: IsoDate,
  count: number,
  otherCategoryId: number | null,
): Promise<MonthFlow[]> {
  checkReportSpan(count, 'months', 'months');
  await ensureCategorized(db, householdId);
  const months = lastMonths(today, count);
  const first = months[0] as string;
  // The three months before the first, for each category's comparison.
  const sums = await ledgerSums(
    db,
    householdId,
    `${shiftMonthBy(first, -3)}-01`,
    monthEnd(today.slice(0, 7)),
    'month',
  );
  const bills = await queryRows<{ month: string; cents: string }>(
    db,
    `SELECT to_char(paid_on, 'YYYY-MM') AS month, sum(amount_cents)::text AS cents
       FROM liability_payment
      WHERE household_id = $1 AND kind = 'PAID' AND paid_on BETWEEN $2 AND $3
      GROUP BY 1`,
    [householdId, `${first}-01`, monthEnd(today.slice(0, 7))],
  );
  return cashFlowByMonth(
    months,
    sums,
    new Map(bills.map((row) => [row.month, Number(row.cents)])),
    otherCategoryId === null ? null : String(otherCategoryId),
  );
}

interface HoldingRow {
  kind: 'WALLET' | 'DEBT';
  id: string;
  balance_cents: string;
  added_on: string;
}

interface ChangeRow {
  kind: 'WALLET' | 'DEBT';
  id: string;
  day: string;
  cents: string;
}

/**
 * Net worth at each month's end and today, two statements: the wallets and debts as they stand
 * (and the local day each was added: a wallet whose bank gave it history from before, its first
 * row's), and what moved each after the first date: a wallet's ledger rows (a bank's history too:
 * the account's own movements) and the balances set by hand, a debt's payments.
 */
async function readNetWorth(
  db: Queryable,
  householdId: string,
  today: IsoDate,
  zone: string,
  count: number,
): Promise<NetWorthPoint[]> {
  checkReportSpan(count, 'months', 'months');
  const dates = netWorthDates(today, count);
  const first = dates[0] as IsoDate;
  const holdings = await queryRows<HoldingRow>(
    db,
    `SELECT 'WALLET' AS kind, w.id::text AS id, w.balance_cents::text AS balance_cents,
            least((w.created_at AT TIME ZONE $2)::date,
                  (SELECT min(l.occurred_on) FROM import_ledger l
                    WHERE l.wallet_id = w.id AND l.household_id = $1 AND l.deleted_at IS NULL))::text AS added_on
       FROM wallet w WHERE w.household_id = $1
     UNION ALL
     SELECT 'DEBT', l.id::text, l.balance_cents::text, (l.created_at AT TIME ZONE $2)::date::text
       FROM liability l WHERE l.household_id = $1 AND l.balance_cents IS NOT NULL`,
    [householdId, zone],
  );
  const changes = await queryRows<ChangeRow>(
    db,
    `SELECT 'WALLET' AS kind, x.wallet_id::text AS id, x.day::text AS day,
            sum(CASE WHEN x.direction = 'SPENT' THEN -1 ELSE 1 END * x.amount_cents::bigint)::text AS cents
       FROM (${ledgerRelation()}) x
      WHERE x.day > $2
      GROUP BY 1, 2, 3
     UNION ALL
     SELECT 'WALLET', r.wallet_id::text, r.occurred_on::text,
            sum(CASE r.direction WHEN 'spent' THEN -r.amount_cents ELSE r.amount_cents END)::text
       FROM register_entry r
      WHERE r.household_id = $1 AND r.kind = 'adjustment' AND r.occurred_on > $2
      GROUP BY 1, 2, 3
     UNION ALL
     SELECT 'DEBT', p.liability_id::text, p.paid_on::text, sum(p.balance_reduced_cents)::text
       FROM liability_payment p
      WHERE p.household_id = $1 AND p.liability_id IS NOT NULL AND p.paid_on > $2 AND p.balance_reduced_cents > 0
      GROUP BY 1, 2, 3`,
    [householdId, first],
  );
  const holdingsOf = (kind: HoldingRow['kind']) =>
    holdings
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: row.id, balanceCents: Number(row.balance_cents), addedOn: row.added_on }));
  const changesOf = (kind: ChangeRow['kind']) =>
    changes
      .filter((row) => row.kind === kind)
      .map((row) => ({ id: row.id, day: row.day, cents: Number(row.cents) }));
  return netWorthSeries(
    dates,
    holdingsOf('WALLET'),
    changesOf('WALLET'),
    holdingsOf('DEBT'),
    changesOf('DEBT'),
  );
}

interface DatedCents {
  kind: 'PAY' | 'PAID' | 'UNPAID';
  day: string;
  cents: string;
}

/**
 * Each pay period that has ended, up to `count`: its pay, bills, other spending, §4's true net
 * income and what was left. Two statements: the pay recorded with the bills paid and still unpaid,
 * then the ledger over those periods by day.
 */
async function readPayPeriods(
  db: Queryable,
  householdId: string,
  today: IsoDate,
  count: number,
): Promise<PeriodResult[]> {
  checkReportSpan(count, 'periods', 'periods');
  await ensureCategorized(db, householdId);
  const dated = await queryRows<DatedCents>(
    db,
    `SELECT 'PAY' AS kind, d.occurrence_date::text AS day, sum(d.amount_cents)::text AS cents
       FROM income_deposit d WHERE d.household_id = $1 AND d.occurrence_date <= $2
      GROUP BY 1, 2
     UNION ALL
     SELECT 'PAID', p.paid_on::text, sum(p.amount_cents)::text
       FROM liability_payment p WHERE p.household_id = $1 AND p.kind = 'PAID' AND p.paid_on < $2
      GROUP BY 1, 2
     UNION ALL
     SELECT 'UNPAID', l.due_date::text, sum(l.payment_cents)::text
       FROM liability l WHERE l.household_id = $1 AND NOT l.current_paid AND l.due_date < $2
      GROUP BY 1, 2`,
    [householdId, today],
  );
  const of = (kind: DatedCents['kind']) =>
    dated.filter((row) => row.kind === kind).map((row) => ({ day: row.day, cents: Number(row.cents) }));
  const pay = of('PAY');
  const periods = endedPayPeriods(
    pay.map((row) => row.day),
    today,
    count,
  );
  if (periods.length === 0) return [];
  const sums = await ledgerSums(
    db,
    householdId,
    (periods[0] as { start: IsoDate }).start,
    (periods[periods.length - 1] as { end: IsoDate }).end,
    'day',
  );
  return periodResults(periods, { pay, billsPaid: of('PAID'), unpaid: of('UNPAID'), sums });
}

/**
 * Each report over years of a household's ledger keeps PostgreSQL busy for a while: as heavy
 * database work it waits its turn (heavy/admission.ts), so other households' dashboards keep theirs.
 */
function inTurn<A extends [Queryable, string, ...unknown[]], R>(read: (...args: A) => Promise<R>) {
  return (...args: A): Promise<R> => admitDatabaseWork(args[1], () => read(...args));
}

export const cashFlowReport = inTurn(readCashFlow);
export const netWorthReport = inTurn(readNetWorth);
export const payPeriodReport = inTurn(readPayPeriods);
