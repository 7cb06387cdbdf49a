import {
  categoryName,
  checkSplit,
  foldCategoryName,
  ruleHasCondition,
  DomainError,
  type CategoryRule,
  type Direction,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import { admitDatabaseWork, admitHeavy } from '../../heavy/admission';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import type { Ledger } from '../auth/request-user';
import { findWallet } from '../wallets/wallets.service';
import { findUsableCategory, loadCategorizer, presentRule } from './categorizer';
import {
  CATEGORY_COLUMNS,
  ledgerRelation,
  RULE_COLUMNS,
  type CategoryRow,
  type LedgerRecord,
  type RuleRow,
} from './categories.rows';
import {
  applyPayeeToPast,
  applyRuleToPast,
  ensureCategorized,
  ruleMatchCounts,
  writeAssignments,
} from './recategorize';

/** The household's categories: built-ins in their order, then its own by name, each child after its parent. */
export async function listCategories(db: Queryable, householdId: string): Promise<CategoryRow[]> {
  const rows = await queryRows<CategoryRow>(
    db,
    `SELECT ${CATEGORY_COLUMNS} FROM category c WHERE c.household_id = $1 ORDER BY c.position, lower(c.name), c.id`,
    [householdId],
  );
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const siblings = children.get(row.parent_id) ?? [];
    siblings.push(row);
    children.set(row.parent_id, siblings);
  }
  return rows
    .filter((row) => row.parent_id === null)
    .flatMap((row) => [row, ...(children.get(row.id) ?? [])]);
}

export interface CategoryTree {
  byId: Map<number, CategoryRow>;
  has(id: number): boolean;
  childrenOf(id: number): number[];
}

export async function categoryTree(db: Queryable, householdId: string): Promise<CategoryTree> {
  const rows = await listCategories(db, householdId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    byId,
    has: (id) => byId.has(id),
    childrenOf: (id) => rows.filter((row) => row.parent_id === id).map((row) => row.id),
  };
}

/** No two siblings share a name, case and spacing aside. */
async function checkNameFree(
  db: Queryable,
  householdId: string,
  name: string,
  parentId: number | null,
  except: number | null,
): Promise<void> {
  const taken = await queryOne<{ id: number }>(
    db,
    `SELECT id FROM category WHERE household_id = $1 AND parent_id IS NOT DISTINCT FROM $2 AND NOT archived
        AND lower(name) = $3 AND id IS DISTINCT FROM $4`,
    [householdId, parentId, foldCategoryName(name), except],
  );
  if (taken) throw new DomainError(`There is already a category named ${name} here`, 'name');
}

/** Serializes a household's changes of its categories' names and places. */
async function lockCategories(m: Queryable, householdId: string): Promise<void> {
  await execute(m, 'SELECT 1 FROM household WHERE id = $1 FOR UPDATE', [householdId]);
}

export async function addCategory(
  deps: AppDeps,
  ledger: Ledger,
  rawName: string,
  parentId: number | null,
): Promise<CategoryRow> {
  const name = categoryName(rawName);
  return deps.dataSource.transaction(async (m) => {
    await lockCategories(m, ledger.householdId);
    if (parentId !== null) {
      const parent = await findUsableCategory(m, ledger.householdId, parentId).catch((error: unknown) => {
        if (error instanceof DomainError) throw new DomainError(error.message, 'parentId');
        throw error;
      });
      if (parent.parent_id !== null) {
        throw new DomainError(
          'A category can hold categories of its own, but those cannot hold more',
          'parentId',
        );
      }
    }
    await checkNameFree(m, ledger.householdId, name, parentId, null);
    return (await queryOne<CategoryRow>(
      m,
      `INSERT INTO category (household_id, name, parent_id) VALUES ($1, $2, $3)
       RETURNING id, key, name, parent_id, archived, position`,
      [ledger.householdId, name, parentId],
    )) as CategoryRow;
  });
}

export async function renameCategory(
  deps: AppDeps,
  ledger: Ledger,
  id: number,
  rawName: string,
): Promise<CategoryRow> {
  const name = categoryName(rawName);
  return deps.dataSource.transaction(async (m) => {
    await lockCategories(m, ledger.householdId);
    const row = await queryOne<CategoryRow>(
      m,
      `SELECT ${CATEGORY_COLUMNS} FROM category c WHERE c.id = $1 AND c.household_id = $2`,
      [id, ledger.householdId],
    );
    if (!row) throw notFound('Category');
    await checkNameFree(m, ledger.householdId, name, row.parent_id, row.id);
    return (await queryOne<CategoryRow>(
      m,
      `UPDATE category SET name = $3 WHERE id = $1 AND household_id = $2
       RETURNING id, key, name, parent_id, archived, position`,
      [id, ledger.householdId, name],
    )) as CategoryRow;
  });
}

