import { invitationForSignUp } from '../households/invitations.service';
import {
  DEFAULT_PLAN,
  isValidTimeZone,
  validateRegistration,
  type PlanCode,
  type RegistrationInput,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import { execute, queryOne } from '../../db/sql';
import { AppError, badUserInput } from '../../errors';
import { assertNoFieldErrors } from '../../input/field-errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
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

export const UNKNOWN_TIME_ZONE_MESSAGE = 'Unknown time zone: use an IANA name such as America/New_York';

/** The sign-up form as a person filled it in: untrimmed, the plan optional (the yearly default). */
export interface RegistrationForm extends Omit<RegistrationInput, 'plan'> {
  plan?: PlanCode | null;
  /** The browser's IANA zone, remembered for jobs and e-mails. */
  timeZone?: string | null;
  /** An invitation to a household, for this e-mail address: the account is made without a checkout. */
  invitationToken?: string | null;
}

interface NewAccount {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  password: string;
  plan: PlanCode;
  timeZone: string | null;
}

/** Checks the form and the zone, counts the attempt per IP, and gives the account's trimmed fields. */
async function newAccountOf(deps: AppDeps, form: RegistrationForm, ip: string): Promise<NewAccount> {
  const plan = form.plan ?? DEFAULT_PLAN;
  assertNoFieldErrors(validateRegistration({ ...form, plan }));
  if (form.timeZone && !isValidTimeZone(form.timeZone)) {
    throw badUserInput(UNKNOWN_TIME_ZONE_MESSAGE, 'timeZone');
  }
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.register, ip);
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    userName: form.userName.trim(),
    email: form.email.trim(),
    password: form.userPassword,
    plan,
    timeZone: form.timeZone || null,
  };
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
 * Registration: the form checked and the attempt counted, then in one transaction, the account (status 999, unverified), its subscription
 * (`incomplete`, the chosen plan) and its verification code; then the code is mailed and a hosted
 * checkout is opened. A checkout failure keeps the account: the person signs in and retries
 * (`createCheckoutSession`), and is told so.
 */
export async function registerAccount(
  deps: AppDeps,
  form: RegistrationForm,
  ip: string,
): Promise<{ uid: number; checkoutUrl: string; sessionId: string }> {
  const account = await newAccountOf(deps, form, ip);
  const invited = Boolean(form.invitationToken);
  if (form.invitationToken) await invitationForSignUp(deps, form.invitationToken, account.email);
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
      await execute(
        m,
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

  // An invited person uses the household on its owner's subscription: no checkout, they join once
  // their address is verified (the invitation page accepts).
  if (invited) return { uid: created.id, checkoutUrl: '', sessionId: '' };
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
