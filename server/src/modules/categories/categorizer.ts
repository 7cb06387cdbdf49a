import {
  categoryOfDebtType,
  chooseCategory,
  DomainError,
  ownTransfers,
  learningKey,
  payeeKey,
  type CategoryChoice,
  type CategoryKey,
  type CategoryRule,
  type CategorySource,
  type DebtType,
  type Direction,
  type HouseholdKnowledge,
} from '@truenet/core';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { CATEGORY_COLUMNS, RULE_COLUMNS, type CategoryRow, type RuleRow } from './categories.rows';

/** A movement of money about to be written (or written before), as the categorizer reads it. */
export interface LedgerFacts {
  walletId: number;
  direction: Direction;
  amountCents: number;
  description: string;
  /** The bill or pay it was matched to, if any. */
  liabilityId?: number | null;
  incomeSourceId?: number | null;
  /** The category a bill or pay gave it when it was written (the register keeps no link to either). */
  planCategoryId?: number | null;
  /** A member's own choice for it. */
  personCategoryId?: number | null;
  /** Money moved to or from another of the household's wallets (core's ownTransfers). */
  transfer?: boolean;
  /** core's reading of the words, when a preview made it already. */
  payeeKey?: string;
  builtInKey?: CategoryKey | null;
}

/** What is written beside a ledger row: its category, what chose it, and its payee's keys. */
export interface Categorized {
  categoryId: number | null;
  source: CategorySource | null;
  payeeKey: string;
  learningKey: string;
}

export interface Categorizer {
  categorize(row: LedgerFacts): Categorized;
  /** The household's category of a built-in key, unless archived. */
  builtIn(key: CategoryKey): number | null;
}

export function presentRule(row: RuleRow): CategoryRule {
  return {
    id: String(row.id),
    descriptionContains: row.description_contains,
    payee: row.payee,
    amountMinCents: row.amount_min_cents === null ? null : Number(row.amount_min_cents),
    amountMaxCents: row.amount_max_cents === null ? null : Number(row.amount_max_cents),
    direction: row.direction,
    walletId: row.wallet_id === null ? null : String(row.wallet_id),
    categoryId: String(row.category_id),
  };
}

interface KnowledgeRecord {
  built_in: Record<string, number> | null;
  rules: RuleRow[] | null;
  learned: Record<string, number> | null;
  bills: { id: number; category_id: number | null; debt_type: DebtType }[] | null;
  pay: { id: number; category_id: number | null }[] | null;
}

/**
 * What the household has taught and planned, read in one statement, as the categorizer core's
 * chooseCategory runs with: its built-in categories, its rules (newest first), its learned payees,
 * and the category of each bill (its own, else its type's) and pay source (its own, else Income).
 */
export async function loadCategorizer(db: Queryable, householdId: string): Promise<Categorizer> {
  const record = (await queryOne<KnowledgeRecord>(
    db,
    `SELECT
       (SELECT json_object_agg(c.key, c.id) FROM category c
         WHERE c.household_id = $1 AND c.key IS NOT NULL AND NOT c.archived) AS built_in,
       (SELECT json_agg(x ORDER BY x.id DESC) FROM (SELECT ${RULE_COLUMNS} FROM category_rule r
         WHERE r.household_id = $1) x) AS rules,
       (SELECT json_object_agg(p.learning_key, p.category_id) FROM learned_payee p WHERE p.household_id = $1) AS learned,
       (SELECT json_agg(json_build_object('id', b.id, 'category_id', b.category_id, 'debt_type', b.debt_type))
          FROM liability b WHERE b.household_id = $1) AS bills,
       (SELECT json_agg(json_build_object('id', s.id, 'category_id', s.category_id))
          FROM income_source s WHERE s.household_id = $1) AS pay`,
    [householdId],
  )) as KnowledgeRecord;
  const builtIn = new Map(
    Object.entries(record.built_in ?? {}).map(([key, id]) => [key as CategoryKey, String(id)] as const),
  );
  const knowledge: HouseholdKnowledge = {
    rules: (record.rules ?? []).map(presentRule),
    learned: new Map(Object.entries(record.learned ?? {}).map(([key, id]) => [key, String(id)] as const)),
    builtIn,
  };
  const idOf = (key: CategoryKey | null) => (key === null ? undefined : builtIn.get(key));
  const bills = new Map(
    (record.bills ?? []).map((bill) => [
      bill.id,
      bill.category_id === null ? idOf(categoryOfDebtType(bill.debt_type)) : String(bill.category_id),
    ]),
  );
  const pay = new Map(
    (record.pay ?? []).map((source) => [
      source.id,
      source.category_id === null ? idOf('INCOME') : String(source.category_id),
    ]),
  );
  return {
    builtIn: (key) => {
      const id = builtIn.get(key);
      return id === undefined ? null : Number(id);
    },
    categorize(row) {
      const key = row.payeeKey ?? payeeKey(row.description);
      const plan =
        (row.liabilityId != null ? bills.get(row.liabilityId) : undefined) ??
        (row.incomeSourceId != null ? pay.get(row.incomeSourceId) : undefined) ??
        (row.planCategoryId != null ? String(row.planCategoryId) : undefined);
      const choice: CategoryChoice | null = chooseCategory(
        {
          walletId: String(row.walletId),
          direction: row.direction,
          amountCents: row.amountCents,
          description: row.description,
          payeeKey: key,
          builtInKey: row.builtInKey,
        },
        {
          personCategoryId: row.personCategoryId == null ? null : String(row.personCategoryId),
          planCategoryId: plan ?? null,
          transfer: row.transfer === true,
        },
        knowledge,
      );
      return {
        categoryId: choice ? Number(choice.categoryId) : null,
        source: choice?.source ?? null,
        payeeKey: key,
        learningKey: learningKey(key),
      };
    },
  };
}

