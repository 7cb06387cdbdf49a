import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { RequestUser } from '../../auth/request-user';
import { queryOne } from '../../db/sql';

/** Personal API tokens start with this prefix, so they are never mistaken for a JWT. */
export const API_TOKEN_PREFIX = 'tn_';

export function hashApiToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Resolves a bearer API token to its owner, or null when unknown or revoked; records its last use. */
export async function authenticateApiToken(
  dataSource: DataSource,
  secret: string,
): Promise<RequestUser | null> {
  const row = await queryOne<{ debtor_id: number; scope: 'READ' | 'READ_WRITE'; role: string }>(
    dataSource,
    `UPDATE api_token t SET last_used_at = now()
       FROM debtor d
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND d.id = t.debtor_id
      RETURNING t.debtor_id, t.scope, d.role`,
    [hashApiToken(secret)],
  );
  return row ? { id: row.debtor_id, role: row.role, via: 'api-token', scope: row.scope } : null;
}
