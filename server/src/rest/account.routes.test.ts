import jwt from 'jsonwebtoken';
import { queryOne } from '../db/sql';
import { codeIn, latestMail, mailCount, temporaryPasswordIn } from '../test/accounts';
import { RESET_REQUEST_ANSWER } from '../modules/accounts/password-reset.service';
import { buildDebtor } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';
import {
  APP_ORIGIN,
  expectContract,
  refreshCookieOf,
  rest,
  REST_TEST_ENV,
  uniqueIp,
  type RestResponse,
} from '../test/rest';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: REST_TEST_ENV });
});
afterAll(() => t.close());

let counter = 0;
function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const userName = `Rest${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${userName.toLowerCase()}@example.com`,
    userName,
    userPassword: 'Str0ng!Pass',
    priceId: t.deps.config.billing.priceYearly,
    ...overrides,
  };
}

/** Registers and signs in through REST; the account is unverified (999) with its code mailed. */
async function registeredAndSignedIn() {
  const ip = uniqueIp();
  const input = registration();
  const registered = await rest(t, 'POST', '/account/register', { body: input, ip });
  expectContract(registered, 'POST', '/account/register', 201);
  const login = await rest(t, 'POST', '/account/login', {
    body: { userName: input.userName, userPassword: input.userPassword },
    ip,
  });
  expectContract(login, 'POST', '/account/login');
  const mail = await latestMail(t.deps.dataSource, input.email, 'verification code');
  return {
    input,
    ip,
    uid: login.body.uid as number,
    token: login.body.accessToken as string,
    cookie: refreshCookieOf(login)!,
    code: codeIn(mail.text_body),
    sessionId: registered.body.sessionId as string,
  };
}

function expectErrorBody(response: RestResponse, status: number, message?: string) {
  expect(response.status).toBe(status);
  expect(typeof response.body.message).toBe('string');
  if (message) expect(response.body.message).toBe(message);
}

