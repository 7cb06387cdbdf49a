import {
  categoryOfDebtType,
  chooseCategory,
  DomainError,
  learningKey,
  payeeKey,
  payeeName,
  type CategoryChoice,
  type CategoryKey,
  type CategoryRule,
  type CategorySource,
  type DebtType,
  type Direction,
  type HouseholdKnowledge,
} from '@truenet/core';
import { queryOne, type Queryable } from '../../db/sql';
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
      const key = payeeKey(row.description);
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
          payeeName: payeeName(key),
        },
        {
          personCategoryId: row.personCategoryId == null ? null : String(row.personCategoryId),
          planCategoryId: plan ?? null,
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
