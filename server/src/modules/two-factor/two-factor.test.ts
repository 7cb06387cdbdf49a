import { queryOne, queryRows } from '../../db/sql';
import { RATE_LIMITS, rateLimitRowKey } from '../../rate-limit';
import { buildDebtor, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  AUTH_FIELDS,
  client,
  errorOf,
  latestMail,
  movableClock,
  refreshCookieOf,
  setCookieHeader,
  temporaryPasswordIn,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';
import { rest } from '../../test/rest';
import { totpCodeAt } from './totp';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV, clock });
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const ds = () => t.deps.dataSource;

const BEGIN = 'mutation { beginTotpEnrollment { secret otpauthUrl qrCodeSvg } }';
const CONFIRM = 'mutation($code: String!) { confirmTotpEnrollment(code: $code) { recoveryCodes } }';
const DISABLE =
  'mutation($p: String!, $c: String!) { disableTwoFactor(password: $p, code: $c) { twoFactorEnabled recoveryCodesLeft } }';
const ME = '{ me { twoFactorEnabled recoveryCodesLeft } }';
const LOGIN = `mutation($u: String!, $p: String!) {
  login(userName: $u, userPassword: $p) { twoFactorRequired twoFactorToken accessToken uid user email }
}`;
const COMPLETE = `mutation($t: String!, $c: String!) {
  completeTwoFactorLogin(twoFactorToken: $t, code: $c) { ${AUTH_FIELDS} }
}`;

interface LoginAnswer {
  twoFactorRequired: boolean;
  twoFactorToken: string | null;
  accessToken: string | null;
  uid: number | null;
  user: string | null;
  email: string | null;
}

/** An account with two-factor on: its secret (to compute codes as its phone would) and its codes. */
async function enrolledAccount() {
  const built = await buildDebtor(ds(), t.deps.config);
  const gql = client(t);
  const begun = await gql(BEGIN, {}, { token: built.accessToken });
  expect(begun.errors).toBeUndefined();
  const { secret } = (begun.data as { beginTotpEnrollment: { secret: string } }).beginTotpEnrollment;
  const confirmed = await gql(
    CONFIRM,
    { code: totpCodeAt(secret, clock.now()) },
    { token: built.accessToken },
  );
  expect(confirmed.errors).toBeUndefined();
  const { recoveryCodes } = (confirmed.data as { confirmTotpEnrollment: { recoveryCodes: string[] } })
    .confirmTotpEnrollment;
  return { ...built, secret, recoveryCodes };
}

async function passwordStep(userName: string, ip = uniqueIp(), password = DEFAULT_PASSWORD) {
  const response = await client(t, ip)(LOGIN, { u: userName, p: password });
  expect(response.errors).toBeUndefined();
  return { response, login: (response.data as { login: LoginAnswer }).login, ip };
}

async function complete(token: string, code: string, ip = uniqueIp()) {
  return client(t, ip)(COMPLETE, { t: token, c: code });
}

async function auditEvents(debtorId: number, event: string) {
  return queryRows<{ details: Record<string, unknown> }>(
    ds(),
    'SELECT details FROM audit_log WHERE debtor_id = $1 AND event = $2 ORDER BY id',
    [debtorId, event],
  );
}

