import type { PlanCode } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { queryOne } from '../../db/sql';
import { AppError, badUserInput } from '../../errors';
import { startCheckout } from '../billing/checkout.service';
import { hashPassword } from '../auth/passwords';
import { issueVerificationCode, mailVerificationCode } from './email-verification.service';
import { ACCOUNT_STATUS } from './debtor.entity';

export const TAKEN_MESSAGES = {
  userName: 'That username is already taken. Choose another one.',
  email: 'An account already uses that e-mail address. Sign in or reset your password.',
} as const;

export const CHECKOUT_FAILED_MESSAGE =
  'Your account was created, but the payment page could not be opened. Sign in to finish subscribing.';

export interface NewAccount {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  password: string;
  plan: PlanCode;
  timeZone: string | null;
}

/** Maps a unique-index violation of `debtor` to the field it is about (concurrent sign-ups). */
export function takenFieldOf(error: unknown): 'userName' | 'email' | undefined {
  const driverError = error as { code?: string; constraint?: string; driverError?: { constraint?: string } };
  if (driverError?.code !== '23505') return undefined;
  const constraint = driverError.constraint ?? driverError.driverError?.constraint;
  if (constraint === 'debtor_username_ci') return 'userName';
  if (constraint === 'debtor_email_ci') return 'email';
  return undefined;
}

async function refuseTakenNames(deps: AppDeps, account: NewAccount): Promise<void> {
  const taken = await queryOne<{ username_taken: boolean; email_taken: boolean }>(
    deps.dataSource,
    `SELECT EXISTS (SELECT 1 FROM debtor WHERE lower(username) = lower($1)) AS username_taken,
            EXISTS (SELECT 1 FROM debtor WHERE lower(email) = lower($2)) AS email_taken`,
    [account.userName, account.email],
  );
  if (taken?.username_taken) throw badUserInput(TAKEN_MESSAGES.userName, 'userName');
  if (taken?.email_taken) throw badUserInput(TAKEN_MESSAGES.email, 'email');
}

/**
 * Registration: in one transaction, the account (status 999, unverified), its subscription
 * (`incomplete`, the chosen plan) and its verification code; then the code is mailed and a hosted
 * checkout is opened. A checkout failure keeps the account: the person signs in and retries
 * (`createCheckoutSession`), and is told so.
 */
export async function registerAccount(
  deps: AppDeps,
  account: NewAccount,
): Promise<{ uid: number; checkoutUrl: string; sessionId: string }> {
  await refuseTakenNames(deps, account);
  const passwordHash = await hashPassword(account.password);
  const now = deps.clock.now();
  let created: { id: number; code: string };
  try {
    created = await deps.dataSource.transaction(async (m) => {
      const row = await queryOne<{ id: number }>(
        m,
        `INSERT INTO debtor (username, email, first_name, last_name, password_hash, status, time_zone,
                             created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
        [
          account.userName,
          account.email,
          account.firstName,
          account.lastName,
          passwordHash,
          ACCOUNT_STATUS.UNVERIFIED,
          account.timeZone,
          now,
        ],
      );
      const id = row!.id;
      await m.query(
        `INSERT INTO subscription (debtor_id, status, plan, updated_at) VALUES ($1, 'incomplete', $2, $3)`,
        [id, account.plan, now],
      );
      const code = await issueVerificationCode(m, deps, id, now);
      return { id, code };
    });
  } catch (error) {
    const field = takenFieldOf(error);
    if (field) throw badUserInput(TAKEN_MESSAGES[field], field);
    throw error;
  }
  deps.logger.info({ debtorId: created.id }, 'account registered');
  await mailVerificationCode(
    deps,
    { id: created.id, email: account.email, firstName: account.firstName },
    created.code,
  );

  try {
    const checkout = await startCheckout(
      deps,
      { id: created.id, email: account.email, userName: account.userName },
      account.plan,
    );
    return { uid: created.id, checkoutUrl: checkout.checkoutUrl, sessionId: checkout.sessionId };
  } catch (error) {
    deps.logger.error({ debtorId: created.id, reason: (error as Error).message }, 'checkout could not start');
    // Told like billing's own provider failures: BAD_USER_INPUT, whose message the sign-up page shows.
    throw new AppError(CHECKOUT_FAILED_MESSAGE, 'BAD_USER_INPUT', {
      reason: 'PAYMENT_PROVIDER_UNAVAILABLE',
      uid: created.id,
    });
  }
}
