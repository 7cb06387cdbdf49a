import { PASSWORD_PATTERN } from '@truenet/core';
import { queryOne, queryRows } from '../../db/sql';
import { BillingProviderError } from '../billing/billing-errors';
import { createBillingProvider } from '../billing/billing-provider';
import {
  buildDebtor,
  buildIncomeSource,
  buildLiability,
  buildWallet,
  DEFAULT_PASSWORD,
  householdOf,
} from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  accountSnapshot,
  client,
  codeIn,
  interleavedMedians,
  latestMail,
  LOGIN,
  mailCount,
  ME,
  movableClock,
  REFRESH,
  refreshCookieOf,
  REGISTER,
  registerAndSignIn,
  registrationInput,
  setCookieHeader,
  temporaryPasswordIn,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV, clock });
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const ds = () => t.deps.dataSource;

const VERIFY = `mutation($code: String!, $h: String) { verifyEmail(code: $code, honeypot: $h) { id accountStatus } }`;
const RESEND = `mutation { resendVerificationCode }`;
const UPDATE = `mutation($input: UpdateAccountInput!) {
  updateAccount(input: $input) { id firstName lastName email accountStatus }
}`;
const RESET = `mutation($email: String!, $h: String) { requestPasswordReset(email: $email, honeypot: $h) }`;
const DELETE = `mutation($password: String!) { deleteAccount(password: $password) }`;
const EXPORT = `{ exportMyData }`;

describe('register', () => {
  it('creates an unverified account with an incomplete subscription and a mailed code, and returns the checkout', async () => {
    const input = registrationInput({ plan: 'QUARTERLY' });
    const response = await client(t)(REGISTER, { input });
    expect(response.errors).toBeUndefined();
    const payload = (response.data as { register: { uid: number; checkoutUrl: string; sessionId: string } })
      .register;
    expect(payload.uid).toBeGreaterThan(0);
    expect(payload.checkoutUrl).toMatch(/^http/);
    expect(payload.sessionId).toEqual(expect.any(String));
    const debtor = await queryOne<Record<string, unknown>>(
      ds(),
      'SELECT username, email, first_name, status, time_zone, password_hash FROM debtor WHERE id = $1',
      [payload.uid],
    );
    expect(debtor).toMatchObject({
      username: input.userName,
      email: input.email,
      first_name: 'Ada',
      status: 999,
      time_zone: 'America/Chicago',
    });
    expect(debtor!.password_hash).toMatch(/^\$argon2id\$/);
    const subscription = await queryOne(ds(), 'SELECT status, plan FROM subscription WHERE debtor_id = $1', [
      payload.uid,
    ]);
    expect(subscription).toEqual({ status: 'incomplete', plan: 'QUARTERLY' });
    const code = await queryOne<{ code_hash: string }>(
      ds(),
      'SELECT code_hash FROM email_code WHERE debtor_id = $1',
      [payload.uid],
    );
    const mail = await latestMail(ds(), input.email, 'verification code');
    const plain = codeIn(mail.text_body);
    expect(mail.html_body).toContain(plain);
    expect(code!.code_hash).not.toContain(plain);
  });

  it('refuses a taken username or e-mail, compared case-insensitively, with a clear message', async () => {
    const first = registrationInput();
    await client(t)(REGISTER, { input: first });
    const sameName = await client(t)(REGISTER, {
      input: registrationInput({ userName: first.userName.toUpperCase() }),
    });
    expect(sameName.errors?.[0]).toMatchObject({
      message: 'That username is already taken. Choose another one.',
      extensions: { code: 'BAD_USER_INPUT', field: 'userName' },
    });
    const sameEmail = await client(t)(REGISTER, {
      input: registrationInput({ email: (first.email as string).toUpperCase() }),
    });
    expect(sameEmail.errors?.[0]).toMatchObject({
      message: 'An account already uses that e-mail address. Sign in or reset your password.',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
  });

  it('creates one account when the same username registers concurrently', async () => {
    const userName = registrationInput().userName;
    const attempts = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        client(t)(REGISTER, {
          input: registrationInput({ userName, email: `${userName}.${i}@example.com` }),
        }),
      ),
    );
    expect(attempts.filter((r) => !r.errors)).toHaveLength(1);
    for (const refused of attempts.filter((r) => r.errors)) {
      expect(refused.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'userName' },
      });
    }
    const rows = await queryRows(ds(), 'SELECT id FROM debtor WHERE lower(username) = lower($1)', [userName]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a filled honeypot with Invalid form and creates nothing', async () => {
    const input = registrationInput({ honeypot: 'http://spam' });
    const response = await client(t)(REGISTER, { input });
    expect(response.errors?.[0]).toMatchObject({
      message: 'Invalid form',
      extensions: { code: 'BAD_USER_INPUT', field: 'honeypot' },
    });
    expect(
      await queryOne(ds(), 'SELECT 1 FROM debtor WHERE username = $1', [input.userName]),
    ).toBeUndefined();
    expect(await mailCount(ds(), input.email as string)).toBe(0);
  });

  it('keeps the account and answers a clear error when the checkout cannot start', async () => {
    const failing = await startTestApp({
      env: TEST_ENV,
      billing: (config) => ({
        ...createBillingProvider(config),
        createCheckoutSession: async () => {
          throw new Error('provider down');
        },
      }),
    });
    try {
      const input = registrationInput();
      const response = await client(failing)(REGISTER, { input });
      expect(response.errors?.[0]).toMatchObject({
        message:
          'Your account was created, but the payment page could not be opened. Sign in to finish subscribing.',
        extensions: { code: 'BAD_USER_INPUT', reason: 'PAYMENT_PROVIDER_UNAVAILABLE' },
      });
      const login = await client(failing)(LOGIN, {
        userName: input.userName,
        userPassword: input.userPassword,
      });
      expect(login.errors).toBeUndefined();
    } finally {
      await failing.close();
    }
  });
});

