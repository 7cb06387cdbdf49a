import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { RunningApp } from './app-process';
import { TIME_ZONE } from './dates';

/**
 * Shortcuts through the public API for journeys that are not about sign-up: a ready user (registered,
 * paid at the stand-in checkout, e-mail verified with the code from the mail) and seed data. Journey 1
 * walks the same sign-up through the screens.
 */

export interface TestUser {
  uid: number;
  userName: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  /** An access token from the API sign-in (the browser signs in on its own). */
  token: string;
}

export class ApiError extends Error {}

/** The web client's documents by operation name: the app runs only these for a browser session. */
const trustedDocuments = new Map(
  Object.entries(
    JSON.parse(
      readFileSync(new URL('../../client/src/gql/persisted-documents.json', import.meta.url), 'utf8'),
    ) as Record<string, string>,
  ).map(([key, text]) => [/(?:query|mutation) (\w+)/.exec(text)?.[1] ?? '', key.replace(/^sha256:/, '')]),
);

/** Posts one of the web client's operations by its hash, as the browser does; throws with the server's message on any error. */
export async function gql<T = Record<string, unknown>>(
  app: RunningApp,
  operationName: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const sha256Hash = trustedDocuments.get(operationName);
  if (!sha256Hash) throw new Error(`The web client has no operation named ${operationName}`);
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      operationName,
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash } },
    }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!response.ok || body.errors?.length || !body.data) {
    throw new ApiError(`GraphQL ${response.status}: ${body.errors?.map((e) => e.message).join('; ')}`);
  }
  return body.data;
}

let counter = 0;

/** A username that satisfies the pattern (a letter first, 4 to 24 characters) and is unique per run. */
export function uniqueUserName(prefix: string): string {
  counter += 1;
  return `${prefix}_${randomBytes(3).toString('hex')}${counter}`.slice(0, 24);
}

export const PASSWORD = 'Truenet!2025';

/** The verification code in the mail sent at registration (and on resend). */
export const VERIFICATION_CODE = /verification code is:\s*(\d{6})/;
/** The temporary password in the reset mail. */
export const TEMPORARY_PASSWORD = /temporary password is:\s*([A-Za-z0-9@$!%*(&]{8,24})/;

export function newCredentials(prefix: string, firstName = 'Pat', lastName = 'Tester') {
  const userName = uniqueUserName(prefix);
  return { userName, password: PASSWORD, email: `${userName}@example.test`, firstName, lastName };
}

/** Registers, pays at the stand-in checkout, verifies the e-mail with the mailed code. */
export async function createReadyUser(
  app: RunningApp,
  prefix: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const credentials = newCredentials(prefix, names.firstName, names.lastName);
  const { register } = await gql<{ register: { checkoutUrl: string } }>(app, 'Register', {
    input: {
      firstName: credentials.firstName,
      lastName: credentials.lastName,
      userName: credentials.userName,
      email: credentials.email,
      userPassword: credentials.password,
      plan: 'YEARLY',
      timeZone: TIME_ZONE,
    },
  });
  const paid = await fetch(`${register.checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new ApiError(`The stand-in checkout answered ${paid.status} to Pay`);
  const code = await app.mail.waitFor(credentials.email, VERIFICATION_CODE);
  const { login } = await gql<{ login: { accessToken: string; uid: number } }>(app, 'Login', {
    userName: credentials.userName,
    userPassword: credentials.password,
  });
  await gql(app, 'VerifyEmail', { code }, login.accessToken);
  return { ...credentials, uid: login.uid, token: login.accessToken };
}

export async function seedWallet(
  app: RunningApp,
  user: TestUser,
  wallet: { walletName: string; balance: number; walletDescription?: string },
): Promise<string> {
  const data = await gql<{ addWallet: { id: string } }>(
    app,
    'AddWallet',
    { input: { ...wallet, timeZone: TIME_ZONE } },
    user.token,
  );
  return data.addWallet.id;
}

export async function seedIncome(
  app: RunningApp,
  user: TestUser,
  income: { sourceName: string; incomeFrequency: string; nextPmtDate: string; paymentAmount: number },
): Promise<string> {
  const data = await gql<{ addIncomeSource: { id: string } }>(
    app,
    'AddIncomeSource',
    { input: { ...income, timeZone: TIME_ZONE } },
    user.token,
  );
  return data.addIncomeSource.id;
}

export async function seedExpense(
  app: RunningApp,
  user: TestUser,
  expense: { creditorName: string; debtType: string; frequency: string; dueDate: string; payment: number },
): Promise<string> {
  const data = await gql<{ addLiability: { id: string } }>(
    app,
    'AddLiability',
    { input: { ...expense, timeZone: TIME_ZONE } },
    user.token,
  );
  return data.addLiability.id;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * An access token exactly like the server's (HS256, issuer, audience, subject), signed with the
 * app's own secret, whose 15 minutes ran out a minute ago.
 */
export function expiredAccessToken(secret: string, uid: number): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({
      role: 'USER',
      iat: now - 16 * 60,
      exp: now - 60,
      aud: 'truenet-api',
      iss: 'truenet',
      sub: String(uid),
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