describe('setting up an authenticator app', () => {
  it('gives a secret, its otpauth address and a QR code drawn locally; nothing is on until a code confirms it', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const begun = await gql(BEGIN, {}, { token: accessToken });
    const enrollment = (
      begun.data as { beginTotpEnrollment: { secret: string; otpauthUrl: string; qrCodeSvg: string } }
    ).beginTotpEnrollment;
    expect(enrollment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrollment.otpauthUrl).toBe(
      `otpauth://totp/TrueNet:${encodeURIComponent(debtor.userName)}?secret=${enrollment.secret}&issuer=TrueNet`,
    );
    expect(enrollment.qrCodeSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(((await gql(ME, {}, { token: accessToken })).data as { me: unknown }).me).toEqual({
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });

    const wrong = await gql(CONFIRM, { code: '000000' }, { token: accessToken });
    expect(errorOf(wrong)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'That code is not right. Enter the 6-digit code your app shows now.',
    });
    expect(
      ((await gql(ME, {}, { token: accessToken })).data as { me: { twoFactorEnabled: boolean } }).me
        .twoFactorEnabled,
    ).toBe(false);

    const confirmed = await gql(
      CONFIRM,
      { code: totpCodeAt(enrollment.secret, clock.now()) },
      { token: accessToken },
    );
    const codes = (confirmed.data as { confirmTotpEnrollment: { recoveryCodes: string[] } })
      .confirmTotpEnrollment.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);
    expect(((await gql(ME, {}, { token: accessToken })).data as { me: unknown }).me).toEqual({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });

    // Recovery codes are kept only as hashes; the owner is told and the audit log has it.
    const stored = await queryRows<{ code_hash: string }>(
      ds(),
      'SELECT code_hash FROM recovery_code WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(stored).toHaveLength(10);
    for (const code of codes) {
      expect(JSON.stringify(stored)).not.toContain(code);
      expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    }
    const mail = await latestMail(ds(), debtor.email, 'Two-factor sign-in is on');
    expect(mail.text_body).toContain('Two-factor sign-in was turned on');
    expect(await auditEvents(debtor.id, 'two_factor_enabled')).toHaveLength(1);
  });

  it('cannot be started again while it is on (a stolen session cannot swap the secret)', async () => {
    const { accessToken } = await enrolledAccount();
    const again = await client(t)(BEGIN, {}, { token: accessToken });
    expect(errorOf(again)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Two-factor sign-in is already on. Turn it off first to set it up again.',
    });
  });

  it('is managed by a signed-in session only: an API token, even read-write, is refused', async () => {
    const { accessToken } = await buildDebtor(ds(), t.deps.config);
    const created = await client(t)(
      'mutation { createApiToken(name: "script", scope: READ_WRITE) { secret } }',
      {},
      { token: accessToken },
    );
    const secret = (created.data as { createApiToken: { secret: string } }).createApiToken.secret;
    for (const mutation of [BEGIN, 'mutation { confirmTotpEnrollment(code: "123456") { recoveryCodes } }']) {
      expect(errorOf(await client(t)(mutation, {}, { token: secret })).code).toBe('FORBIDDEN');
    }
  });
});

