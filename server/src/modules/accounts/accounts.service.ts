import { deleteOwnedHouseholds, refuseSharedOwnership } from '../households/members.service';
import { validateAccountUpdate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { execute, queryOne, queryRows } from '../../db/sql';
import { badUserInput, unauthenticated } from '../../errors';
import { assertNoFieldErrors } from '../../input/field-errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import { recordAuditEvent } from '../audit/audit.service';
import { cancelSubscriptionAtPeriodEnd, readSubscription } from '../billing/subscription.service';
import { matchAccountPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/sessions.service';
import { ACCOUNT_GONE } from '../auth/request-user';
import { sendAfterCommit } from '../mail/mailer';
import { emailChangedMail } from '../mail/templates';
import { findAccountById, findAccountWithPasswordsById, type AccountRow } from './account.queries';
import { ACCOUNT_STATUS } from './debtor.entity';
import { issueVerificationCode, mailVerificationCode } from './email-verification.service';
import { TAKEN_MESSAGES, takenFieldOf } from './registration.service';

export const WRONG_PASSWORD_MESSAGE = 'The password is not correct.';

/** The signed-in account; a token that outlived its account is a signed-out caller. */
export async function loadAccount(deps: Pick<AppDeps, 'dataSource'>, debtorId: number): Promise<AccountRow> {
  const account = await findAccountById(deps.dataSource, debtorId);
  if (!account) throw unauthenticated(ACCOUNT_GONE);
  return account;
}

export interface AccountChanges {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Updates names and e-mail (checked, then trimmed). A new e-mail address must be proven: the account goes back to
 * status 999, a code is mailed to the new address, and the old address is told of the change.
 */
export async function updateAccount(
  deps: AppDeps,
  debtorId: number,
  form: AccountChanges,
): Promise<AccountRow> {
  assertNoFieldErrors(validateAccountUpdate(form));
  const changes = {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
  };
  const before = await loadAccount(deps, debtorId);
  const emailChanges = before.email.toLowerCase() !== changes.email.toLowerCase();
  if (emailChanges) {
    const taken = await queryOne(
      deps.dataSource,
      'SELECT 1 FROM debtor WHERE lower(email) = lower($1) AND id <> $2',
      [changes.email, debtorId],
    );
    if (taken) throw badUserInput(TAKEN_MESSAGES.email, 'email');
    await consumeRateLimit(deps.dataSource, RATE_LIMITS.verificationCode, debtorId);
  }
  const now = deps.clock.now();
  let code: string | undefined;
  try {
    code = await deps.dataSource.transaction(async (m) => {
      await execute(
        m,
        `UPDATE debtor SET first_name = $2, last_name = $3, email = $4, updated_at = $5,
                status = CASE WHEN $6 THEN $7 ELSE status END
          WHERE id = $1`,
        [
          debtorId,
          changes.firstName,
          changes.lastName,
          changes.email,
          now,
          emailChanges,
          ACCOUNT_STATUS.UNVERIFIED,
        ],
      );
      return emailChanges ? issueVerificationCode(m, deps, debtorId, now) : undefined;
    });
  } catch (error) {
    if (takenFieldOf(error) === 'email') throw badUserInput(TAKEN_MESSAGES.email, 'email');
    throw error;
  }
  if (code) {
    await mailVerificationCode(
      deps,
      { id: debtorId, email: changes.email, firstName: changes.firstName },
      code,
    );
    await sendAfterCommit(
      deps,
      emailChangedMail(
        { email: before.email, firstName: changes.firstName },
        changes.email,
        deps.config.mail.supportEmail,
      ),
      { debtorId, mail: 'e-mail changed notice' },
    );
  }
  return loadAccount(deps, debtorId);
}

/**
 * Checks the current password of a signed-in account before a sensitive change (rate-limited per
 * account, so a stolen access token cannot be used to guess it). The temporary password counts.
 */
export async function confirmPassword(
  deps: AppDeps,
  debtorId: number,
  password: string,
  field: string,
): Promise<'password' | 'temporary'> {
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.passwordCheck, debtorId);
  const account = await findAccountWithPasswordsById(deps.dataSource, debtorId);
  if (!account) throw unauthenticated(ACCOUNT_GONE);
  const which = await matchAccountPassword(account, password, deps.clock.now());
  if (!which) throw badUserInput(WRONG_PASSWORD_MESSAGE, field);
  return which;
}

/**
 * HOOK for billing: stop charging an account that is being deleted. Until billing offers an
 * immediate cancellation for deletions (`cancelForDeletedAccount` on the provider), a running
 * subscription is cancelled at the end of its period through billing's own command, so no further
 * charge is made. It runs before the rows go (the provider ids are still readable); a provider
 * failure stops the deletion with billing's message, and the person can try again.
 */
export async function stopBillingForDeletedAccount(deps: AppDeps, debtorId: number): Promise<void> {
  const immediate = (deps.billing as { cancelForDeletedAccount?: (debtorId: number) => Promise<void> })
    .cancelForDeletedAccount;
  if (immediate) return immediate.call(deps.billing, debtorId);
  const subscription = await readSubscription(deps.dataSource, debtorId);
  const running = ['trialing', 'active', 'past_due', 'unpaid'].includes(subscription?.status ?? '');
  if (!subscription?.providerSubscriptionId || !running || subscription.cancelAtPeriodEnd) return;
  await cancelSubscriptionAtPeriodEnd(deps, debtorId);
}

/**
 * Deletes the account and every row about it in one transaction (the foreign keys cascade to
 * subscription, wallets, register, income, deposits, liabilities, sessions, codes and API tokens;
 * contact messages, mail kept in the outbox and audit events are removed explicitly). One audit
 * event, without the account's identity beyond its former id, records the deletion.
 */
export async function deleteAccount(deps: AppDeps, debtorId: number, ip: string): Promise<void> {
  // Refused before billing stops: a household others use must have a new owner first.
  await refuseSharedOwnership(deps.dataSource, debtorId);
  await stopBillingForDeletedAccount(deps, debtorId);
  const now = deps.clock.now();
  await deps.dataSource.transaction(async (m) => {
    const account = await queryOne<{ email: string }>(
      m,
      'SELECT email FROM debtor WHERE id = $1 FOR UPDATE',
      [debtorId],
    );
    if (!account) return;
    await refuseSharedOwnership(m, debtorId);
    await deleteOwnedHouseholds(m, debtorId);
    await revokeAllSessions(m, debtorId, now);
    await execute(m, 'DELETE FROM contact_message WHERE debtor_id = $1', [debtorId]);
    await execute(m, 'DELETE FROM outbox_mail WHERE lower(to_address) = lower($1)', [account.email]);
    await execute(m, 'DELETE FROM audit_log WHERE debtor_id = $1', [debtorId]);
    await execute(m, 'DELETE FROM debtor WHERE id = $1', [debtorId]);
    await recordAuditEvent(m, {
      debtorId: null,
      event: 'account_deleted',
      ip,
      details: { formerDebtorId: debtorId },
      at: now,
    });
  });
  deps.logger.info({ formerDebtorId: debtorId }, 'account deleted');
}

/**
 * The finance data a person takes with them: every household's where they are owner or editor
 * (a viewer only reads). Each row names its household.
 */
const EXPORTABLE = `household_id IN (SELECT household_id FROM household_member
                                       WHERE debtor_id = $1 AND role IN ('OWNER', 'EDITOR'))`;

/**
 * Everything stored about the account, for the person it belongs to: data is never held hostage.
 * Rows are exported whole (new columns appear without a change here) minus every secret hash.
 */
export async function exportAccountData(deps: Pick<AppDeps, 'dataSource' | 'clock'>, debtorId: number) {
  const db = deps.dataSource;
  const rows = (sql: string) =>
    queryRows<{ row: Record<string, unknown> }>(db, sql, [debtorId]).then((r) => r.map((x) => x.row));
  const [account] = await rows(
    `SELECT to_jsonb(d) - 'password_hash' - 'temp_password_hash' AS row FROM debtor d WHERE id = $1`,
  );
  const [subscription] = await rows('SELECT to_jsonb(s) AS row FROM subscription s WHERE debtor_id = $1');
  return {
    exportedAt: deps.clock.now().toISOString(),
    note: 'Amounts are in cents (US dollars x 100).',
    account: account ?? null,
    subscription: subscription ?? null,
    wallets: await rows(`SELECT to_jsonb(w) AS row FROM wallet w WHERE ${EXPORTABLE} ORDER BY id`),
    register: await rows(`SELECT to_jsonb(r) AS row FROM register_entry r WHERE ${EXPORTABLE} ORDER BY id`),
    incomeSources: await rows(
      `SELECT to_jsonb(i) AS row FROM income_source i WHERE ${EXPORTABLE} ORDER BY id`,
    ),
    deposits: await rows(
      `SELECT to_jsonb(d) AS row FROM income_deposit d WHERE ${EXPORTABLE} ORDER BY occurrence_date, income_source_id`,
    ),
    liabilities: await rows(`SELECT to_jsonb(l) AS row FROM liability l WHERE ${EXPORTABLE} ORDER BY id`),
    statementImports: await rows(
      `SELECT to_jsonb(b) AS row FROM import_batch b WHERE ${EXPORTABLE} ORDER BY created_at, id`,
    ),
    households: await rows(
      // Its id is what every exported row's household_id names.
      `SELECT jsonb_build_object('id', h.id, 'household', h.name, 'personal', h.personal_of IS NOT DISTINCT FROM m.debtor_id,
                                 'role', m.role, 'joinedAt', m.joined_at) AS row
         FROM household_member m JOIN household h ON h.id = m.household_id
        WHERE m.debtor_id = $1 ORDER BY m.joined_at`,
    ),
    // A device by its name and dates: its endpoint and keys are the browser's secrets.
    pushDevices: await rows(
      `SELECT jsonb_build_object('name', name, 'createdAt', created_at, 'lastSuccessAt', last_success_at) AS row
         FROM push_device WHERE debtor_id = $1 ORDER BY created_at, id`,
    ),
    // Never the sealed access URL.
    bankConnections: await rows(
      `SELECT to_jsonb(c) - 'access_url_sealed' AS row FROM bank_connection c WHERE ${EXPORTABLE} ORDER BY created_at, id`,
    ),
    bankAccounts: await rows(
      `SELECT to_jsonb(a) AS row FROM bank_account a WHERE ${EXPORTABLE} ORDER BY org, name, id`,
    ),
    importLedger: await rows(
      `SELECT to_jsonb(l) AS row FROM import_ledger l WHERE ${EXPORTABLE} ORDER BY wallet_id, key`,
    ),
    // 'Not recurring': the payees a member set aside in the statement history's suggestions.
    recurringDismissals: await rows(
      `SELECT to_jsonb(d) AS row FROM recurring_dismissal d WHERE ${EXPORTABLE} ORDER BY wallet_id, kind, payee_key`,
    ),
    // 'Keep $15.49': the amounts a member chose not to follow.
    amountChangeDismissals: await rows(
      `SELECT to_jsonb(d) AS row FROM amount_change_dismissal d WHERE ${EXPORTABLE} ORDER BY kind, item_id`,
    ),
    paymentHistory: await rows(
      `SELECT to_jsonb(p) AS row FROM liability_payment p WHERE ${EXPORTABLE} ORDER BY paid_on, id`,
    ),
    // Where the money goes: the household's categories, its rules, what it taught for each payee,
    // and the rows split between categories.
    categories: await rows(`SELECT to_jsonb(c) AS row FROM category c WHERE ${EXPORTABLE} ORDER BY id`),
    categoryRules: await rows(
      `SELECT to_jsonb(r) AS row FROM category_rule r WHERE ${EXPORTABLE} ORDER BY id`,
    ),
    learnedPayees: await rows(
      `SELECT to_jsonb(p) AS row FROM learned_payee p WHERE ${EXPORTABLE} ORDER BY learning_key`,
    ),
    budgets: await rows(`SELECT to_jsonb(b) AS row FROM budget b WHERE ${EXPORTABLE} ORDER BY id`),
    splits: await rows(
      `SELECT to_jsonb(s) AS row FROM ledger_split s WHERE ${EXPORTABLE} ORDER BY history_id, entry_id, part`,
    ),
    apiTokens: await rows(
      `SELECT to_jsonb(t) - 'token_hash' AS row FROM api_token t WHERE debtor_id = $1 ORDER BY created_at`,
    ),
    reminderSettings:
      (await rows('SELECT to_jsonb(r) AS row FROM reminder_settings r WHERE debtor_id = $1'))[0] ?? null,
    reminders: await rows(
      `SELECT to_jsonb(m) - 'html_body' - 'unsubscribe_url' AS row FROM reminder_mail m WHERE debtor_id = $1 ORDER BY created_at`,
    ),
    remindedOccurrences: await rows(
      'SELECT to_jsonb(o) AS row FROM reminder_occurrence o WHERE debtor_id = $1 ORDER BY due_date, liability_id',
    ),
    calendarFeeds: await rows(
      `SELECT to_jsonb(f) - 'secret_hash' AS row FROM calendar_feed f WHERE debtor_id = $1 ORDER BY created_at`,
    ),
    twoFactor:
      (
        await rows(
          `SELECT to_jsonb(f) - 'totp_secret' - 'pending_secret' - 'last_used_step' AS row FROM two_factor f WHERE debtor_id = $1`,
        )
      )[0] ?? null,
    recoveryCodes: await rows(
      `SELECT to_jsonb(c) - 'code_hash' AS row FROM recovery_code c WHERE debtor_id = $1 ORDER BY created_at, id`,
    ),
    passkeys: await rows(
      `SELECT to_jsonb(p) - 'public_key' AS row FROM passkey p WHERE debtor_id = $1 ORDER BY created_at, id`,
    ),
    contactMessages: await rows(
      'SELECT to_jsonb(c) AS row FROM contact_message c WHERE debtor_id = $1 ORDER BY id',
    ),
    securityEvents: await rows(
      "SELECT to_jsonb(a) - 'debtor_id' AS row FROM audit_log a WHERE debtor_id = $1 ORDER BY id",
    ),
  };
}
