import jwt from 'jsonwebtoken';
import { buildDebtor } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Access tokens: only an HS256 token signed with our secret, for our issuer and audience, and not
 * expired, is a credential. Everything else is refused (UNAUTHENTICATED) exactly like no token.
 *
 * Covered elsewhere, not repeated here: a reused rotated refresh token revokes its whole family and
 * is audited (modules/auth/auth.test.ts 'revokes the whole family when a rotated token is reused'),
 * a password change revokes every other session (auth.test.ts 'changes the password, sets status 1,
 * revokes every other session'), the 30-day absolute lifetime (auth.test.ts).
 */

const ME = '{ me { id } }';
let t: TestApp;
let debtorId: number;
let goodToken: string;
const secret = () => t.deps.config.jwtSecret;

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

const validClaims = () => ({
  sub: String(debtorId),
  role: 'USER',
  iss: 'truenet',
  aud: 'truenet-api',
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 600,
});

beforeAll(async () => {
  t = await startTestApp();
  const built = await buildDebtor(t.deps.dataSource, t.deps.config);
  debtorId = built.debtor.id;
  goodToken = built.accessToken;
});
afterAll(() => t.close());

describe('access tokens', () => {
  it('a genuine token is accepted (the control case)', async () => {
    expect((await t.gql(ME, {}, { token: goodToken })).data).toEqual({ me: { id: String(debtorId) } });
  });

  const forged: [string, () => string][] = [
    [
      'alg none, no signature',
      () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.`,
    ],
    [
      'alg none, with the genuine signature',
      () => {
        const [, , signature] = goodToken.split('.');
        return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(validClaims())}.${signature}`;
      },
    ],
    [
      'a wrong signature (another secret)',
      () => jwt.sign(validClaims(), 'another-secret-another-secret-0123456789'),
    ],
    [
      'a tampered subject under the genuine signature',
      () => {
        const [header, , signature] = goodToken.split('.');
        return `${header}.${base64url({ ...validClaims(), sub: String(debtorId + 1) })}.${signature}`;
      },
    ],
    [
      'HS512 with the right secret (only HS256 is accepted)',
      () => jwt.sign(validClaims(), secret(), { algorithm: 'HS512' }),
    ],
    ['a wrong audience', () => jwt.sign({ ...validClaims(), aud: 'someone-else' }, secret())],
    ['a wrong issuer', () => jwt.sign({ ...validClaims(), iss: 'evil' }, secret())],
    [
      'an expired token',
      () =>
        jwt.sign(
          {
            ...validClaims(),
            iat: Math.floor(Date.now() / 1000) - 3600,
            exp: Math.floor(Date.now() / 1000) - 60,
          },
          secret(),
        ),
    ],
    [
      'a token not yet valid',
      () => jwt.sign({ ...validClaims(), nbf: Math.floor(Date.now() / 1000) + 3600 }, secret()),
    ],
    ['a subject that is not an account id', () => jwt.sign({ ...validClaims(), sub: 'admin' }, secret())],
    ['garbage', () => 'not.a.jwt'],
    ['an empty API token', () => 'tn_'],
  ];

  it.each(forged)('refuses %s with UNAUTHENTICATED', async (_label, make) => {
    const response = await t.gql(ME, {}, { token: make() });
    expect(response.data).toBeFalsy();
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // A forged credential changes nothing on a mutation either.
    const mutation = await t.gql(
      'mutation($input: WalletInput!) { addWallet(input: $input) { id } }',
      { input: { walletName: 'Forged', balance: 1 } },
      { token: make() },
    );
    expect(mutation.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a malformed Authorization header', async () => {
    const response = await t.gql(ME, {}, { headers: { authorization: `Basic ${goodToken}` } });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a genuine token of an account that was deleted', async () => {
    const gone = await buildDebtor(t.deps.dataSource, t.deps.config);
    await t.deps.dataSource.query('DELETE FROM debtor WHERE id = $1', [gone.debtor.id]);
    const response = await t.gql(ME, {}, { token: gone.accessToken });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Neither reads (which would answer empty lists) nor writes outside the finance data (which
    // would insert rows pointing at no account) get through.
    for (const document of ['{ wallets { id } }', 'mutation { createApiToken(name: "orphan") { secret } }']) {
      const answer = await t.gql(document, {}, { token: gone.accessToken });
      expect({ document, code: answer.errors?.[0]?.extensions?.code }).toEqual({
        document,
        code: 'UNAUTHENTICATED',
      });
    }
  });
});
