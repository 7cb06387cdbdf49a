import type { AppDeps } from '../../deps';
import { recordAuditEvent } from '../audit/audit.service';
import { hashRefreshToken, startSession, type IssuedRefreshToken } from './sessions.service';
import { execute } from '../../db/sql';

/**
 * The specification's `GET /account/set-refresh-token/{id}`: a browser signed in with a bearer
 * access token gets a fresh refresh cookie (a new session family, 30 days like a sign-in). The
 * session the browser presented, if it is this account's, ends in the same transaction, so
 * re-issuing never leaves two live sessions behind one cookie. Another account's cookie is left
 * alone: one account cannot end another's session.
 */
export async function reissueSession(
  deps: Pick<AppDeps, 'dataSource' | 'clock'>,
  debtorId: number,
  presented: string | undefined,
  ip: string,
): Promise<IssuedRefreshToken> {
  const now = deps.clock.now();
  return deps.dataSource.transaction(async (m) => {
    if (presented) {
      await execute(
        m,
        `UPDATE refresh_token SET revoked_at = $3
          WHERE revoked_at IS NULL AND debtor_id = $2
            AND family_id = (SELECT family_id FROM refresh_token WHERE token_hash = $1)`,
        [hashRefreshToken(presented), debtorId, now],
      );
    }
    await recordAuditEvent(m, {
      debtorId,
      event: 'sign_in',
      ip,
      details: { via: 'set-refresh-token' },
      at: now,
    });
    return startSession(m, debtorId, now);
  });
}