/** A category of the household that can take rows (not archived), or NOT_FOUND. */
export async function findUsableCategory(
  db: Queryable,
  householdId: string,
  id: number,
): Promise<CategoryRow> {
  const row = await queryOne<CategoryRow>(
    db,
    `SELECT ${CATEGORY_COLUMNS} FROM category c WHERE c.id = $1 AND c.household_id = $2`,
    [id, householdId],
  );
  if (!row) throw notFound('Category');
  if (row.archived) throw new DomainError(`${row.name} is archived: choose another category`, 'categoryId');
  return row;
}

/** A row about to be written, as transfers are looked for. */
export interface ArrivingRow {
  key: string;
  date: string;
  /** Signed. */
  amountCents: number;
}

/**
 * Own-wallet transfers among rows arriving in a wallet (docs/product-rules.md §22): each that
 * mirrors a row of another of the household's wallets (the same amount the other way within a
 * day, core's ownTransfers) is a transfer, and so is the mirror, which is written as one now
 * unless a person, a bill or pay chose its category, or it was split. Two statements at most.
 */
export async function transfersAcrossWallets(
  db: Queryable,
  householdId: string,
  walletId: number,
  arriving: readonly ArrivingRow[],
  categorizer: Categorizer,
): Promise<Set<string>> {
  if (arriving.length === 0) return new Set();
  const dates = arriving.map((row) => row.date).sort();
  const mirrors = await queryRows<{
    id: string;
    wallet_id: number;
    occurred_on: string;
    amount_cents: string;
  }>(
    db,
    `SELECT l.id::text, l.wallet_id, l.occurred_on::text AS occurred_on, l.amount_cents::text
       FROM import_ledger l
      WHERE l.household_id = $1 AND l.wallet_id <> $2 AND l.deleted_at IS NULL
        AND l.occurred_on BETWEEN $3::date - 1 AND $4::date + 1
        AND l.amount_cents = ANY($5::bigint[])
        AND l.category_source IS DISTINCT FROM 'TRANSFER'`,
    [
      householdId,
      walletId,
      dates[0],
      dates[dates.length - 1],
      [...new Set(arriving.map((row) => -row.amountCents))],
    ],
  );
  if (mirrors.length === 0) return new Set();
  const candidates = [
    ...arriving.map((row) => ({
      walletId: String(walletId),
      date: row.date,
      amountCents: row.amountCents,
      key: row.key,
      mirror: null,
    })),
    ...mirrors.map((row) => ({
      walletId: String(row.wallet_id),
      date: row.occurred_on,
      amountCents: Number(row.amount_cents),
      key: null,
      mirror: row.id,
    })),
  ];
  const paired = [...ownTransfers(candidates)];
  const mirrored = paired.flatMap((row) => (row.mirror === null ? [] : [row.mirror]));
  const transfers = categorizer.builtIn('TRANSFERS');
  if (mirrored.length > 0 && transfers !== null) {
    await execute(
      db,
      `UPDATE import_ledger l SET category_id = $3, category_source = 'TRANSFER'
        WHERE l.household_id = $1 AND l.id = ANY($2::bigint[])
          AND l.category_source IS DISTINCT FROM 'PERSON' AND l.category_source IS DISTINCT FROM 'PLAN'
          AND NOT EXISTS (SELECT 1 FROM ledger_split s WHERE s.history_id = l.id)`,
      [householdId, mirrored, transfers],
    );
  }
  return new Set(paired.flatMap((row) => (row.key === null ? [] : [row.key])));
}
