import {
  budgetAlertLine,
  budgetMonth,
  monthEnd,
  shiftMonthBy,
  thresholdsReached,
  type BudgetThreshold,
  type IsoDate,
} from '@truenet/core';
import { execute, queryRows, type Queryable } from '../../db/sql';
import { householdsSpendingByMonth } from '../categories/ledger.service';

/**
 * Budget alerts for the reminder scan (docs/product-rules.md §24): which budgets of a batch's
 * households reached 80% or all of their month and which member has not been told, read in at most
 * two statements per batch whatever its size. What a month holds and spends is core's
 * budgetMonth, as on the Spending tab.
 */

export interface BudgetNews {
  householdId: string;
  budgetId: number;
  month: string;
  /** The thresholds reached and not told yet: both are recorded as told with the one line. */
  thresholds: BudgetThreshold[];
  line: string;
}

export interface BudgetNewsReader {
  /** What `debtorId` has not been told of the budgets of `householdId`, on its local `today`. */
  untold(debtorId: number, householdId: string, today: IsoDate): BudgetNews[];
}

interface BudgetRecord {
  id: number;
  household_id: string;
  category_id: number;
  name: string;
  monthly_cents: string;
  rollover: boolean;
  starts_month: string;
  /** [member, month, threshold] of each notice given since last month. */
  told: [number, string, number][];
}

const toldKey = (debtorId: number, budgetId: number, month: string, threshold: number) =>
  `${debtorId}/${budgetId}/${month}/${threshold}`;

export async function loadBudgetNews(
  db: Queryable,
  householdIds: readonly string[],
  latestToday: IsoDate,
): Promise<BudgetNewsReader> {
  // Each budget with the notices its members were given since last month (who, which month, which
  // threshold), in the same statement.
  const budgets = await queryRows<BudgetRecord>(
    db,
    `SELECT b.id, b.household_id, b.category_id, c.name, b.monthly_cents::text AS monthly_cents, b.rollover,
            b.starts_month,
            (SELECT coalesce(json_agg(json_build_array(n.debtor_id, n.month, n.threshold)), '[]'::json)
               FROM budget_alert_notice n
              WHERE n.budget_id = b.id AND n.month >= $2) AS told
       FROM budget b JOIN category c ON c.id = b.category_id
      WHERE b.household_id = ANY($1::uuid[]) AND NOT c.archived
      ORDER BY b.household_id, c.name, b.id`,
    [householdIds, shiftMonthBy(latestToday.slice(0, 7), -1)],
  );
  if (budgets.length === 0) return { untold: () => [] };
  const earliest = budgets.reduce(
    (first, budget) => (budget.starts_month < first ? budget.starts_month : first),
    latestToday.slice(0, 7),
  );
  const spending = await householdsSpendingByMonth(
    db,
    [...new Set(budgets.map((budget) => budget.household_id))],
    `${earliest}-01`,
    monthEnd(latestToday.slice(0, 7)),
  );
  // A budget counts its category's spending and its children's.
  const spent = new Map<string, number>();
  for (const row of spending) {
    for (const holder of new Set([row.categoryId, row.parentId ?? row.categoryId])) {
      const key = `${holder}|${row.month}`;
      spent.set(key, (spent.get(key) ?? 0) + row.spentCents);
    }
  }
  const told = new Set(
    budgets.flatMap((budget) =>
      budget.told.map(([debtorId, month, threshold]) => toldKey(debtorId, budget.id, month, threshold)),
    ),
  );
  const byHousehold = new Map<string, BudgetRecord[]>();
  for (const budget of budgets) {
    byHousehold.set(budget.household_id, [...(byHousehold.get(budget.household_id) ?? []), budget]);
  }
  return {
    untold(debtorId, householdId, today) {
      const month = today.slice(0, 7);
      return (byHousehold.get(householdId) ?? []).flatMap((budget) => {
        const progress = budgetMonth(
          {
            monthlyCents: Number(budget.monthly_cents),
            rollover: budget.rollover,
            startsMonth: budget.starts_month,
          },
          (of) => spent.get(`${budget.category_id}|${of}`) ?? 0,
          month,
          today,
        );
        const thresholds = thresholdsReached(progress).filter(
          (threshold) => !told.has(toldKey(debtorId, budget.id, month, threshold)),
        );
        if (thresholds.length === 0) return [];
        return [
          {
            householdId,
            budgetId: budget.id,
            month,
            thresholds,
            line: budgetAlertLine(budget.name, progress),
          },
        ];
      });
    },
  };
}

export interface BudgetNoticeRow {
  reminderId: string;
  debtorId: number;
  news: BudgetNews;
}

/** Records what each member was told, with the reminder that told it; a notice already there stays. */
export async function insertBudgetNotices(db: Queryable, notices: readonly BudgetNoticeRow[]): Promise<void> {
  const rows = notices.flatMap(({ reminderId, debtorId, news }) =>
    news.thresholds.map((threshold) => ({ reminderId, debtorId, news, threshold })),
  );
  if (rows.length === 0) return;
  await execute(
    db,
    `INSERT INTO budget_alert_notice (debtor_id, household_id, budget_id, month, threshold, reminder_id)
     SELECT * FROM unnest($1::int[], $2::uuid[], $3::int[], $4::text[], $5::int[], $6::uuid[])
     ON CONFLICT DO NOTHING`,
    [
      rows.map((row) => row.debtorId),
      rows.map((row) => row.news.householdId),
      rows.map((row) => row.news.budgetId),
      rows.map((row) => row.news.month),
      rows.map((row) => row.threshold),
      rows.map((row) => row.reminderId),
    ],
  );
}