/**
 * Archives a category and its children: they take no new rows and leave the pickers. With
 * `moveTo`, everything in them (rows, split parts, rules, learned payees, bills and pay) moves
 * there first; without, their rows keep them, as history does.
 */
export async function archiveCategory(
  deps: AppDeps,
  ledger: Ledger,
  id: number,
  moveTo: number | null,
): Promise<void> {
  await deps.dataSource.transaction(async (m) => {
    await lockCategories(m, ledger.householdId);
    const tree = await categoryTree(m, ledger.householdId);
    const row = tree.byId.get(id);
    if (!row) throw notFound('Category');
    const archived = [id, ...tree.childrenOf(id)];
    if (moveTo !== null) {
      await findUsableCategory(m, ledger.householdId, moveTo).catch((error: unknown) => {
        if (error instanceof DomainError) throw new DomainError(error.message, 'moveTo');
        throw error;
      });
      if (archived.includes(moveTo)) {
        throw new DomainError(`Choose a category outside ${row.name} to move its rows to`, 'moveTo');
      }
      for (const table of [
        'import_ledger',
        'register_entry',
        'ledger_split',
        'learned_payee',
        'category_rule',
      ]) {
        await execute(
          m,
          `UPDATE ${table} SET category_id = $3 WHERE household_id = $1 AND category_id = ANY($2::int[])`,
          [ledger.householdId, archived, moveTo],
        );
      }
      for (const table of ['liability', 'income_source']) {
        await execute(
          m,
          `UPDATE ${table} SET category_id = $3 WHERE household_id = $1 AND category_id = ANY($2::int[])`,
          [ledger.householdId, archived, moveTo],
        );
      }
    }
    await execute(m, 'UPDATE category SET archived = true WHERE household_id = $1 AND id = ANY($2::int[])', [
      ledger.householdId,
      archived,
    ]);
  });
}

/** One row of the ledger by its id, locked for a change; NOT_FOUND when it is not the household's. */
export async function findLedgerRow(
  db: Queryable,
  householdId: string,
  ref: { table: 'history' | 'entry'; id: string },
  lock = false,
): Promise<LedgerRecord> {
  const condition =
    ref.table === 'history' ? 'x.history_id = $2' : 'x.history_id IS NULL AND x.entry_id = $2';
  const row = await queryOne<LedgerRecord>(db, `SELECT x.* FROM (${ledgerRelation()}) x WHERE ${condition}`, [
    householdId,
    ref.id,
  ]);
  if (!row) throw notFound('Row');
  if (lock) {
    await execute(
      db,
      ref.table === 'history'
        ? 'SELECT 1 FROM import_ledger WHERE id = $1 AND household_id = $2 FOR UPDATE'
        : 'SELECT 1 FROM register_entry WHERE id = $1 AND household_id = $2 FOR UPDATE',
      [ref.id, householdId],
    );
  }
  return row;
}

function tableOf(row: LedgerRecord): { table: 'h' | 'r'; id: string } {
  return row.history_id !== null
    ? { table: 'h', id: row.history_id }
    : { table: 'r', id: row.entry_id as string };
}

export interface CategorizeOutcome {
  row: LedgerRecord;
  alsoChanged: number;
}

/**
 * A member's choice for one row (docs/product-rules.md §20), one transaction: the row takes it
 * (PERSON; a split is removed), `remember` teaches the payee, `applyToPast` moves the payee's other
 * rows no person chose. `categoryId` null clears the choice: the row is categorized again.
 */
