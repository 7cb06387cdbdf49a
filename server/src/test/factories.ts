import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import type { DataSource } from 'typeorm';
import { signAccessToken } from '../modules/auth/access-token';
import type { Config } from '../config';
import { sealSecret } from '../secret-box';
import { Debtor } from '../modules/accounts/debtor.entity';
import { Subscription, type SubscriptionStatusValue } from '../modules/billing/subscription.entity';
import { IncomeSource } from '../modules/income/income-source.entity';
import { Liability } from '../modules/liabilities/liability.entity';
import { Wallet } from '../modules/wallets/wallet.entity';
import { personalHouseholdId } from '../modules/households/households.service';

/** The password every factory-built account has (it satisfies the specification's pattern). */
export const DEFAULT_PASSWORD = 'Passw0rd!';
let defaultHash: Promise<string> | undefined;

function unique(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export interface BuiltDebtor {
  debtor: Debtor;
  password: string;
  accessToken: string;
}

/** A signed-in, verified account with a trialing subscription, unless overridden. */
export async function buildDebtor(
  ds: DataSource,
  config: Pick<Config, 'jwtSecret'>,
  overrides: Partial<Debtor> & { subscriptionStatus?: SubscriptionStatusValue | null } = {},
): Promise<BuiltDebtor> {
  const { subscriptionStatus = 'trialing', ...fields } = overrides;
  defaultHash ??= argon2.hash(DEFAULT_PASSWORD);
  const userName = fields.userName ?? unique('user');
  const debtor = await ds.getRepository(Debtor).save(
    ds.getRepository(Debtor).create({
      userName,
      email: fields.email ?? `${userName}@example.com`,
      firstName: 'Pat',
      lastName: 'Doe',
      passwordHash: await defaultHash,
      status: 1,
      role: 'USER',
      timeZone: 'America/New_York',
      ...fields,
    }),
  );
  if (subscriptionStatus) {
    await ds
      .getRepository(Subscription)
      .insert({ debtorId: debtor.id, status: subscriptionStatus, plan: 'YEARLY' });
  }
  return { debtor, password: DEFAULT_PASSWORD, accessToken: signAccessToken(config, debtor) };
}

/** The account's personal household: where a factory puts the rows it builds for that account. */
export async function householdOf(ds: DataSource, debtorId: number): Promise<string> {
  return personalHouseholdId(ds, debtorId);
}

/**
 * Makes the account a member of another household with a role, current unless told otherwise: the
 * state an accepted invitation leaves, for tests of roles and isolation.
 */
export async function joinHousehold(
  ds: DataSource,
  debtorId: number,
  householdId: string,
  role: 'EDITOR' | 'VIEWER',
  current = true,
): Promise<void> {
  await ds.query('INSERT INTO household_member (household_id, debtor_id, role) VALUES ($1, $2, $3)', [
    householdId,
    debtorId,
    role,
  ]);
  if (current) {
    await ds.query('UPDATE debtor SET current_household_id = $2 WHERE id = $1', [debtorId, householdId]);
  }
}

export async function buildWallet(
  ds: DataSource,
  debtorId: number,
  overrides: Partial<Wallet> = {},
): Promise<Wallet> {
  const repo = ds.getRepository(Wallet);
  const householdId = await householdOf(ds, debtorId);
  const hasDefault = await repo.exists({ where: { householdId, isDefault: true } });
  return repo.save(
    repo.create({
      householdId,
      name: unique('Wallet '),
      balanceCents: 0,
      isDefault: !hasDefault,
      lastUpdate: new Date(),
      ...overrides,
    }),
  );
}

export async function buildIncomeSource(
  ds: DataSource,
  debtorId: number,
  overrides: Partial<IncomeSource> = {},
): Promise<IncomeSource> {
  const repo = ds.getRepository(IncomeSource);
  const householdId = await householdOf(ds, debtorId);
  return repo.save(
    repo.create({
      householdId,
      sourceName: unique('Employer '),
      frequency: 'BIWEEKLY',
      nextPmtDate: '2026-11-13',
      biMonthlyPayDate: null,
      paymentCents: 200000,
      active: true,
      ...overrides,
    }),
  );
}

export async function buildLiability(
  ds: DataSource,
  debtorId: number,
  overrides: Partial<Liability> = {},
): Promise<Liability> {
  const repo = ds.getRepository(Liability);
  const dueDate = overrides.dueDate ?? '2026-11-25';
  const householdId = await householdOf(ds, debtorId);
  return repo.save(
    repo.create({
      householdId,
      creditorName: unique('Creditor '),
      debtType: 'MISC_BILL',
      frequency: 'MONTHLY',
      anchorDate: overrides.anchorDate ?? dueDate,
      dueDate,
      paymentCents: 10000,
      balanceCents: null,
      autoPay: false,
      ...overrides,
    }),
  );
}

/** A passkey row of the account (a random credential and key): enough for lists, removal and matrices. */
export async function buildPasskey(
  ds: DataSource,
  debtorId: number,
  name = 'Seeded passkey',
): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO passkey (debtor_id, credential_id, public_key, name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [debtorId, randomBytes(16).toString('base64url'), randomBytes(77), name],
  )) as { id: string }[];
  return row!.id;
}

/**
 * A bank connection with one account, stored as connectBank stores it (the access URL sealed), for
 * the ownership matrices: nothing reaches a bridge unless a test syncs it.
 */
export async function buildBankConnection(
  ds: DataSource,
  config: Config,
  debtorId: number,
  label = 'Seeded Bank',
): Promise<{ bankConnection: string; bankAccount: string }> {
  const id = randomUUID();
  const householdId = await householdOf(ds, debtorId);
  await ds.query(
    `INSERT INTO bank_connection (id, household_id, entered_by, label, access_url_sealed, next_sync_at)
     VALUES ($1, $2, $5, $3, $4, now() + interval '6 hours')`,
    [
      id,
      householdId,
      label,
      sealSecret(config.bank.secretsKey, 'https://seed:secret@bridge.invalid/simplefin', id),
      debtorId,
    ],
  );
  const [account] = (await ds.query(
    `INSERT INTO bank_account (connection_id, household_id, remote_id, org, name, currency, balance_cents)
     VALUES ($1, $2, 'acct-1', $3, 'Checking', 'USD', 100000) RETURNING id`,
    [id, householdId, label],
  )) as { id: string }[];
  return { bankConnection: id, bankAccount: account!.id };
}

/** A push device as registerPushDevice keeps it, for the ownership matrices; its endpoint refuses at once. */
export async function buildPushDevice(
  ds: DataSource,
  debtorId: number,
  name = 'Seeded phone',
): Promise<string> {
  const [row] = (await ds.query(
    `INSERT INTO push_device (debtor_id, endpoint, p256dh, auth, name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      debtorId,
      `https://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
      createECDH('prime256v1').generateKeys().toString('base64url'),
      randomBytes(16).toString('base64url'),
      name,
    ],
  )) as { id: string }[];
  return row!.id;
}
