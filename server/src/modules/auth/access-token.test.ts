import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './access-token';

/**
 * Access tokens already verified are remembered until they expire (a browser sends the same one
 * for 15 minutes): remembering must never make a token valid that verifying would refuse.
 */

const config = { jwtSecret: 'access-token-test-secret-access-token-test-secret' };
const other = { jwtSecret: 'another-secret-another-secret-another-secret-0123' };

afterEach(() => jest.restoreAllMocks());

test('a valid token names its session, the second time as the first', () => {
  const token = signAccessToken(config, { id: 42, role: 'USER' });
  const session = { id: 42, role: 'USER', via: 'session', scope: 'READ_WRITE', accountChecked: false };
  expect(verifyAccessToken(config, token)).toEqual(session);
  expect(verifyAccessToken(config, token)).toEqual(session);
});

test('a token is verified once, then remembered', () => {
  const token = signAccessToken(config, { id: 43, role: 'USER' });
  const verify = jest.spyOn(jwt, 'verify');
  expect(verifyAccessToken(config, token)).not.toBeNull();
  expect(verifyAccessToken(config, token)).not.toBeNull();
  expect(verify).toHaveBeenCalledTimes(1);
});

test('a remembered token is refused from the very second it expires, as jsonwebtoken refuses it', () => {
  const token = signAccessToken(config, { id: 44, role: 'USER' });
  expect(verifyAccessToken(config, token)).not.toBeNull();
  const { exp } = jwt.decode(token) as { exp: number };
  jest.spyOn(Date, 'now').mockReturnValue(exp * 1000 - 1);
  expect(verifyAccessToken(config, token)).not.toBeNull();
  jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
  expect(verifyAccessToken(config, token)).toBeNull();
});

test('a remembered token is refused once it has expired', () => {
  const token = signAccessToken(config, { id: 7, role: 'USER' });
  expect(verifyAccessToken(config, token)).not.toBeNull();
  const later = Date.now() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
  jest.spyOn(Date, 'now').mockReturnValue(later);
  expect(verifyAccessToken(config, token)).toBeNull();
});

test('a token remembered under one secret is refused under another', () => {
  const token = signAccessToken(config, { id: 8, role: 'USER' });
  expect(verifyAccessToken(config, token)).not.toBeNull();
  expect(verifyAccessToken(other, token)).toBeNull();
});

test('a token altered after a good one was remembered is refused', () => {
  const token = signAccessToken(config, { id: 9, role: 'USER' });
  expect(verifyAccessToken(config, token)).not.toBeNull();
  const [header, , signature] = token.split('.');
  const payload = Buffer.from(
    JSON.stringify({ role: 'ADMIN', sub: '9', iss: 'truenet', aud: 'truenet-api', exp: 9_999_999_999 }),
  ).toString('base64url');
  expect(verifyAccessToken(config, `${header}.${payload}.${signature}`)).toBeNull();
});

test('a token signed with no algorithm is refused', () => {
  const unsigned = jwt.sign({ role: 'USER' }, '', {
    algorithm: 'none',
    subject: '10',
    issuer: 'truenet',
    audience: 'truenet-api',
    expiresIn: 900,
  });
  expect(verifyAccessToken(config, unsigned)).toBeNull();
  expect(verifyAccessToken(config, unsigned)).toBeNull();
});
