import type { Queryable } from '../../db/sql';
import { execute } from '../../db/sql';

/** The security events kept in `audit_log`. Details never hold a secret (password, hash, code, token). */
export type AuditEvent =
  | 'sign_in'
  | 'sign_in_failed'
  | 'password_changed'
  | 'password_reset_requested'
  | 'email_verified'
  | 'refresh_token_reuse'
  | 'account_deleted'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'recovery_code_used'
  | 'passkey_added'
  | 'passkey_removed';

export interface AuditEntry {
  debtorId: number | null;
  event: AuditEvent;
  ip?: string | null;
  details?: Record<string, string | number | boolean | null>;
  at: Date;
}

/** Appends one security event; called inside the action's transaction when there is one. */
export async function recordAuditEvent(db: Queryable, entry: AuditEntry): Promise<void> {
  await execute(
    db,
    'INSERT INTO audit_log (debtor_id, event, ip, details, created_at) VALUES ($1, $2, $3, $4, $5)',
    [entry.debtorId, entry.event, entry.ip ?? null, JSON.stringify(entry.details ?? {}), entry.at],
  );
}