export async function categorizeRow(
  deps: AppDeps,
  ledger: Ledger,
  ref: { table: 'history' | 'entry'; id: string },
  categoryId: number | null,
  options: { remember: boolean; applyToPast: boolean },
): Promise<CategorizeOutcome> {
  return deps.dataSource.transaction(async (m) => {
    await ensureCategorized(m, ledger.householdId);
    const row = await findLedgerRow(m, ledger.householdId, ref, true);
    if (categoryId !== null) await findUsableCategory(m, ledger.householdId, categoryId);
    const target = tableOf(row);
    await execute(
      m,
      target.table === 'h'
        ? 'DELETE FROM ledger_split WHERE history_id = $1'
        : 'DELETE FROM ledger_split WHERE entry_id = $1',
      [target.id],
    );
    // Cleared, a history row is chosen for again, and its bill or pay is on the row itself.
    const plan =
      categoryId === null && row.history_id !== null
        ? await queryOne<{ liability_id: number | null; income_source_id: number | null }>(
            m,
            'SELECT liability_id, income_source_id FROM import_ledger WHERE id = $1',
            [row.history_id],
          )
        : undefined;
    const categorizer = await loadCategorizer(m, ledger.householdId);
    const chosen = categorizer.categorize({
      walletId: row.wallet_id,
      direction: row.direction,
      amountCents: Number(row.amount_cents),
      description: row.description,
      personCategoryId: categoryId,
      planCategoryId: row.category_source === 'PLAN' && row.history_id === null ? row.category_id : null,
      liabilityId: plan?.liability_id,
      incomeSourceId: plan?.income_source_id,
    });
    await writeAssignments(m, ledger.householdId, [{ ...target, ...chosen }]);
    let alsoChanged = 0;
    if (categoryId !== null && options.remember) {
      await execute(
        m,
        `INSERT INTO learned_payee (household_id, learning_key, category_id, learned_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (household_id, learning_key)
         DO UPDATE SET category_id = EXCLUDED.category_id, learned_by = EXCLUDED.learned_by, learned_at = now()`,
        [ledger.householdId, chosen.learningKey, categoryId, ledger.memberId],
      );
    }
    if (categoryId !== null && options.applyToPast) {
      alsoChanged = await applyPayeeToPast(m, ledger.householdId, chosen.learningKey, categoryId, {
        history: row.history_id,
        entry: row.history_id === null ? row.entry_id : null,
      });
    }
    return { row: await findLedgerRow(m, ledger.householdId, ref), alsoChanged };
  });
}

export interface SplitPartFields {
  categoryId: number;
  amountCents: number;
}

/** Splits a row between categories, or (no parts) removes its split and categorizes it again. */
export async function splitRow(
  deps: AppDeps,
  ledger: Ledger,
  ref: { table: 'history' | 'entry'; id: string },
  parts: SplitPartFields[],
): Promise<LedgerRecord> {
  return deps.dataSource.transaction(async (m) => {
    const row = await findLedgerRow(m, ledger.householdId, ref, true);
    const categories = await categoryTree(m, ledger.householdId);
    for (const part of parts) if (!categories.has(part.categoryId)) throw notFound('Category');
    for (const part of parts) {
      if (categories.byId.get(part.categoryId)?.archived) {
        throw new DomainError('A part is in an archived category: choose another', 'parts');
      }
    }
    checkSplit(
      Number(row.amount_cents),
      parts.map((part) => ({ categoryId: String(part.categoryId), amountCents: part.amountCents })),
    );
    const target = tableOf(row);
    const column = target.table === 'h' ? 'history_id' : 'entry_id';
    await execute(m, `DELETE FROM ledger_split WHERE ${column} = $1`, [target.id]);
    const categorizer = await loadCategorizer(m, ledger.householdId);
    const keys = categorizer.categorize({
      walletId: row.wallet_id,
      direction: row.direction,
      amountCents: Number(row.amount_cents),
      description: row.description,
      planCategoryId: row.category_source === 'PLAN' ? row.category_id : null,
      personCategoryId: row.category_source === 'PERSON' ? row.category_id : null,
    });
    if (parts.length > 0) {
      await execute(
        m,
        `INSERT INTO ledger_split (household_id, ${column}, part, category_id, amount_cents)
         SELECT $1, $2, part, category_id, amount_cents
           FROM unnest($3::int[], $4::bigint[]) WITH ORDINALITY AS t(category_id, amount_cents, part)`,
        [
          ledger.householdId,
          target.id,
          parts.map((part) => part.categoryId),
          parts.map((part) => part.amountCents),
        ],
      );
      await writeAssignments(m, ledger.householdId, [
        { ...target, categoryId: null, source: null, payeeKey: keys.payeeKey, learningKey: keys.learningKey },
      ]);
    } else {
      await writeAssignments(m, ledger.householdId, [{ ...target, ...keys }]);
    }
    return findLedgerRow(m, ledger.householdId, ref);
  });
}

export interface RuleFields {
  descriptionContains: string | null;
  payee: string | null;
  amountMinCents: number | null;
  amountMaxCents: number | null;
  direction: Direction | null;
  walletId: number | null;
  categoryId: number;
  applyToPast: boolean;
}

export interface RuleWithMatches {
  rule: RuleRow;
  matches: number;
}

/** The household's rules, newest first, each with the rows it matches now. */
export async function listRules(db: Queryable, householdId: string): Promise<RuleWithMatches[]> {
  const rules = await queryRows<RuleRow>(
    db,
    `SELECT ${RULE_COLUMNS} FROM category_rule r WHERE r.household_id = $1 ORDER BY r.id DESC`,
    [householdId],
  );
  // Counting reads the whole ledger: admitted as the other heavy work is (heavy/admission.ts).
  const counts = await admitHeavy(householdId, () =>
    ruleMatchCounts(db, householdId, rules.map(presentRule)),
  );
  return rules.map((rule, index) => ({ rule, matches: counts[index] ?? 0 }));
}