describe('verifyEmail', () => {
  it('verifies with the mailed code: status 1, and the code works once', async () => {
    const { gql, token, code, uid } = await registerAndSignIn(t);
    const response = await gql(VERIFY, { code }, { token });
    expect(response.data).toEqual({ verifyEmail: { id: String(uid), accountStatus: 1 } });
    const again = await gql(VERIFY, { code }, { token });
    expect(again.errors?.[0]).toMatchObject({
      message: 'That code is no longer valid. Request a new code.',
      extensions: { code: 'BAD_USER_INPUT', field: 'code' },
    });
    const me = await gql(ME, {}, { token });
    expect(me.data).toMatchObject({ me: { accountStatus: 1 } });
  });

  it('refuses an expired code (after 30 minutes)', async () => {
    const { gql, token, code } = await registerAndSignIn(t);
    clock.advanceMinutes(31);
    const response = await gql(VERIFY, { code }, { token });
    expect(response.errors?.[0]).toMatchObject({
      message: 'That code has expired. Request a new code.',
      extensions: { code: 'BAD_USER_INPUT', field: 'code' },
    });
  });

  it('voids the code at the 5th wrong try: the 6th try fails even with the right code', async () => {
    const { gql, token, code, uid } = await registerAndSignIn(t);
    const wrong = code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await gql(VERIFY, { code: wrong }, { token })).errors![0]!.message);
    }
    expect(messages).toEqual([
      ...Array(4).fill('That code is not correct. Check the e-mail and try again.'),
      'Too many wrong codes: this code no longer works. Request a new code.',
    ]);
    const sixth = await gql(VERIFY, { code }, { token });
    expect(sixth.errors?.[0]?.message).toBe('That code is no longer valid. Request a new code.');
    const row = await queryOne<{ status: number }>(ds(), 'SELECT status FROM debtor WHERE id = $1', [uid]);
    expect(row?.status).toBe(999);
  });

  it('resend replaces the code (the old one stops working) and is rate-limited', async () => {
    const { gql, token, code, input } = await registerAndSignIn(t);
    expect((await gql(RESEND, {}, { token })).data).toEqual({ resendVerificationCode: true });
    const fresh = codeIn((await latestMail(ds(), input.email as string, 'verification code')).text_body);
    if (fresh !== code) {
      expect((await gql(VERIFY, { code }, { token })).errors?.[0]?.message).toBe(
        'That code is not correct. Check the e-mail and try again.',
      );
    }
    // At most 5 codes are sent per account and hour: a 6th resend is refused.
    let limited;
    for (let i = 0; i < 6 && !limited; i++) {
      const response = await gql(RESEND, {}, { token });
      if (response.errors) limited = response.errors[0];
    }
    expect(limited).toMatchObject({
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    const latest = codeIn((await latestMail(ds(), input.email as string, 'verification code')).text_body);
    expect((await gql(VERIFY, { code: latest }, { token })).data).toMatchObject({
      verifyEmail: { accountStatus: 1 },
    });
  });

  it('refuses a filled honeypot and an already verified account', async () => {
    const { gql, token, code } = await registerAndSignIn(t);
    expect((await gql(VERIFY, { code, h: 'bot' }, { token })).errors?.[0]).toMatchObject({
      message: 'Invalid form',
      extensions: { field: 'honeypot' },
    });
    await gql(VERIFY, { code }, { token });
    expect((await gql(RESEND, {}, { token })).errors?.[0]?.message).toBe(
      'Your e-mail address is already verified.',
    );
  });
});

