import { randomBytes } from 'node:crypto';
import { uuidRowId } from '../../input/row-id';
import { hashSecret } from '../../secret-hash';
import type { DataSource } from 'typeorm';
import { ACCOUNT_COLUMNS, ACCOUNT_JOINS, withAccount, type AccountRow } from '../auth/account-statement';
import type { RequestUser } from '../auth/request-user';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { badUserInput, notFound } from '../../errors';
import type { ApiTokenScopeValue } from './api-token.entity';

/** Personal API tokens start with this prefix, so they are never mistaken for a JWT. */
export const API_TOKEN_PREFIX = 'tn_';
export const API_TOKEN_NAME_MAX = 100;

export function hashApiToken(secret: string): string {
  return hashSecret(secret);
}

/** Resolves a bearer API token to its owner, or null when unknown or revoked; records its last use. */
export async function authenticateApiToken(
  dataSource: DataSource,
  secret: string,
): Promise<RequestUser | null> {
  const row = await queryOne<
    AccountRow & {
      id: string;
      debtor_id: number;
      token_household_id: string;
      scope: 'READ' | 'READ_WRITE';
      stale: boolean;
    }
  >(
    dataSource,
    `SELECT t.id, t.debtor_id, t.household_id AS token_household_id, t.scope, ${ACCOUNT_COLUMNS},
            (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute') AS stale
       FROM api_token t
       JOIN debtor d ON d.id = t.debtor_id
       ${ACCOUNT_JOINS.replace('$2::uuid', 't.household_id')}
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hashApiToken(secret)],
  );
  if (!row) return null;
  // "Last used" to the minute is enough, and keeps a script's reads from each becoming a write.
  if (row.stale)
    await execute(dataSource, 'UPDATE api_token SET last_used_at = now() WHERE id = $1', [row.id]);
  const caller: RequestUser = {
    id: row.debtor_id,
    role: row.role,
    via: 'api-token',
    scope: row.scope,
    accountChecked: true,
    namedHouseholdId: row.token_household_id,
  };
  return withAccount(caller, row);
}

export interface ApiTokenRow {
  id: string;
  name: string;
  scope: ApiTokenScopeValue;
  created_at: Date;
  last_used_at: Date | null;
}

const TOKEN_COLUMNS = 'id, name, scope, created_at, last_used_at';

/**
 * Creates a token for scripts. The secret (`tn_` + 32 random bytes, base64url) is returned once
 * and only its SHA-256 is stored: a leaked database does not leak usable tokens.
 */
export async function createApiToken(
  db: Queryable,
  maker: { id: number; household: { id: string } },
  name: string,
  scope: ApiTokenScopeValue,
): Promise<{ token: ApiTokenRow; secret: string }> {
  const trimmed = name.trim();
  if (trimmed === '') throw badUserInput('Give the token a name', 'name');
  if (trimmed.length > API_TOKEN_NAME_MAX) {
    throw badUserInput(`At most ${API_TOKEN_NAME_MAX} characters`, 'name');
  }
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const token = await queryOne<ApiTokenRow>(
    db,
    // Bound to the household it is made in, whatever the account works in later.
    `INSERT INTO api_token (debtor_id, name, scope, token_hash, household_id)
     VALUES ($1, $2, $3, $4, $5) RETURNING ${TOKEN_COLUMNS}`,
    [maker.id, trimmed, scope, hashApiToken(secret), maker.household.id],
  );
  return { token: token as ApiTokenRow, secret };
}

/** The user's live tokens, newest first (revoked ones are gone for good). */
export async function listApiTokens(db: Queryable, debtorId: number): Promise<ApiTokenRow[]> {
  return queryRows<ApiTokenRow>(
    db,
    `SELECT ${TOKEN_COLUMNS} FROM api_token WHERE debtor_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id`,
    [debtorId],
  );
}

/** Revokes one of the user's tokens at once; another user's or an unknown id is NOT_FOUND. */
export async function revokeApiToken(db: Queryable, debtorId: number, tokenId: string): Promise<void> {
  uuidRowId(tokenId, 'API token');
  const revoked = await queryRows(
    db,
    'UPDATE api_token SET revoked_at = now() WHERE id = $1 AND debtor_id = $2 AND revoked_at IS NULL RETURNING id',
    [tokenId, debtorId],
  );
  if (revoked.length === 0) throw notFound('API token');
}