describe('signing in with two-factor on', () => {
  it('the password step answers a token and nothing else: no access token, no account, no cookie', async () => {
    const { debtor } = await enrolledAccount();
    const { response, login } = await passwordStep(debtor.userName);
    expect(login).toEqual({
      twoFactorRequired: true,
      twoFactorToken: expect.stringMatching(/^tf_[\w-]{43}$/),
      accessToken: null,
      uid: null,
      user: null,
      email: null,
    });
    expect(setCookieHeader(response)).toBeUndefined();
    // Only the token's hash is stored.
    const stored = await queryOne<{ token_hash: string }>(
      ds(),
      'SELECT token_hash FROM sign_in_challenge WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.token_hash).not.toBe(login.twoFactorToken);
  });

  it('a code from the app completes it: the login fields, the refresh cookie, the audit entry', async () => {
    const { debtor, secret } = await enrolledAccount();
    clock.advanceMinutes(1);
    const { login } = await passwordStep(debtor.userName);
    const done = await complete(login.twoFactorToken!, totpCodeAt(secret, clock.now()));
    expect(done.errors).toBeUndefined();
    expect((done.data as { completeTwoFactorLogin: unknown }).completeTwoFactorLogin).toMatchObject({
      uid: debtor.id,
      user: debtor.userName,
      accessToken: expect.any(String),
      accountStatus: 1,
    });
    expect(refreshCookieOf(done)).toBeDefined();
    const signIns = await auditEvents(debtor.id, 'sign_in');
    expect(signIns.at(-1)?.details).toMatchObject({ secondFactor: 'totp' });
  });

  it('accepts one step of drift either way, refuses two, and takes each code once (no replay)', async () => {
    const { debtor, secret } = await enrolledAccount();
    // The middle of a 30-second step 3 minutes on, and the clock stopped there: "one step late"
    // must not become two because a request crossed a step boundary.
    const step = 30_000;
    clock.freeze(new Date(Math.floor((clock.now().getTime() + 180_000) / step) * step + step / 2));
    const at = (seconds: number) => totpCodeAt(secret, new Date(clock.now().getTime() + seconds * 1000));
    const attempt = async (code: string) =>
      complete((await passwordStep(debtor.userName)).login.twoFactorToken!, code);

    expect(errorOf(await attempt(at(-60))).code).toBe('UNAUTHENTICATED'); // two steps late
    expect(errorOf(await attempt(at(60))).code).toBe('UNAUTHENTICATED'); // two steps early
    expect((await attempt(at(-30))).errors).toBeUndefined(); // one step late
    expect(errorOf(await attempt(at(-30)))).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'That code is not right. Enter the 6-digit code from your app, or an unused recovery code.',
    }); // the same code again
    expect((await attempt(at(30))).errors).toBeUndefined(); // one step early
    expect(errorOf(await attempt(at(0))).code).toBe('UNAUTHENTICATED'); // older than the last one taken
  });

  it('the token is single use and lasts 5 minutes', async () => {
    const { debtor, secret } = await enrolledAccount();
    clock.advanceMinutes(1);
    const { login } = await passwordStep(debtor.userName);
    expect((await complete(login.twoFactorToken!, totpCodeAt(secret, clock.now()))).errors).toBeUndefined();
    clock.advanceMinutes(1);
    const reused = await complete(login.twoFactorToken!, totpCodeAt(secret, clock.now()));
    expect(errorOf(reused)).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Your sign-in timed out. Sign in again with your password.',
    });

    const late = await passwordStep(debtor.userName);
    clock.advanceMinutes(6);
    expect(errorOf(await complete(late.login.twoFactorToken!, totpCodeAt(secret, clock.now()))).message).toBe(
      'Your sign-in timed out. Sign in again with your password.',
    );
  });

  it('a recovery code (typed loosely) signs in once, is used up, and the owner is told', async () => {
    const { debtor, recoveryCodes, accessToken } = await enrolledAccount();
    const typed = ` ${recoveryCodes[3]!.toLowerCase().replace('-', ' ')} `;
    const first = await complete((await passwordStep(debtor.userName)).login.twoFactorToken!, typed);
    expect(first.errors).toBeUndefined();
    const mail = await latestMail(ds(), debtor.email, 'A recovery code was used');
    expect(mail.text_body).toContain('9 unused codes remain');
    expect(await auditEvents(debtor.id, 'recovery_code_used')).toHaveLength(1);
    expect(
      ((await client(t)(ME, {}, { token: accessToken })).data as { me: { recoveryCodesLeft: number } }).me
        .recoveryCodesLeft,
    ).toBe(9);

    const again = await complete(
      (await passwordStep(debtor.userName)).login.twoFactorToken!,
      recoveryCodes[3]!,
    );
    expect(errorOf(again).code).toBe('UNAUTHENTICATED');
  });

  it('wrong codes count toward the same per-account limit as passwords, each try inside the resolver', async () => {
    const { debtor } = await enrolledAccount();
    const ip = uniqueIp();
    const { login } = await passwordStep(debtor.userName, ip); // attempt 1
    const aliased = `mutation($t: String!) { ${Array.from(
      { length: 5 },
      (_, i) => `a${i}: completeTwoFactorLogin(twoFactorToken: $t, code: "00000${i}") { uid }`,
    ).join(' ')} }`;
    // Mutations run in turn and stop at the first failed one: each request makes one counted try.
    for (let request = 0; request < 9; request++) {
      const response = await client(t, ip)(aliased, { t: login.twoFactorToken });
      expect(errorOf(response).code).toBe('UNAUTHENTICATED');
    }
    const row = await queryOne<{ points: number }>(ds(), 'SELECT points FROM rate_limit WHERE key = $1', [
      rateLimitRowKey(RATE_LIMITS.loginAccount, debtor.userName),
    ]);
    expect(row?.points).toBe(10);
    expect(errorOf(await complete(login.twoFactorToken!, '123456', ip)).code).toBe('RATE_LIMITED');
    const password = await client(t, uniqueIp())(LOGIN, { u: debtor.userName, p: DEFAULT_PASSWORD });
    expect(errorOf(password).code).toBe('RATE_LIMITED');
    const failures = await auditEvents(debtor.id, 'sign_in_failed');
    expect(failures.filter((entry) => entry.details.reason === 'wrong code')).toHaveLength(9);
  });

  it('the REST login answers 403 "Two-factor code required" and sets no cookie', async () => {
    const { debtor } = await enrolledAccount();
    const response = await rest(t, 'POST', '/account/login', {
      body: { userName: debtor.userName, userPassword: DEFAULT_PASSWORD },
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Two-factor code required');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('a password reset never turns it off: the temporary password still needs the code', async () => {
    const { debtor, secret } = await enrolledAccount();
    const reset = await client(t)('mutation($e: String!) { requestPasswordReset(email: $e) }', {
      e: debtor.email,
    });
    expect(reset.errors).toBeUndefined();
    const temporary = temporaryPasswordIn(
      (await latestMail(ds(), debtor.email, 'temporary password')).text_body,
    );
    clock.advanceMinutes(1);
    const { login } = await passwordStep(debtor.userName, uniqueIp(), temporary);
    expect(login.twoFactorRequired).toBe(true);
    const done = await complete(login.twoFactorToken!, totpCodeAt(secret, clock.now()));
    expect(
      (done.data as { completeTwoFactorLogin: { accountStatus: number } }).completeTwoFactorLogin
        .accountStatus,
    ).toBe(3);
  });
});

