import type { Cents } from '../types';
import { builtInCategory, type Direction } from './builtin';
import type { CategoryKey, CategorySource } from './keys';
import { learningKey } from './learning-key';
import { payeeName } from '../recurring/payee';

/** A household's rule: every condition given must hold; bounds are inclusive, on the row's amount. */
export interface CategoryRule {
  id: string;
  descriptionContains: string | null;
  /** A payee's name as the ledger shows it (payeeName of its key), compared case-folded. */
  payee: string | null;
  amountMinCents: Cents | null;
  amountMaxCents: Cents | null;
  direction: Direction | null;
  walletId: string | null;
  categoryId: string;
}

/** One movement of money, as the categorizer reads it. */
export interface CategorizableRow {
  walletId: string;
  direction: Direction;
  /** Positive, in cents. */
  amountCents: Cents;
  description: string;
  payeeKey: string;
  /** How the ledger names the payee (payeeName of its key): read only by a rule naming a payee, so made only then. */
  payeeName?: string;
  /**
   * builtInCategory's answer for this description and direction, when it was read already (a
   * statement preview reads each row's words once, so its confirmation need not).
   */
  builtInKey?: CategoryKey | null;
}

/** What a household has taught TrueNet, and its categories by built-in key. */
export interface HouseholdKnowledge {
  /** Newest first: the first that matches decides. */
  rules: readonly CategoryRule[];
  /** The category a member last chose, with 'Always for', by the learning key of the row's payee. */
  learned: ReadonlyMap<string, string>;
  /** The household's category of each built-in key it has not archived. */
  builtIn: ReadonlyMap<CategoryKey, string>;
}

/** What is known of a row beyond its words: a person's choice, the bill or pay it settled, a transfer. */
export interface RowFacts {
  /** A member's own choice for this row: nothing overwrites it. */
  personCategoryId?: string | null;
  /** The category of the bill or pay source the row was matched to. */
  planCategoryId?: string | null;
  /** Money moved between two of the household's own wallets. */
  transfer?: boolean;
}

export interface CategoryChoice {
  categoryId: string;
  source: CategorySource;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

export function ruleMatches(rule: CategoryRule, row: CategorizableRow): boolean {
  if (rule.direction !== null && rule.direction !== row.direction) return false;
  if (rule.walletId !== null && rule.walletId !== row.walletId) return false;
  if (rule.amountMinCents !== null && row.amountCents < rule.amountMinCents) return false;
  if (rule.amountMaxCents !== null && row.amountCents > rule.amountMaxCents) return false;
  if (rule.payee !== null) {
    const payee = fold(rule.payee);
    // The payee as the ledger names it, or without the town its card purchases end with.
    const named =
      payee === fold(row.payeeName ?? payeeName(row.payeeKey)) ||
      payee === row.payeeKey ||
      payee === learningKey(row.payeeKey);
    if (!named) return false;
  }
  if (rule.descriptionContains !== null && !fold(row.description).includes(fold(rule.descriptionContains)))
    return false;
  return true;
}

/** A rule with no condition would take every row: refused where rules are written. */
export function ruleHasCondition(rule: Omit<CategoryRule, 'id' | 'categoryId'>): boolean {
  return (
    (rule.descriptionContains !== null && rule.descriptionContains.trim() !== '') ||
    (rule.payee !== null && rule.payee.trim() !== '') ||
    rule.amountMinCents !== null ||
    rule.amountMaxCents !== null ||
    rule.direction !== null ||
    rule.walletId !== null
  );
}

/**
 * Who chooses a row's category (docs/product-rules.md, where the money goes), the first that
 * applies: the person, the plan, a transfer, the household's rules (newest first), what the
 * household taught for the payee, core's own knowledge, or nobody (null: uncategorized).
 */
export function chooseCategory(
  row: CategorizableRow,
  facts: RowFacts,
  knowledge: HouseholdKnowledge,
): CategoryChoice | null {
  if (facts.personCategoryId) return { categoryId: facts.personCategoryId, source: 'PERSON' };
  if (facts.planCategoryId) return { categoryId: facts.planCategoryId, source: 'PLAN' };
  if (facts.transfer) {
    const transfers = knowledge.builtIn.get('TRANSFERS');
    if (transfers) return { categoryId: transfers, source: 'TRANSFER' };
  }
  const rule = knowledge.rules.find((candidate) => ruleMatches(candidate, row));
  if (rule) return { categoryId: rule.categoryId, source: 'RULE' };
  const learned = knowledge.learned.get(learningKey(row.payeeKey));
  if (learned) return { categoryId: learned, source: 'LEARNED' };
  const key = row.builtInKey === undefined ? builtInCategory(row.description, row.direction) : row.builtInKey;
  const builtIn = key === null ? undefined : knowledge.builtIn.get(key);
  return builtIn ? { categoryId: builtIn, source: 'BUILT_IN' } : null;
}
