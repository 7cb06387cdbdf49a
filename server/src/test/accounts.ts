import { randomBytes, randomInt } from 'node:crypto';
import { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import { queryOne, queryRows } from '../db/sql';
import type { GraphQLResponse, TestApp } from './harness';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';

/**
 * Shared pieces of the accounts, auth and contact tests. The apps run with TRUST_PROXY=loopback,
 * so a test can stand behind the proxy at its own client IP (X-Forwarded-For set by "the proxy")
 * and its rate-limit counts never meet another test's.
 */
export const TEST_ENV = { TRUST_PROXY: 'loopback' };

export function uniqueIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function uniqueName(prefix = 'user'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export const GOOD_PASSWORD = 'Str0ng!Pass';

export function registrationInput(overrides: Record<string, unknown> = {}) {
  const userName = uniqueName('Reg');
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userName,
    email: `${userName.toLowerCase()}@example.com`,
    userPassword: GOOD_PASSWORD,
    plan: 'YEARLY',
    timeZone: 'America/Chicago',
    ...overrides,
  };
}

export const AUTH_FIELDS = 'accessToken uid role user name firstName lastName email accountStatus';

export const REGISTER = `mutation Register($input: RegisterInput!) {
  register(input: $input) { uid checkoutUrl sessionId }
}`;
export const LOGIN = `mutation Login($userName: String!, $userPassword: String!, $honeypot: String) {
  login(userName: $userName, userPassword: $userPassword, honeypot: $honeypot) { ${AUTH_FIELDS} }
}`;
export const REFRESH = `mutation { refreshSession { ${AUTH_FIELDS} } }`;
export const LOGOUT = `mutation { logout }`;
export const ME = `{ me { id userName firstName lastName email accountStatus role timeZone createdAt } }`;

/** The `name=value` pair of the refresh cookie a response set, for the next request's Cookie header. */
export function refreshCookieOf(response: GraphQLResponse): string | undefined {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  const pair = header?.split(';')[0];
  return pair && pair !== `${REFRESH_COOKIE}=` ? pair : undefined;
}

export function setCookieHeader(response: GraphQLResponse): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
}

/**
 * The newest outbox mail to `to` whose subject contains `subject`; waits for background sends.
 * `after` skips mails already read (pass the previous one's text) so a resend is not mistaken
 * for the earlier mail.
 */
export async function latestMail(
  ds: DataSource,
  to: string,
  subject: string,
  after?: string,
  timeoutMs = 5000,
): Promise<{ text_body: string; html_body: string | null; subject: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await queryOne<{ text_body: string; html_body: string | null; subject: string }>(
      ds,
      `SELECT text_body, html_body, subject FROM outbox_mail
        WHERE lower(to_address) = lower($1) AND subject LIKE '%' || $2 || '%'
        ORDER BY id DESC LIMIT 1`,
      [to, subject],
    );
    if (mail && mail.text_body !== after) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function mailCount(ds: DataSource, to: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    ds,
    'SELECT count(*)::int AS n FROM outbox_mail WHERE lower(to_address) = lower($1)',
    [to],
  );
  return row?.n ?? 0;
}

export function codeIn(text: string): string {
  const match = /code is: (\d{6})/.exec(text);
  if (!match?.[1]) throw new Error('no code in the mail');
  return match[1];
}

export function temporaryPasswordIn(text: string): string {
  const match = /temporary password is: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error('no temporary password in the mail');
  return match[1];
}

/** Everything stored about one account, to show that a refused request changed nothing. */
export async function accountSnapshot(ds: DataSource, debtorId: number, email: string) {
  const [debtor, codes, tokens, mails, audit] = await Promise.all([
    queryRows(ds, 'SELECT * FROM debtor WHERE id = $1', [debtorId]),
    queryRows(ds, 'SELECT * FROM email_code WHERE debtor_id = $1', [debtorId]),
    queryRows(ds, 'SELECT * FROM refresh_token WHERE debtor_id = $1 ORDER BY id', [debtorId]),
    queryRows(ds, 'SELECT id FROM outbox_mail WHERE lower(to_address) = lower($1) ORDER BY id', [email]),
    queryRows(ds, 'SELECT id FROM audit_log WHERE debtor_id = $1 ORDER BY id', [debtorId]),
  ]);
  return JSON.stringify({ debtor, codes, tokens, mails, audit });
}

/** A test clock: real time plus an offset the test moves forward. */
export function movableClock() {
  let offsetMs = 0;
  let frozenAt: number | null = null;
  return {
    now: () => new Date(frozenAt ?? Date.now() + offsetMs),
    advanceMinutes(minutes: number) {
      if (frozenAt !== null) frozenAt += minutes * 60_000;
      else offsetMs += minutes * 60_000;
    },
    /** Stops the clock at `at` (tests of 30-second TOTP steps must not cross a step by chance). */
    freeze(at: Date) {
      frozenAt = at.getTime();
    },
    reset() {
      offsetMs = 0;
      frozenAt = null;
    },
  };
}

/** A pino destination that keeps every line, to assert what was (never) logged. */
export function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

/** Sends as a client behind the trusted proxy at `ip`. */
export function client(t: TestApp, ip: string = uniqueIp()) {
  return (
    query: string,
    variables?: Record<string, unknown>,
    options: { token?: string; cookie?: string } = {},
  ) => t.gql(query, variables, { ...options, headers: { 'x-forwarded-for': ip } });
}

/** Registers through the API and signs in; returns the session's pieces and the mailed code. */
export async function registerAndSignIn(t: TestApp, overrides: Record<string, unknown> = {}) {
  const ip = uniqueIp();
  const gql = client(t, ip);
  const input = registrationInput(overrides);
  const registered = await gql(REGISTER, { input });
  if (registered.errors) throw new Error(JSON.stringify(registered.errors));
  const login = await gql(LOGIN, { userName: input.userName, userPassword: input.userPassword });
  if (login.errors) throw new Error(JSON.stringify(login.errors));
  const auth = (login.data as { login: { accessToken: string; uid: number } }).login;
  const mail = await latestMail(t.deps.dataSource, input.email as string, 'verification code');
  return {
    input,
    ip,
    gql,
    uid: auth.uid,
    token: auth.accessToken,
    cookie: refreshCookieOf(login)!,
    code: codeIn(mail.text_body),
  };
}

/**
 * Median durations of two actions, measured interleaved (a, b, a, b, ...) so that a burst of load
 * on the machine slows both alike.
 */
export async function interleavedMedians(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  rounds = 5,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  const time = async (action: () => Promise<unknown>, into: number[]) => {
    const started = process.hrtime.bigint();
    await action();
    into.push(Number(process.hrtime.bigint() - started) / 1e6);
  };
  for (let i = 0; i < rounds; i++) {
    await time(a, times[0]);
    await time(b, times[1]);
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  return [median(times[0]), median(times[1])];
}

/** The first error of a GraphQL answer, as a person and a client read it: its code and its words. */
export function errorOf(response: GraphQLResponse): { code: unknown; message: string | undefined } {
  return { code: response.errors?.[0]?.extensions?.code, message: response.errors?.[0]?.message };
}