describe('POST /account/register', () => {
  it('creates the account and answers the checkout url and sessionId (status 201)', async () => {
    const response = await rest(t, 'POST', '/account/register', { body: registration() });
    expectContract(response, 'POST', '/account/register', 201);
    expect(response.body.url).toMatch(/^https?:\/\//);
    expect(response.body.sessionId).toEqual(expect.any(String));
    const account = await queryOne<{ status: number }>(
      t.deps.dataSource,
      'SELECT status FROM debtor WHERE id = $1',
      [response.body.uid],
    );
    expect(account?.status).toBe(999);
  });

  it('accepts the plan code instead of a price id, and stores the chosen plan', async () => {
    const response = await rest(t, 'POST', '/account/register', {
      body: registration({ priceId: undefined, plan: 'QUARTERLY' }),
    });
    expectContract(response, 'POST', '/account/register', 201);
    const subscription = await queryOne<{ plan: string }>(
      t.deps.dataSource,
      'SELECT plan FROM subscription WHERE debtor_id = $1',
      [response.body.uid],
    );
    expect(subscription?.plan).toBe('QUARTERLY');
  });

  it('answers failures in the 400-419 range with a message the sign-up screen shows', async () => {
    const taken = registration();
    await rest(t, 'POST', '/account/register', { body: taken });
    const again = await rest(t, 'POST', '/account/register', {
      body: registration({ userName: taken.userName }),
    });
    expectErrorBody(again, 400, 'That username is already taken. Choose another one.');
    expect(again.body.field).toBe('userName');

    const badPassword = await rest(t, 'POST', '/account/register', {
      body: registration({ userPassword: 'short' }),
    });
    expectErrorBody(badPassword, 400);
    expect(badPassword.body.field).toBe('userPassword');

    const unknownPrice = await rest(t, 'POST', '/account/register', {
      body: registration({ priceId: 'price_nobody_sells' }),
    });
    expectErrorBody(unknownPrice, 400);
    expect(unknownPrice.body.field).toBe('priceId');
  });
});

describe('POST /account/login', () => {
  it('answers the login fields of the specification and sets the HttpOnly refresh cookie', async () => {
    const { debtor, password } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const response = await rest(t, 'POST', '/account/login', {
      body: { userName: debtor.userName, userPassword: password },
    });
    expectContract(response, 'POST', '/account/login');
    expect(response.body).toMatchObject({
      uid: debtor.id,
      role: 'USER',
      firstName: debtor.firstName,
      lastName: debtor.lastName,
      email: debtor.email,
      accountStatus: 1,
    });
    const cookie = response.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // The access token works on the data paths.
    const wallets = await rest(t, 'GET', '/account/debtor-wallets', { token: response.body.accessToken });
    expect(wallets.status).toBe(200);
  });

  it("answers bad credentials in the 400-419 range with 'Incorrect username or password'", async () => {
    const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
    for (const body of [
      { userName: debtor.userName, userPassword: 'Wrong!Pass1' },
      { userName: 'nobody-here', userPassword: 'Wrong!Pass1' },
    ]) {
      const response = await rest(t, 'POST', '/account/login', { body });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(420);
      expect(response.body.message).toBe('Incorrect username or password');
      expect(refreshCookieOf(response)).toBeUndefined();
    }
    const empty = await rest(t, 'POST', '/account/login', { body: { userName: '', userPassword: '' } });
    expectErrorBody(empty, 400);
  });

  it('answers 429 with Retry-After once the attempts for one account are used up', async () => {
    const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
    let last: RestResponse | undefined;
    for (let attempt = 0; attempt < 11; attempt += 1) {
      last = await rest(t, 'POST', '/account/login', {
        body: { userName: debtor.userName, userPassword: 'Wrong!Pass1' },
      });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.code).toBe('RATE_LIMITED');
  });
});

describe('GET /account/refresh-token and GET /account/logout', () => {
  it('rotates the cookie and answers the refresh fields of the specification', async () => {
    const session = await registeredAndSignedIn();
    const response = await rest(t, 'GET', '/account/refresh-token', {
      cookie: session.cookie,
      headers: { origin: APP_ORIGIN },
    });
    expectContract(response, 'GET', '/account/refresh-token');
    expect(response.body).toMatchObject({
      uid: session.uid,
      user: session.input.userName,
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: session.input.email,
      accountStatus: 999,
    });
    const next = refreshCookieOf(response);
    expect(next).toBeDefined();
    expect(next).not.toBe(session.cookie);
  });

  it('answers 401 without the cookie, and 403 from another origin (the cookie stays usable)', async () => {
    const session = await registeredAndSignedIn();
    const none = await rest(t, 'GET', '/account/refresh-token');
    expectErrorBody(none, 401);

    const foreign = await rest(t, 'GET', '/account/refresh-token', {
      cookie: session.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expectErrorBody(foreign, 403);
    const foreignLogout = await rest(t, 'GET', '/account/logout', {
      cookie: session.cookie,
      headers: { origin: 'https://evil.example' },
    });
    expectErrorBody(foreignLogout, 403);

    const own = await rest(t, 'GET', '/account/refresh-token', { cookie: session.cookie });
    expect(own.status).toBe(200);
  });

  it('logout ends the session: the cookie is cleared and no longer refreshes', async () => {
    const session = await registeredAndSignedIn();
    const response = await rest(t, 'GET', '/account/logout', {
      cookie: session.cookie,
      headers: { origin: APP_ORIGIN },
    });
    expectContract(response, 'GET', '/account/logout');
    expect(response.headers.getSetCookie().join('\n')).toMatch(/Expires=Thu, 01 Jan 1970/);
    const refresh = await rest(t, 'GET', '/account/refresh-token', { cookie: session.cookie });
    expectErrorBody(refresh, 401);
  });
});

describe('GET /account/set-refresh-token/{id}', () => {
  it('re-issues the refresh cookie for the signed-in user, ending the session it replaces', async () => {
    const session = await registeredAndSignedIn();
    const response = await rest(t, 'GET', `/account/set-refresh-token/${session.uid}`, {
      token: session.token,
      cookie: session.cookie,
    });
    expectContract(response, 'GET', '/account/set-refresh-token/:id');
    const issued = refreshCookieOf(response);
    expect(issued).toBeDefined();
    expect((await rest(t, 'GET', '/account/refresh-token', { cookie: issued })).status).toBe(200);
    expect((await rest(t, 'GET', '/account/refresh-token', { cookie: session.cookie })).status).toBe(401);
  });

  it("answers 403 for another user's id and 401 without a bearer token", async () => {
    const session = await registeredAndSignedIn();
    const other = await rest(t, 'GET', `/account/set-refresh-token/${session.uid + 1}`, {
      token: session.token,
    });
    expectErrorBody(other, 403);
    expect(refreshCookieOf(other)).toBeUndefined();
    expectErrorBody(await rest(t, 'GET', `/account/set-refresh-token/${session.uid}`), 401);
  });
});

describe('PUT /account/verify-email and PUT /account/resend-code', () => {
  it('resend-code takes the uid as the bare body and mails a new code', async () => {
    const session = await registeredAndSignedIn();
    const before = await mailCount(t.deps.dataSource, session.input.email);
    const response = await rest(t, 'PUT', '/account/resend-code', {
      token: session.token,
      rawBody: String(session.uid),
    });
    expectContract(response, 'PUT', '/account/resend-code');
    expect(response.body.message).toBe('Verification code resent.');
    expect(await mailCount(t.deps.dataSource, session.input.email)).toBe(before + 1);

    const foreign = await rest(t, 'PUT', '/account/resend-code', {
      token: session.token,
      rawBody: String(session.uid + 1),
    });
    expectErrorBody(foreign, 403);
    expect(await mailCount(t.deps.dataSource, session.input.email)).toBe(before + 1);
  });

  it('verify-email reads the code from `status` and sets the account status to 1', async () => {
    const session = await registeredAndSignedIn();
    const wrong = await rest(t, 'PUT', '/account/verify-email', {
      token: session.token,
      body: { id: session.uid, status: session.code === '000000' ? '111111' : '000000' },
    });
    expectErrorBody(wrong, 400, 'That code is not correct. Check the e-mail and try again.');

    const response = await rest(t, 'PUT', '/account/verify-email', {
      token: session.token,
      body: { id: session.uid, status: session.code },
    });
    expectContract(response, 'PUT', '/account/verify-email');
    expect(response.body).toMatchObject({ message: 'Email verified', accountStatus: 1, status: 1 });
  });
});

describe('PUT /account/change-password, update-account and reset-password', () => {
  it('change-password takes id, oldPW and newPW; the new password signs in', async () => {
    const session = await registeredAndSignedIn();
    const wrongOld = await rest(t, 'PUT', '/account/change-password', {
      token: session.token,
      body: { id: session.uid, oldPW: 'Not!ThePass1', newPW: 'N3w!Passw0rd' },
    });
    expectErrorBody(wrongOld, 400, 'The password is not correct.');

    const response = await rest(t, 'PUT', '/account/change-password', {
      token: session.token,
      body: { id: session.uid, oldPW: session.input.userPassword, newPW: 'N3w!Passw0rd' },
    });
    expectContract(response, 'PUT', '/account/change-password');
    expect(response.body.message).toBe('Password successfully changed');
    const login = await rest(t, 'POST', '/account/login', {
      body: { userName: session.input.userName, userPassword: 'N3w!Passw0rd' },
    });
    expect(login.status).toBe(200);
    const foreign = await rest(t, 'PUT', '/account/change-password', {
      token: session.token,
      body: { id: session.uid + 1, oldPW: 'N3w!Passw0rd', newPW: 'Other!Pass9' },
    });
    expectErrorBody(foreign, 403);
  });

  it('update-account takes firstName, lastName, email and id and answers the account', async () => {
    const session = await registeredAndSignedIn();
    const response = await rest(t, 'PUT', '/account/update-account', {
      token: session.token,
      body: { firstName: 'Grace', lastName: 'Hopper', email: session.input.email, id: session.uid },
    });
    expectContract(response, 'PUT', '/account/update-account');
    expect(response.body).toMatchObject({ fname: 'Grace', lname: 'Hopper', firstName: 'Grace' });
    const invalid = await rest(t, 'PUT', '/account/update-account', {
      token: session.token,
      body: { firstName: 'Grace', lastName: 'Hopper', email: 'not-an-email', id: session.uid },
    });
    expectErrorBody(invalid, 400);
    expect(invalid.body.field).toBe('email');
  });

  it('reset-password always answers the same 200 text, and mails a temporary password when one matches', async () => {
    const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
    const known = await rest(t, 'PUT', '/account/reset-password', { body: { email: debtor.email } });
    const unknown = await rest(t, 'PUT', '/account/reset-password', {
      body: { email: 'nobody-at-all@example.com' },
    });
    for (const response of [known, unknown]) {
      expectContract(response, 'PUT', '/account/reset-password');
      expect(response.body).toBe(RESET_REQUEST_ANSWER);
    }
    const mail = await latestMail(t.deps.dataSource, debtor.email, 'temporary password');
    expect(temporaryPasswordIn(mail.text_body)).toEqual(expect.any(String));
    expectErrorBody(
      await rest(t, 'PUT', '/account/reset-password', { body: { email: 'nope' } }),
      400,
      'Invalid email',
    );
  });
});

describe('POST /message/send-message', () => {
  it('stores the contact message and answers 200', async () => {
    const body = { senderName: 'Ada Lovelace', senderEmail: 'ada@example.com', message: 'Hello from REST' };
    const response = await rest(t, 'POST', '/message/send-message', { body });
    expectContract(response, 'POST', '/message/send-message');
    const stored = await queryOne<{ sender_name: string }>(
      t.deps.dataSource,
      "SELECT sender_name FROM contact_message WHERE message = 'Hello from REST'",
    );
    expect(stored?.sender_name).toBe('Ada Lovelace');
    const invalid = await rest(t, 'POST', '/message/send-message', { body: { ...body, message: '' } });
    expectErrorBody(invalid, 400, 'Enter a message');
    expect(invalid.body.field).toBe('message');
  });
});

describe('billing paths mounted by the billing module', () => {
  it('checkout helper, portal and cancel answer their documented shapes', async () => {
    const session = await registeredAndSignedIn();
    const checkout = await rest(t, 'POST', '/account/create-checkout-session', {
      token: session.token,
      body: { priceId: t.deps.config.billing.priceYearly },
    });
    expectContract(checkout, 'POST', '/account/create-checkout-session');

    // Pay on the offline stand-in: the subscription becomes a provider one.
    const paid = await fetch(`${t.url}/billing/offline/checkout/${checkout.body.sessionId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const portal = await rest(t, 'POST', '/api/webhooks/create-portal-session', {
      token: session.token,
      body: { returnUrl: `${APP_ORIGIN}/#/manageaccount/updated`, cancelUrl: APP_ORIGIN },
    });
    expectContract(portal, 'POST', '/api/webhooks/create-portal-session');

    const cancel = await rest(t, 'POST', '/api/webhooks/cancel-subscription', {
      token: session.token,
      body: { id: session.uid, userName: session.input.userName, email: session.input.email },
    });
    expectContract(cancel, 'POST', '/api/webhooks/cancel-subscription');
    expect(cancel.status).toBeLessThan(250);
  });
});

describe('status rules and CORS', () => {
  it('answers 401 without a token and with an expired one', async () => {
    const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
    expectErrorBody(await rest(t, 'GET', '/account/debtor-wallets'), 401);
    const expired = jwt.sign({ role: 'USER' }, t.deps.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: -60,
      issuer: 'truenet',
      audience: 'truenet-api',
      subject: String(debtor.id),
    });
    const response = await rest(t, 'GET', '/account/debtor-wallets', { token: expired });
    expectErrorBody(response, 401);
    expect(response.body.code).toBe('UNAUTHENTICATED');
  });

  it('admits the APP_URL origin with credentials, and no other', async () => {
    const preflight = await fetch(`${t.url}/account/login`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/PUT/);

    const other = await fetch(`${t.url}/account/debtor-wallets`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
  });

  it('answers a body that is not JSON with 400', async () => {
    const response = await rest(t, 'POST', '/account/login', { rawBody: '{"userName": ' });
    expect(response.status).toBe(400);
  });
});