const blankToNull = (text: string | null) => {
  const trimmed = text?.replace(/\s+/g, ' ').trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** A rule's fields checked: a condition at least, sane bounds, the household's wallet and category. */
async function checkRule(m: Queryable, householdId: string, fields: RuleFields): Promise<RuleFields> {
  const checked = {
    ...fields,
    descriptionContains: blankToNull(fields.descriptionContains),
    payee: blankToNull(fields.payee),
  };
  if (
    !ruleHasCondition({ ...checked, walletId: checked.walletId === null ? null : String(checked.walletId) })
  ) {
    throw new DomainError(
      'Give the rule at least one condition: words, a payee, an amount, a direction or a wallet',
      'input',
    );
  }
  for (const [field, text] of [
    ['descriptionContains', checked.descriptionContains],
    ['payee', checked.payee],
  ] as const) {
    if (text !== null && text.length > 200) throw new DomainError('At most 200 characters', field);
  }
  for (const [field, cents] of [
    ['amountMin', checked.amountMinCents],
    ['amountMax', checked.amountMaxCents],
  ] as const) {
    if (cents !== null && (cents < 0 || cents > 100_000_000_00)) {
      throw new DomainError('Enter an amount between $0.00 and $100,000,000.00', field);
    }
  }
  if (
    checked.amountMinCents !== null &&
    checked.amountMaxCents !== null &&
    checked.amountMinCents > checked.amountMaxCents
  ) {
    throw new DomainError('The smallest amount must not be above the largest', 'amountMin');
  }
  if (checked.walletId !== null) await findWallet(m, householdId, checked.walletId);
  await findUsableCategory(m, householdId, checked.categoryId);
  return checked;
}

function coreRule(id: number, fields: RuleFields): CategoryRule {
  return presentRule({
    id,
    description_contains: fields.descriptionContains,
    payee: fields.payee,
    amount_min_cents: fields.amountMinCents === null ? null : String(fields.amountMinCents),
    amount_max_cents: fields.amountMaxCents === null ? null : String(fields.amountMaxCents),
    direction: fields.direction,
    wallet_id: fields.walletId,
    category_id: fields.categoryId,
  });
}

async function saveRule(
  deps: AppDeps,
  ledger: Ledger,
  id: number | null,
  input: RuleFields,
): Promise<RuleWithMatches> {
  // Saving counts the rule's rows, and may move thousands of them: heavy database work, admitted
  // first, so a refusal writes nothing.
  return admitDatabaseWork(ledger.householdId, () =>
    deps.dataSource.transaction(async (m) => {
      const fields = await checkRule(m, ledger.householdId, input);
      const values = [
        ledger.householdId,
        fields.descriptionContains,
        fields.payee,
        fields.amountMinCents,
        fields.amountMaxCents,
        fields.direction,
        fields.walletId,
        fields.categoryId,
      ];
      const rule =
        id === null
          ? await queryOne<RuleRow>(
              m,
              `INSERT INTO category_rule AS r (household_id, description_contains, payee, amount_min_cents, amount_max_cents,
                                         direction, wallet_id, category_id, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${RULE_COLUMNS}`,
              [...values, ledger.memberId],
            )
          : await queryOne<RuleRow>(
              m,
              `UPDATE category_rule r SET description_contains = $2, payee = $3, amount_min_cents = $4,
                    amount_max_cents = $5, direction = $6, wallet_id = $7, category_id = $8
              WHERE r.household_id = $1 AND r.id = $9 RETURNING ${RULE_COLUMNS}`,
              [...values, id],
            );
      if (!rule) throw notFound('Rule');
      if (fields.applyToPast) {
        await ensureCategorized(m, ledger.householdId);
        await applyRuleToPast(m, ledger.householdId, coreRule(rule.id, fields));
      }
      const [matches] = await ruleMatchCounts(m, ledger.householdId, [presentRule(rule)]);
      return { rule, matches: matches ?? 0 };
    }),
  );
}

export const addRule = (deps: AppDeps, ledger: Ledger, fields: RuleFields) =>
  saveRule(deps, ledger, null, fields);

export async function updateRule(deps: AppDeps, ledger: Ledger, id: number, fields: RuleFields) {
  return saveRule(deps, ledger, id, fields);
}

export async function deleteRule(deps: AppDeps, ledger: Ledger, id: number): Promise<void> {
  const deleted = await queryRows(
    deps.dataSource,
    'DELETE FROM category_rule WHERE id = $1 AND household_id = $2 RETURNING id',
    [id, ledger.householdId],
  );
  if (deleted.length === 0) throw notFound('Rule');
}