describe('updateAccount', () => {
  it('updates the names; the same e-mail in another case keeps the account verified', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const response = await client(t)(
      UPDATE,
      { input: { firstName: 'Mary', lastName: "O'Neil", email: debtor.email.toUpperCase() } },
      { token: accessToken },
    );
    expect(response.data).toEqual({
      updateAccount: {
        id: String(debtor.id),
        firstName: 'Mary',
        lastName: "O'Neil",
        email: debtor.email.toUpperCase(),
        accountStatus: 1,
      },
    });
  });

  it('re-verifies a changed e-mail: status 999, a code to the new address, a notice to the old one', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const newEmail = `moved.${debtor.userName}@example.org`;
    const response = await gql(
      UPDATE,
      { input: { firstName: 'Pat', lastName: 'Doe', email: newEmail } },
      { token: accessToken },
    );
    expect(response.data).toMatchObject({ updateAccount: { email: newEmail, accountStatus: 999 } });
    const code = codeIn((await latestMail(ds(), newEmail, 'verification code')).text_body);
    const notice = await latestMail(ds(), debtor.email, 'e-mail address was changed');
    expect(notice.text_body).toContain(newEmail);
    expect((await gql(VERIFY, { code }, { token: accessToken })).data).toMatchObject({
      verifyEmail: { accountStatus: 1 },
    });
  });

  it('refuses an e-mail another account uses', async () => {
    const other = await buildDebtor(ds(), t.deps.config);
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const before = await accountSnapshot(ds(), debtor.id, debtor.email);
    const response = await client(t)(
      UPDATE,
      { input: { firstName: 'Pat', lastName: 'Doe', email: other.debtor.email.toUpperCase() } },
      { token: accessToken },
    );
    expect(response.errors?.[0]).toMatchObject({
      message: 'An account already uses that e-mail address. Sign in or reset your password.',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    expect(await accountSnapshot(ds(), debtor.id, debtor.email)).toBe(before);
  });
});

