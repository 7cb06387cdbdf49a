import { previousRanges, type IsoDate } from '@truenet/core';
import { DomainError } from '@truenet/core';
import { queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { ledgerRelation, type LedgerRecord, type SplitRecord } from './categories.rows';
import { categoryTree } from './categories.service';
import { ensureCategorized } from './recategorize';

export const LEDGER_PAGE_MAX = 500;

export interface LedgerFilter {
  from: IsoDate | null;
  to: IsoDate | null;
  walletId: number | null;
  categoryId: number | null;
  uncategorized: boolean;
  search: string | null;
  first: number;
  after: string | null;
}

export interface LedgerPageRecord {
  rows: LedgerRecord[];
  splits: SplitRecord[];
  total: number;
  nextCursor: string | null;
}

/** A page's position: the last row's date and id, opaque to callers. */
function encodeCursor(row: LedgerRecord): string {
  return Buffer.from(`${row.occurred_on}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { date: string; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2})\|([hr]\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new DomainError('This page of the ledger is not known: start from the first', 'after');
  return { date: match[1] as string, id: match[2] as string };
}

/** A ledger id: 'h' and a history row's id, or 'r' and a register entry's; anything else is not found. */
export function parseLedgerId(id: string): { table: 'history' | 'entry'; id: string } {
  const match = /^([hr])([1-9]\d{0,17})$/.exec(id);
  if (!match) throw notFound('Row');
  return { table: match[1] === 'h' ? 'history' : 'entry', id: match[2] as string };
}

/** The splits of the given rows, in one statement. */
export async function splitsOf(
  db: Queryable,
  householdId: string,
  rows: LedgerRecord[],
): Promise<SplitRecord[]> {
  if (rows.length === 0) return [];
  return queryRows<SplitRecord>(
    db,
    `SELECT history_id::text, entry_id::text, category_id, amount_cents::text FROM ledger_split
      WHERE household_id = $1 AND (history_id = ANY($2::bigint[]) OR entry_id = ANY($3::bigint[]))
      ORDER BY part`,
    [
      householdId,
      rows.filter((row) => row.history_id !== null).map((row) => row.history_id),
      rows.filter((row) => row.history_id === null).map((row) => row.entry_id),
    ],
  );
}

/**
 * A page of the household's ledger, newest first (docs/product-rules.md §20), with the number of
 * rows the filters keep: three statements whatever the number of rows (the household's categories
 * for `categoryId`'s children, the page with its total, the page's splits).
 */
export async function ledgerPage(
  db: Queryable,
  householdId: string,
  filter: LedgerFilter,
): Promise<LedgerPageRecord> {
  if (!Number.isInteger(filter.first) || filter.first < 1 || filter.first > LEDGER_PAGE_MAX) {
    throw new DomainError(`Ask for 1 to ${LEDGER_PAGE_MAX} rows at a time`, 'first');
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new DomainError('The start date must not be after the end date', 'from');
  }
  await ensureCategorized(db, householdId);
  let inCategories: number[] | null = null;
  if (filter.categoryId !== null) {
    const tree = await categoryTree(db, householdId);
    if (!tree.has(filter.categoryId)) throw notFound('Category');
    inCategories = [filter.categoryId, ...tree.childrenOf(filter.categoryId)];
  }
  const cursor = filter.after ? decodeCursor(filter.after) : null;
  const conditions: string[] = [];
  const params: unknown[] = [householdId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.from) conditions.push(`x.day >= ${param(filter.from)}::date`);
  if (filter.to) conditions.push(`x.day <= ${param(filter.to)}::date`);
  if (filter.walletId !== null) conditions.push(`x.wallet_id = ${param(filter.walletId)}`);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(`x.description ILIKE ${param(pattern)}`);
  }
  if (inCategories !== null) {
    const ids = param(inCategories);
    conditions.push(`(x.category_id = ANY(${ids}::int[]) OR EXISTS (SELECT 1 FROM ledger_split s
      WHERE s.household_id = $1 AND s.category_id = ANY(${ids}::int[])
        AND (s.history_id = x.history_id::bigint OR (x.history_id IS NULL AND s.entry_id = x.entry_id::bigint))))`);
  }
  if (filter.uncategorized) {
    conditions.push(`x.category_id IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_split s
      WHERE s.household_id = $1 AND (s.history_id = x.history_id::bigint
         OR (x.history_id IS NULL AND s.entry_id = x.entry_id::bigint)))`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const filterParams = [...params];
  const afterCursor = cursor
    ? `WHERE (day, left(id, 1), length(id), id) < (${param(cursor.date)}::date, left(${param(cursor.id)}, 1), length($${params.length}), $${params.length})`
    : '';
  const limit = param(filter.first + 1);
  const rows = await queryRows<LedgerRecord & { total: string }>(
    db,
    `WITH kept AS (SELECT x.* FROM (${ledgerRelation()}) x ${where}),
          counted AS (SELECT count(*) AS total FROM kept)
     SELECT kept.*, counted.total::text AS total FROM kept, counted ${afterCursor}
      ORDER BY day DESC, left(id, 1) DESC, length(id) DESC, id DESC LIMIT ${limit}`,
    params,
  );
  const page = rows.slice(0, filter.first);
  const last = page[page.length - 1];
  return {
    rows: page,
    splits: await splitsOf(db, householdId, page),
    total:
      rows.length > 0
        ? Number((rows[0] as { total: string }).total)
        : await countOnly(db, filterParams, where),
    nextCursor: rows.length > filter.first && last ? encodeCursor(last) : null,
  };
}

/** The total when a page past the end holds no row to carry it. */
async function countOnly(db: Queryable, params: unknown[], where: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    db,
    `SELECT count(*)::text AS total FROM (${ledgerRelation()}) x ${where}`,
    params,
  );
  return Number(row?.total ?? 0);
}

/**
 * The ledger's movements from $2 to $3 (dates) of household $1 with each split's parts as rows of
 * their own: `day`, `wallet_id`, `direction`, `amount_cents`, `category_id`, `category_source`,
 * and `part_category`/`part_cents` on a split's parts (null otherwise). What spending and budgets
 * add up.
 */
export function spendingRelation(
  households: 'one' | 'many' = 'one',
  { reports = false }: { reports?: boolean } = {},
): string {
  // Several households at once ($1 their ids): the reminder scan's batch; each row names its own.
  const many = households === 'many';
  const household = many ? '= ANY($1::uuid[])' : '= $1';
  // Reports also ask whether a row settled a bill.
  const history = [
    ', s.category_id AS part_category, s.amount_cents AS part_cents',
    many ? ', l.household_id' : '',
    reports ? ', l.liability_id IS NOT NULL AS settles_bill' : '',
  ].join('');
  const entry = [
    ', s.category_id, s.amount_cents',
    many ? ', r.household_id' : '',
    reports ? ", r.kind = 'bill_payment'" : '',
  ].join('');
  return ledgerRelation({ history, entry })
    .replace(
      'WHERE l.household_id = $1',
      `LEFT JOIN ledger_split s ON s.history_id = l.id WHERE l.household_id ${household} AND l.occurred_on BETWEEN $2 AND $3`,
    )
    .replace(
      'WHERE r.household_id = $1 AND r.kind',
      `LEFT JOIN ledger_split s ON s.entry_id = r.id WHERE r.household_id ${household} AND r.occurred_on BETWEEN $2 AND $3 AND r.kind`,
    );
}

/** A spending row's category and its signed amount (outflows count, refunds take away), in SQL over `x`. */
export const SPENT_CATEGORY = 'coalesce(x.part_category, x.category_id)';
const SPENT_CENTS =
  "sum(CASE WHEN x.direction = 'SPENT' THEN 1 ELSE -1 END * coalesce(x.part_cents, x.amount_cents::bigint))";

/** Spent per category (as written, not rolled up) and month 'YYYY-MM' from `from` to `to`: outflows minus refunds. */
export async function spendingByMonth(
  db: Queryable,
  householdId: string,
  from: IsoDate,
  to: IsoDate,
): Promise<{ categoryId: number; month: string; spentCents: number; allPlan: boolean }[]> {
  await ensureCategorized(db, householdId);
  const rows = await queryRows<{ category_id: number; month: string; spent: string; all_plan: boolean }>(
    db,
    `SELECT ${SPENT_CATEGORY} AS category_id, to_char(x.day, 'YYYY-MM') AS month, ${SPENT_CENTS}::text AS spent,
            bool_and(x.part_category IS NULL AND x.category_source = 'PLAN') AS all_plan
       FROM (${spendingRelation()}) x
      WHERE ${SPENT_CATEGORY} IS NOT NULL
      GROUP BY 1, 2`,
    [householdId, from, to],
  );
  return rows.map((row) => ({
    categoryId: row.category_id,
    month: row.month,
    spentCents: Number(row.spent),
    allPlan: row.all_plan,
  }));
}

/**
 * spendingByMonth for several households in one statement, each row with its category's parent
 * (children roll into a parent's budget). Households are read as they are: the reminder scan's,
 * whose budgets were set on a Spending tab that categorized them first.
 */
export async function householdsSpendingByMonth(
  db: Queryable,
  householdIds: readonly string[],
  from: IsoDate,
  to: IsoDate,
): Promise<
  { householdId: string; categoryId: number; parentId: number | null; month: string; spentCents: number }[]
> {
  if (householdIds.length === 0) return [];
  const rows = await queryRows<{
    household_id: string;
    category_id: number;
    parent_id: number | null;
    month: string;
    spent: string;
  }>(
    db,
    `SELECT x.household_id, ${SPENT_CATEGORY} AS category_id, c.parent_id, to_char(x.day, 'YYYY-MM') AS month,
            ${SPENT_CENTS}::text AS spent
       FROM (${spendingRelation('many')}) x
       JOIN category c ON c.id = ${SPENT_CATEGORY}
      GROUP BY 1, 2, 3, 4`,
    [householdIds, from, to],
  );
  return rows.map((row) => ({
    householdId: row.household_id,
    categoryId: row.category_id,
    parentId: row.parent_id,
    month: row.month,
    spentCents: Number(row.spent),
  }));
}

export interface SpendingRecord {
  categoryId: number | null;
  spentCents: number;
  count: number;
  previousAverageCents: number;
}

/**
 * Spending per category from `from` to `to` (docs/product-rules.md §20): outflows minus refunds
 * (inflows in a spending category), children rolled into their parent, Income and Transfers left
 * out, a split row counted per part; beside each, the average of the three equally long ranges
 * just before. Uncategorized outflows are one entry with no category. Largest first.
 */
export async function spendingByCategory(
  db: Queryable,
  householdId: string,
  from: IsoDate,
  to: IsoDate,
  walletId: number | null,
): Promise<SpendingRecord[]> {
  if (from > to) throw new DomainError('The start date must not be after the end date', 'from');
  await ensureCategorized(db, householdId);
  const ranges = previousRanges(from, to);
  const earliest = (ranges[ranges.length - 1] as { from: IsoDate }).from;
  const relation = spendingRelation();
  const rows = await queryRows<{
    category_id: number | null;
    spent: string;
    count: string;
    previous: string;
  }>(
    db,
    `WITH parts AS (
       SELECT x.day AS occurred_on, coalesce(x.part_category, x.category_id) AS category_id,
              CASE WHEN x.direction = 'SPENT' THEN 1 ELSE -1 END * coalesce(x.part_cents, x.amount_cents::bigint) AS spent
         FROM (${relation}) x
        WHERE ($5::int IS NULL OR x.wallet_id = $5)
     ), rolled AS (
       SELECT coalesce(c.parent_id, c.id) AS category_id, p.occurred_on, p.spent
         FROM parts p LEFT JOIN category c ON c.id = p.category_id AND c.household_id = $1
     )
     SELECT r.category_id,
            coalesce(sum(r.spent) FILTER (WHERE r.occurred_on >= $4), 0)::text AS spent,
            count(*) FILTER (WHERE r.occurred_on >= $4)::text AS count,
            coalesce(sum(r.spent) FILTER (WHERE r.occurred_on < $4), 0)::text AS previous
       FROM rolled r LEFT JOIN category top ON top.id = r.category_id AND top.household_id = $1
      WHERE (top.key IS NULL OR top.key NOT IN ('INCOME', 'TRANSFERS'))
        -- Money in that no category holds is not a refund of anything.
        AND (r.category_id IS NOT NULL OR r.spent > 0)
      GROUP BY r.category_id`,
    [householdId, earliest, to, from, walletId],
  );
  return rows
    .map((row) => ({
      categoryId: row.category_id,
      spentCents: Number(row.spent),
      count: Number(row.count),
      previousAverageCents: Math.round(Number(row.previous) / ranges.length),
    }))
    .filter((row) => row.count > 0 || row.previousAverageCents !== 0)
    .sort((a, b) => b.spentCents - a.spentCents || (a.categoryId ?? 0) - (b.categoryId ?? 0));
}
