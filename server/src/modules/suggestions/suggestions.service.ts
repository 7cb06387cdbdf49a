import { queryRows, type Queryable } from '../../db/sql';

/**
 * Name suggestions for the add forms (docs/product-rules.md §1-§6 "Suggestions"): the curated global list plus the
 * user's OWN past entries, never another user's. One entry per name, compared case-insensitively;
 * the user's own spelling and address win over the curated one.
 */

export interface NameSuggestion {
  /** The user's own income source id; null for a curated entry and for creditors. */
  id: number | null;
  name: string;
  url: string | null;
}

export async function creditorSuggestions(db: Queryable, householdId: string): Promise<NameSuggestion[]> {
  return queryRows<NameSuggestion>(
    db,
    `SELECT id, name, url FROM (
       SELECT DISTINCT ON (lower(btrim(name))) NULL::int AS id, name, url
         FROM (SELECT creditor_name AS name, creditor_url AS url, 0 AS rank, id AS tiebreak
                 FROM liability WHERE household_id = $1
               UNION ALL
               SELECT name, url, 1, id FROM suggestion WHERE kind = 'creditor') candidates
        ORDER BY lower(btrim(name)), rank, tiebreak DESC) unique_names
     ORDER BY lower(name)`,
    [householdId],
  );
}

export async function incomeSourceSuggestions(db: Queryable, householdId: string): Promise<NameSuggestion[]> {
  return queryRows<NameSuggestion>(
    db,
    `SELECT id, name, url FROM (
       SELECT DISTINCT ON (lower(btrim(name))) own_id AS id, name, url
         FROM (SELECT id AS own_id, source_name AS name, source_url AS url, 0 AS rank, id AS tiebreak
                 FROM income_source WHERE household_id = $1
               UNION ALL
               SELECT NULL::int, name, url, 1, id FROM suggestion WHERE kind = 'income') candidates
        ORDER BY lower(btrim(name)), rank, tiebreak DESC) unique_names
     ORDER BY lower(name)`,
    [householdId],
  );
}