describe('requestPasswordReset', () => {
  const ANSWER = 'If an account matches that e-mail, a temporary password will be sent to it.';

  it('answers the same text and status for a known and an unknown e-mail (no enumeration)', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const known = await gql(RESET, { email: debtor.email.toUpperCase() });
    const unknown = await gql(RESET, { email: `nobody.${debtor.userName}@example.com` });
    for (const response of [known, unknown]) {
      expect(response.status).toBe(200);
      expect(response.errors).toBeUndefined();
      expect(response.data).toEqual({ requestPasswordReset: ANSWER });
    }
    expect(Object.fromEntries(known.headers)).toMatchObject({
      'content-type': unknown.headers.get('content-type'),
    });
  });

  it('takes similar time for a known and an unknown e-mail', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const [known, unknown] = await interleavedMedians(
      // Each request from its own IP and a fresh address case, so no rate limit is reached.
      () => client(t)(RESET, { email: debtor.email }),
      () => client(t)(RESET, { email: `nobody.${uniqueIp()}@example.com` }),
      3,
    );
    expect(unknown).toBeGreaterThan(known / 3);
    expect(known).toBeGreaterThan(unknown / 3);
  });

  it('mails a temporary password that meets the pattern and works 60 minutes beside the old one', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    await gql(RESET, { email: debtor.email });
    const mail = await latestMail(ds(), debtor.email, 'temporary password');
    const temporary = temporaryPasswordIn(mail.text_body);
    expect(temporary).toMatch(PASSWORD_PATTERN);
    expect(mail.html_body).toContain(temporary.replace(/&/g, '&amp;'));
    // The old password still works; so does the temporary one, which sets status 3.
    const old = await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    expect(old.data).toMatchObject({ login: { accountStatus: 1 } });
    await gql(RESET, { email: debtor.email });
    const second = temporaryPasswordIn(
      (await latestMail(ds(), debtor.email, 'temporary password', mail.text_body)).text_body,
    );
    const withTemporary = await gql(LOGIN, { userName: debtor.userName, userPassword: second });
    expect(withTemporary.data).toMatchObject({ login: { accountStatus: 3 } });
    clock.advanceMinutes(61);
    const expired = await gql(LOGIN, { userName: debtor.userName, userPassword: second });
    expect(expired.errors?.[0]?.message).toBe('Incorrect username or password');
  });

  it('is rate-limited per e-mail the same way whether or not an account has it', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    for (const email of [debtor.email, `ghost.${debtor.userName}@example.com`]) {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await client(t)(RESET, { email }));
      expect(results.slice(0, 3).every((r) => r.data?.requestPasswordReset === ANSWER)).toBe(true);
      expect(results[3]!.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    }
  });

  it('refuses a filled honeypot and a bad e-mail (Invalid email), changing nothing', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const before = await accountSnapshot(ds(), debtor.id, debtor.email);
    expect((await client(t)(RESET, { email: debtor.email, h: 'x' })).errors?.[0]).toMatchObject({
      message: 'Invalid form',
      extensions: { code: 'BAD_USER_INPUT', field: 'honeypot' },
    });
    expect((await client(t)(RESET, { email: 'not an email' })).errors?.[0]).toMatchObject({
      message: 'Invalid email',
      extensions: { code: 'BAD_USER_INPUT', field: 'email' },
    });
    expect(await accountSnapshot(ds(), debtor.id, debtor.email)).toBe(before);
  });
});

