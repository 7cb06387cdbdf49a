import jwt from 'jsonwebtoken';
import { queryOne, queryRows } from '../../db/sql';
import { buildDebtor, DEFAULT_PASSWORD } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { RATE_LIMITS, rateLimitRowKey } from '../../rate-limit';
import {
  AUTH_FIELDS,
  client,
  interleavedMedians,
  LOGIN,
  LOGOUT,
  ME,
  movableClock,
  REFRESH,
  refreshCookieOf,
  setCookieHeader,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';
import { hashRefreshToken } from './sessions.service';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: TEST_ENV, clock });
});
afterAll(() => t.close());
afterEach(() => clock.reset());

const ds = () => t.deps.dataSource;
type Auth = { login: Record<string, unknown> & { accessToken: string; uid: number } };

async function auditEvents(debtorId: number | null, event: string) {
  return queryRows<{ event: string; ip: string; details: Record<string, unknown> }>(
    ds(),
    'SELECT event, ip, details FROM audit_log WHERE debtor_id IS NOT DISTINCT FROM $1 AND event = $2',
    [debtorId, event],
  );
}

describe('login', () => {
  it('signs in with a trimmed, case-insensitive username and returns the login fields and the refresh cookie', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config, { firstName: 'Grace', lastName: 'Hopper' });
    const ip = uniqueIp();
    const response = await client(t, ip)(LOGIN, {
      userName: `  ${debtor.userName.toUpperCase()} `,
      userPassword: DEFAULT_PASSWORD,
    });
    expect(response.errors).toBeUndefined();
    const payload = (response.data as Auth).login;
    expect(payload).toMatchObject({
      uid: debtor.id,
      role: 'USER',
      user: debtor.userName,
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: debtor.email,
      accountStatus: 1,
    });
    const claims = jwt.verify(payload.accessToken, t.deps.config.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'truenet',
      audience: 'truenet-api',
    }) as jwt.JwtPayload;
    expect(claims.sub).toBe(String(debtor.id));
    expect(claims.exp! - claims.iat!).toBe(15 * 60);

    const cookie = setCookieHeader(response)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i); // APP_URL is http in tests
    // Stored hashed only.
    const value = refreshCookieOf(response)!.split('=')[1]!;
    const stored = await queryRows<{ token_hash: string }>(
      ds(),
      'SELECT token_hash FROM refresh_token WHERE debtor_id = $1',
      [debtor.id],
    );
    expect(stored).toEqual([{ token_hash: hashRefreshToken(value) }]);
    expect(await auditEvents(debtor.id, 'sign_in')).toEqual([
      { event: 'sign_in', ip, details: { temporaryPassword: false } },
    ]);

    const me = await t.gql(ME, {}, { token: payload.accessToken });
    expect(me.data).toMatchObject({ me: { id: String(debtor.id), userName: debtor.userName } });
  });

  it('answers one generic message for a wrong password and for an unknown username, with similar timing', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const wrong = await gql(LOGIN, { userName: debtor.userName, userPassword: 'Wrong!Pass1' });
    const unknown = await gql(LOGIN, { userName: 'nobody_here_at_all', userPassword: 'Wrong!Pass1' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(response.data).toBeNull();
      expect(response.errors).toEqual([
        expect.objectContaining({
          message: 'Incorrect username or password',
          extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }),
        }),
      ]);
      expect(setCookieHeader(response)).toBeUndefined();
    }
    expect(await auditEvents(debtor.id, 'sign_in_failed')).toHaveLength(1);
    // Both spend one argon2 verification: an unknown user is not answered noticeably faster.
    const [wrongMs, unknownMs] = await interleavedMedians(
      () => gql(LOGIN, { userName: debtor.userName, userPassword: 'Wrong!Pass1' }),
      () => gql(LOGIN, { userName: 'nobody_here_at_all', userPassword: 'Wrong!Pass1' }),
      3,
    );
    expect(unknownMs).toBeGreaterThan(wrongMs / 3);
    expect(wrongMs).toBeGreaterThan(unknownMs / 3);
  });

  it('refuses a filled honeypot with Invalid form and counts nothing', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const response = await client(t)(LOGIN, {
      userName: debtor.userName,
      userPassword: DEFAULT_PASSWORD,
      honeypot: 'I am a bot',
    });
    expect(response.errors?.[0]).toMatchObject({
      message: 'Invalid form',
      extensions: { code: 'BAD_USER_INPUT', field: 'honeypot' },
    });
    expect(setCookieHeader(response)).toBeUndefined();
    const counted = await queryOne(ds(), 'SELECT 1 FROM rate_limit WHERE key = $1', [
      rateLimitRowKey(RATE_LIMITS.loginAccount, debtor.userName),
    ]);
    expect(counted).toBeUndefined();
    expect(await auditEvents(debtor.id, 'sign_in')).toEqual([]);
  });

  it('refuses a locked or closed account with its own 403-class message, only once the password is right', async () => {
    const locked = await buildDebtor(ds(), t.deps.config, { status: 2 });
    const closed = await buildDebtor(ds(), t.deps.config, { status: 4 });
    const gql = client(t);
    const lockedWrong = await gql(LOGIN, { userName: locked.debtor.userName, userPassword: 'Wrong!Pass1' });
    expect(lockedWrong.errors?.[0]?.message).toBe('Incorrect username or password');
    const lockedRight = await gql(LOGIN, {
      userName: locked.debtor.userName,
      userPassword: DEFAULT_PASSWORD,
    });
    expect(lockedRight.errors?.[0]).toMatchObject({
      message: 'This account is locked. Contact us through the Contact Us page.',
      extensions: { code: 'FORBIDDEN' },
    });
    const closedRight = await gql(LOGIN, {
      userName: closed.debtor.userName,
      userPassword: DEFAULT_PASSWORD,
    });
    expect(closedRight.errors?.[0]).toMatchObject({
      message: 'This account is closed. Contact us through the Contact Us page to reopen it.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(setCookieHeader(closedRight)).toBeUndefined();
  });

  const aliasedLogins = (count: number) =>
    `mutation($u: String!, $p: String!) { ${Array.from(
      { length: count },
      (_, i) => `a${i}: login(userName: $u, userPassword: $p) { uid }`,
    ).join('\n')} }`;

  it('counts 20 aliased login attempts one by one (4 requests of 5 aliases: the per-operation maximum)', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const ip = uniqueIp();
    const gql = client(t, ip);
    for (let request = 0; request < 4; request++) {
      const response = await gql(aliasedLogins(5), { u: debtor.userName, p: DEFAULT_PASSWORD });
      expect(response.errors).toBeUndefined();
      expect(Object.keys(response.data!)).toHaveLength(5);
    }
    const row = await queryOne<{ points: number }>(ds(), 'SELECT points FROM rate_limit WHERE key = $1', [
      rateLimitRowKey(RATE_LIMITS.loginIp, ip),
    ]);
    expect(row?.points).toBe(20);
    expect(await auditEvents(debtor.id, 'sign_in')).toHaveLength(20);
  });

  it('counts every wrong attempt for the account: after 10, RATE_LIMITED with when to retry, even with the right password', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const gql = client(t);
    const codes: unknown[] = [];
    let retryAfter: unknown;
    for (let request = 0; request < 12; request++) {
      // Mutations run one after another and stop at the first failed non-null field, so each of
      // these requests makes exactly one attempt, and that attempt is counted.
      const response = await gql(aliasedLogins(5), { u: debtor.userName, p: 'Wrong!Pass1' });
      expect(response.errors).toHaveLength(1);
      codes.push(response.errors![0]!.extensions?.code);
      retryAfter ??= response.errors![0]!.extensions?.retryAfterSeconds;
    }
    expect(codes).toEqual([...Array(10).fill('UNAUTHENTICATED'), 'RATE_LIMITED', 'RATE_LIMITED']);
    expect(retryAfter).toBeGreaterThan(0);
    const row = await queryOne<{ points: number }>(ds(), 'SELECT points FROM rate_limit WHERE key = $1', [
      rateLimitRowKey(RATE_LIMITS.loginAccount, debtor.userName),
    ]);
    expect(row?.points).toBe(12);
    expect(await auditEvents(debtor.id, 'sign_in_failed')).toHaveLength(10);
    const right = await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    expect(right.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('refuses an operation with more than 5 aliases before any attempt is counted', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const response = await client(t)(aliasedLogins(6), {
      u: debtor.userName,
      p: 'Wrong!Pass1',
    });
    expect(response.data).toBeUndefined();
    expect(response.errors?.[0]?.message).toMatch(/alias/i);
    const counted = await queryOne(ds(), 'SELECT 1 FROM rate_limit WHERE key = $1', [
      rateLimitRowKey(RATE_LIMITS.loginAccount, debtor.userName),
    ]);
    expect(counted).toBeUndefined();
  });

  it('limits sign-in attempts per IP, across accounts', async () => {
    const ip = uniqueIp();
    const gql = client(t, ip);
    // Use up the IP's allowance as other attempts would have.
    await ds().query('INSERT INTO rate_limit (key, points, expire) VALUES ($1, $2, $3)', [
      rateLimitRowKey(RATE_LIMITS.loginIp, ip),
      RATE_LIMITS.loginIp.points,
      Date.now() + 60_000,
    ]);
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const response = await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    expect(response.errors?.[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    expect(response.errors?.[0]?.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // Another IP is not affected.
    const elsewhere = await client(t)(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    expect(elsewhere.errors).toBeUndefined();
  });

  it('takes the client IP from the trusted proxy only: without TRUST_PROXY a forged X-Forwarded-For is ignored', async () => {
    const direct = await startTestApp();
    try {
      const { debtor } = await buildDebtor(direct.deps.dataSource, direct.deps.config);
      const forged = uniqueIp();
      await direct.gql(
        LOGIN,
        { userName: debtor.userName, userPassword: DEFAULT_PASSWORD },
        { headers: { 'x-forwarded-for': forged } },
      );
      const [event] = await auditEvents(debtor.id, 'sign_in');
      expect(event?.ip).not.toBe(forged);
      expect(event?.ip).toMatch(/127\.0\.0\.1/);
    } finally {
      await direct.close();
    }
  });

  it('signs in with an unexpired temporary password and sets status 3; an expired one is a wrong password', async () => {
    const { debtor } = await buildDebtor(ds(), t.deps.config);
    const { hashPassword } = await import('./passwords');
    await ds().query(
      'UPDATE debtor SET temp_password_hash = $2, temp_password_expires_at = $3 WHERE id = $1',
      [debtor.id, await hashPassword('Temp0rary!x'), new Date(Date.now() + 60 * 60_000)],
    );
    const gql = client(t);
    const response = await gql(LOGIN, { userName: debtor.userName, userPassword: 'Temp0rary!x' });
    expect((response.data as Auth).login.accountStatus).toBe(3);
    expect(await auditEvents(debtor.id, 'sign_in')).toEqual([
      expect.objectContaining({ details: { temporaryPassword: true } }),
    ]);
    clock.advanceMinutes(61);
    const late = await gql(LOGIN, { userName: debtor.userName, userPassword: 'Temp0rary!x' });
    expect(late.errors?.[0]?.message).toBe('Incorrect username or password');
  });
});

describe('refreshSession', () => {
  async function signIn(gql = client(t)) {
    const { debtor } = await buildDebtor(ds(), t.deps.config, { firstName: 'Alan', lastName: 'Turing' });
    const login = await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD });
    return { debtor, cookie: refreshCookieOf(login)!, gql };
  }

  it('rotates the refresh token on every use and returns the refresh fields (name, user)', async () => {
    const { debtor, cookie, gql } = await signIn();
    const first = await gql(REFRESH, {}, { cookie });
    expect(first.errors).toBeUndefined();
    expect((first.data as { refreshSession: unknown }).refreshSession).toMatchObject({
      uid: debtor.id,
      user: debtor.userName,
      name: 'Alan Turing',
      firstName: 'Alan',
      lastName: 'Turing',
      email: debtor.email,
      accountStatus: 1,
      role: 'USER',
      accessToken: expect.any(String),
    });
    const rotated = refreshCookieOf(first)!;
    expect(rotated).not.toBe(cookie);
    const second = await gql(REFRESH, {}, { cookie: rotated });
    expect(second.errors).toBeUndefined();
    const tokens = await queryRows<{ family_id: string; expires_at: Date; rotated_at: Date | null }>(
      ds(),
      'SELECT family_id, expires_at, rotated_at FROM refresh_token WHERE debtor_id = $1 ORDER BY created_at',
      [debtor.id],
    );
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens.map((row) => row.family_id)).size).toBe(1);
    // The 30-day absolute life is kept through rotations.
    expect(new Set(tokens.map((row) => new Date(row.expires_at).getTime())).size).toBe(1);
    expect(tokens.filter((row) => row.rotated_at === null)).toHaveLength(1);
  });

  it('revokes the whole family when a rotated token is reused, and records the event', async () => {
    const { debtor, cookie, gql } = await signIn();
    const rotated = refreshCookieOf(await gql(REFRESH, {}, { cookie }))!;
    clock.advanceMinutes(1); // well past the grace given to a second tab refreshing at once
    const replay = await gql(REFRESH, {}, { cookie }); // the old, already rotated token
    expect(replay.errors?.[0]).toMatchObject({
      message: 'Your session has ended. Sign in again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(setCookieHeader(replay)).toMatch(/Expires=Thu, 01 Jan 1970/);
    // The legitimate newest token is dead too.
    const victim = await gql(REFRESH, {}, { cookie: rotated });
    expect(victim.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const live = await queryOne<{ n: number }>(
      ds(),
      'SELECT count(*)::int AS n FROM refresh_token WHERE debtor_id = $1 AND revoked_at IS NULL',
      [debtor.id],
    );
    expect(live?.n).toBe(0);
    expect(await auditEvents(debtor.id, 'refresh_token_reuse')).toHaveLength(1);
  });

  it('lets a second tab refreshing at the same moment keep the session instead of revoking it', async () => {
    const { debtor, cookie, gql } = await signIn();
    const firstTab = refreshCookieOf(await gql(REFRESH, {}, { cookie }))!;
    const secondTab = await gql(REFRESH, {}, { cookie }); // same cookie, a moment later
    expect(secondTab.errors).toBeUndefined();
    const secondTabCookie = refreshCookieOf(secondTab)!;
    // Both tabs' new tokens keep working, and nothing was taken for theft.
    expect((await gql(REFRESH, {}, { cookie: firstTab })).errors).toBeUndefined();
    expect((await gql(REFRESH, {}, { cookie: secondTabCookie })).errors).toBeUndefined();
    expect(await auditEvents(debtor.id, 'refresh_token_reuse')).toHaveLength(0);
  });

  it('ends a session 30 days after sign-in whatever the rotations', async () => {
    const { cookie, gql } = await signIn();
    clock.advanceMinutes(29 * 24 * 60);
    const rotated = refreshCookieOf(await gql(REFRESH, {}, { cookie }))!;
    clock.advanceMinutes(24 * 60 + 1);
    const late = await gql(REFRESH, {}, { cookie: rotated });
    expect(late.errors?.[0]?.message).toBe('Your session has ended. Sign in again.');
  });

  it('answers UNAUTHENTICATED with no cookie or an unknown one', async () => {
    expect((await t.gql(REFRESH)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(REFRESH, {}, { cookie: 'truenet_refresh=forged' })).errors?.[0]?.message).toBe(
      'Your session has ended. Sign in again.',
    );
  });

  it('logout revokes the presented session and clears the cookie; it succeeds with no session too', async () => {
    const { cookie, gql } = await signIn();
    const out = await gql(LOGOUT, {}, { cookie });
    expect(out.data).toEqual({ logout: true });
    expect(setCookieHeader(out)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await gql(REFRESH, {}, { cookie })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.gql(LOGOUT)).data).toEqual({ logout: true });
  });
});

describe('changePassword', () => {
  const CHANGE = `mutation($old: String!, $new: String!, $h: String) {
    changePassword(oldPassword: $old, newPassword: $new, honeypot: $h) { ${AUTH_FIELDS} }
  }`;

  it('changes the password, sets status 1, revokes every other session and opens a fresh one', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config, { status: 3 });
    const gql = client(t);
    const otherBrowser = refreshCookieOf(
      await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD }),
    )!;
    const response = await gql(
      CHANGE,
      { old: DEFAULT_PASSWORD, new: 'N3w!Password' },
      { token: accessToken },
    );
    expect(response.errors).toBeUndefined();
    expect(
      (response.data as { changePassword: { accountStatus: number } }).changePassword.accountStatus,
    ).toBe(1);
    const fresh = refreshCookieOf(response)!;
    expect((await gql(REFRESH, {}, { cookie: otherBrowser })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await gql(REFRESH, {}, { cookie: fresh })).errors).toBeUndefined();
    expect(
      (await gql(LOGIN, { userName: debtor.userName, userPassword: DEFAULT_PASSWORD })).errors?.[0]?.message,
    ).toBe('Incorrect username or password');
    expect(
      (await gql(LOGIN, { userName: debtor.userName, userPassword: 'N3w!Password' })).errors,
    ).toBeUndefined();
    expect(await auditEvents(debtor.id, 'password_changed')).toHaveLength(1);
  });

  it('accepts the temporary password as the old one', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config, { status: 3 });
    const { hashPassword } = await import('./passwords');
    await ds().query(
      'UPDATE debtor SET temp_password_hash = $2, temp_password_expires_at = $3 WHERE id = $1',
      [debtor.id, await hashPassword('Temp0rary!x'), new Date(Date.now() + 60 * 60_000)],
    );
    const response = await client(t)(
      CHANGE,
      { old: 'Temp0rary!x', new: 'N3w!Password' },
      { token: accessToken },
    );
    expect(response.errors).toBeUndefined();
    const row = await queryOne<{ temp_password_hash: string | null; status: number }>(
      ds(),
      'SELECT temp_password_hash, status FROM debtor WHERE id = $1',
      [debtor.id],
    );
    expect(row).toEqual({ temp_password_hash: null, status: 1 });
  });

  it('refuses a wrong old password, an unchanged one, a weak one and a filled honeypot, changing nothing', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const before = await queryOne<{ password_hash: string }>(
      ds(),
      'SELECT password_hash FROM debtor WHERE id = $1',
      [debtor.id],
    );
    const gql = client(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ old: 'Wrong!Pass1', new: 'N3w!Password' }, 'oldPassword', 'The password is not correct.'],
      [
        { old: DEFAULT_PASSWORD, new: DEFAULT_PASSWORD },
        'newPassword',
        'The new password must be different from the old one',
      ],
      [
        { old: DEFAULT_PASSWORD, new: 'weak' },
        'newPassword',
        '8 to 24 characters. Must include upper and lower case letters, a number and a special character: @$!%*(&',
      ],
      [{ old: DEFAULT_PASSWORD, new: 'N3w!Password', h: 'x' }, 'honeypot', 'Invalid form'],
    ];
    for (const [variables, field, message] of cases) {
      const response = await gql(CHANGE, variables, { token: accessToken });
      expect(response.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    }
    const after = await queryOne<{ password_hash: string }>(
      ds(),
      'SELECT password_hash FROM debtor WHERE id = $1',
      [debtor.id],
    );
    expect(after).toEqual(before);
  });

  it('needs a signed-in session', async () => {
    const response = await t.gql(CHANGE, { old: DEFAULT_PASSWORD, new: 'N3w!Password' });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