describe('turning two-factor off', () => {
  it('needs the password and a code; then the password alone signs in, and the owner is told', async () => {
    const { debtor, accessToken, secret } = await enrolledAccount();
    clock.advanceMinutes(1);
    const gql = client(t);
    const wrongPassword = await gql(
      DISABLE,
      { p: 'Wrong-Passw0rd!', c: totpCodeAt(secret, clock.now()) },
      { token: accessToken },
    );
    expect(errorOf(wrongPassword)).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'The password is not correct.',
    });
    const wrongCode = await gql(DISABLE, { p: DEFAULT_PASSWORD, c: '000000' }, { token: accessToken });
    expect(errorOf(wrongCode).code).toBe('BAD_USER_INPUT');
    expect(
      ((await gql(ME, {}, { token: accessToken })).data as { me: { twoFactorEnabled: boolean } }).me
        .twoFactorEnabled,
    ).toBe(true);

    const off = await gql(
      DISABLE,
      { p: DEFAULT_PASSWORD, c: totpCodeAt(secret, clock.now()) },
      { token: accessToken },
    );
    expect((off.data as { disableTwoFactor: unknown }).disableTwoFactor).toEqual({
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect(
      await queryRows(ds(), 'SELECT 1 FROM recovery_code WHERE debtor_id = $1', [debtor.id]),
    ).toHaveLength(0);
    await latestMail(ds(), debtor.email, 'Two-factor sign-in was turned off');
    expect(await auditEvents(debtor.id, 'two_factor_disabled')).toHaveLength(1);
    const { login } = await passwordStep(debtor.userName);
    expect(login).toMatchObject({ twoFactorRequired: false, twoFactorToken: null, uid: debtor.id });
  });
});