describe('me, exportMyData and deleteAccount', () => {
  it('me answers the signed-in account and needs a credential', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const response = await t.gql(ME, {}, { token: accessToken });
    expect(response.data).toEqual({
      me: {
        id: String(debtor.id),
        userName: debtor.userName,
        firstName: 'Pat',
        lastName: 'Doe',
        email: debtor.email,
        accountStatus: 1,
        role: 'USER',
        timeZone: 'America/New_York',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect((await t.gql(ME)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('exports everything stored about the user, without any hash', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const wallet = await buildWallet(ds(), debtor.id, { balanceCents: 12345 });
    await ds().query(
      `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, occurred_on) VALUES ((SELECT id FROM household WHERE personal_of = $1), $2, 'spent', 500, '2026-01-02')`,
      [debtor.id, wallet.id],
    );
    const income = await buildIncomeSource(ds(), debtor.id);
    await ds().query(
      `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents) VALUES ($1, '2026-01-02', (SELECT id FROM household WHERE personal_of = $2), $3, 200000)`,
      [income.id, debtor.id, wallet.id],
    );
    await buildLiability(ds(), debtor.id);
    await ds().query(
      `INSERT INTO api_token (debtor_id, household_id, name, token_hash) VALUES ($1, (SELECT id FROM household WHERE personal_of = $1), 'script', 'secret-hash-value')`,
      [debtor.id],
    );
    await ds().query(
      `INSERT INTO contact_message (debtor_id, sender_name, sender_email, message) VALUES ($1, 'Pat', $2, 'Hello')`,
      [debtor.id, debtor.email],
    );
    await client(t)(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });

    const response = await t.gql(EXPORT, {}, { token: accessToken });
    const text = (response.data as { exportMyData: string }).exportMyData;
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: debtor.id, username: debtor.userName, email: debtor.email });
    expect(data.subscription).toMatchObject({ status: 'trialing' });
    expect(data.wallets).toEqual([expect.objectContaining({ id: wallet.id, balance_cents: 12345 })]);
    // Each row names its household, and the households section says which that is.
    expect(data.households).toEqual([
      expect.objectContaining({ id: data.wallets[0].household_id, personal: true, role: 'OWNER' }),
    ]);
    expect(data.register).toHaveLength(1);
    expect(data.incomeSources).toHaveLength(1);
    expect(data.deposits).toHaveLength(1);
    expect(data.liabilities).toHaveLength(1);
    expect(data.apiTokens).toEqual([expect.objectContaining({ name: 'script' })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Hello' })]);
    expect(data.securityEvents).toEqual([expect.objectContaining({ event: 'sign_in' })]);
    expect(text).not.toMatch(/hash|argon2|secret-hash-value/);
  });

  it('deleteAccount needs the password, then removes every row of the user in one go', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const wallet = await buildWallet(ds(), debtor.id);
    await buildIncomeSource(ds(), debtor.id);
    await buildLiability(ds(), debtor.id, { paidWalletId: wallet.id });
    await ds().query(
      `INSERT INTO contact_message (debtor_id, sender_name, sender_email, message) VALUES ($1, 'Pat', $2, 'Hi')`,
      [debtor.id, debtor.email],
    );
    const gql = client(t, uniqueIp());
    const login = await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    const cookie = refreshCookieOf(login)!;

    const wrong = await gql(DELETE, { password: 'Wrong!Pass1' }, { token: accessToken });
    expect(wrong.errors?.[0]).toMatchObject({
      message: 'The password is not correct.',
      extensions: { code: 'BAD_USER_INPUT', field: 'password' },
    });
    expect(await queryOne(ds(), 'SELECT 1 FROM debtor WHERE id = $1', [debtor.id])).toBeDefined();

    const household = await householdOf(ds(), debtor.id);
    const response = await gql(DELETE, { password: DEFAULT_PASSWORD }, { token: accessToken });
    expect(response.data).toEqual({ deleteAccount: true });
    expect(setCookieHeader(response)).toMatch(/Expires=Thu, 01 Jan 1970/);
    for (const table of ['wallet', 'register_entry', 'income_source', 'income_deposit', 'liability']) {
      const rows = await queryRows(ds(), `SELECT 1 FROM ${table} WHERE household_id = $1`, [household]);
      expect({ table, rows: rows.length }).toEqual({ table, rows: 0 });
    }
    for (const table of [
      'subscription',
      'refresh_token',
      'email_code',
      'api_token',
      'contact_message',
      'audit_log',
    ]) {
      const rows = await queryRows(ds(), `SELECT 1 FROM ${table} WHERE debtor_id = $1`, [debtor.id]);
      expect({ table, rows: rows.length }).toEqual({ table, rows: 0 });
    }
    expect(await queryOne(ds(), 'SELECT 1 FROM debtor WHERE id = $1', [debtor.id])).toBeUndefined();
    const event = await queryOne(
      ds(),
      `SELECT event FROM audit_log WHERE event = 'account_deleted' AND details->>'formerDebtorId' = $1`,
      [String(debtor.id)],
    );
    expect(event).toEqual({ event: 'account_deleted' });
    expect((await gql(REFRESH, {}, { cookie })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(ME, {}, { token: accessToken })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });

  it('deleteAccount first stops the running subscription at the provider; a provider failure keeps the account', async () => {
    const cancelled: string[] = [];
    let providerUp = true;
    const app = await startTestApp({
      env: TEST_ENV,
      billing: (config) => ({
        ...createBillingProvider(config),
        cancelAtPeriodEnd: async ({ subscriptionId }) => {
          if (!providerUp) throw new BillingProviderError('provider down');
          cancelled.push(subscriptionId);
          return { cancelAtPeriodEnd: true, currentPeriodEnd: null };
        },
      }),
    });
    try {
      const db = app.deps.dataSource;
      const { debtor, accessToken } = await buildDebtor(db, app.deps.config);
      await db.query(`UPDATE subscription SET provider_subscription_id = $2 WHERE debtor_id = $1`, [
        debtor.id,
        `sub_${debtor.userName}`,
      ]);
      providerUp = false;
      const refused = await client(app)(DELETE, { password: DEFAULT_PASSWORD }, { token: accessToken });
      expect(refused.errors?.[0]?.message).toBe(
        'There was an error cancelling your account. Please try again later.',
      );
      expect(await queryOne(db, 'SELECT 1 FROM debtor WHERE id = $1', [debtor.id])).toBeDefined();
      providerUp = true;
      const deleted = await client(app)(DELETE, { password: DEFAULT_PASSWORD }, { token: accessToken });
      expect(deleted.data).toEqual({ deleteAccount: true });
      expect(cancelled).toEqual([`sub_${debtor.userName}`]);
      expect(await queryOne(db, 'SELECT 1 FROM debtor WHERE id = $1', [debtor.id])).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
