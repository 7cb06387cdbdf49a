import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { badUserInput } from '../errors';
import { currentWall } from './household-wall';
import { queryOne, queryRows, type Queryable } from './sql';

/** What the `Idempotency-Key` header may hold: 1 to 255 visible ASCII characters. */
const CHANGE_KEY = /^[\x21-\x7e]{1,255}$/;

export const CHANGE_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 255 visible characters.';

/** The request's `Idempotency-Key` header: null when absent, undefined when malformed. */
export function changeKeyOf(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return null;
  return typeof header === 'string' && CHANGE_KEY.test(header) ? header : undefined;
}

/**
 * Whether this is the first time the request's change is applied (docs/product-rules.md, "Data
 * that survives"). A client that never learned whether a change was saved (the database went away
 * during its commit) sends it again with the same `Idempotency-Key`; the key is stored in the
 * change's own transaction, so it exists exactly when the change does, and the second attempt
 * either applies the change or finds it applied, never both. Two attempts at the same moment wait
 * on the key's row. Without a key, every request is a first time.
 *
 * The key belongs to the account that sent it, and to the change it was first sent with: the
 * same key on another change is refused.
 */
export async function firstTimeApplied(
  m: EntityManager,
  accountId: number,
  operation: string,
  request: unknown,
): Promise<boolean> {
  const key = currentWall()?.changeKey;
  if (!key) return true;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([operation, request]))
    .digest('base64url');
  const claimed = await queryRows(
    m,
    `INSERT INTO applied_change (debtor_id, change_key, fingerprint) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [accountId, key, fingerprint],
  );
  if (claimed.length === 1) return true;
  const earlier = await queryOne<{ fingerprint: string }>(
    m,
    'SELECT fingerprint FROM applied_change WHERE debtor_id = $1 AND change_key = $2',
    [accountId, key],
  );
  if (earlier?.fingerprint !== fingerprint) {
    throw badUserInput('This Idempotency-Key was already used for a different change.');
  }
  return false;
}

/** Keys older than a day: every client's retries are long over. */
export async function purgeOldChangeKeys(db: Queryable, now: Date): Promise<number> {
  const rows = await queryRows(db, 'DELETE FROM applied_change WHERE created_at < $1 RETURNING 1', [
    new Date(now.getTime() - 86_400_000),
  ]);
  return rows.length;
}
