import { queryOne, queryRows } from '../../db/sql';
import type { GraphQLResponse } from '../../test/harness';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  AUTH_FIELDS,
  capturedLog,
  client,
  codeIn,
  latestMail,
  LOGIN,
  REFRESH,
  refreshCookieOf,
  REGISTER,
  registrationInput,
  temporaryPasswordIn,
  TEST_ENV,
} from '../../test/accounts';

/**
 * In production (outside it, the local outbox prints codes on purpose: docs/product-rules.md §12),
 * runs every account flow, right and wrong, with debug logging captured, then looks for each
 * secret that went by (passwords, temporary password, codes, refresh tokens, access tokens, and the
 * hashes stored for them) in every log line and every error answered.
 */
const log = capturedLog();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      ...TEST_ENV,
      NODE_ENV: 'production',
      SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
      // Documents sent as text, as a script would (trusted-documents.test.ts covers the browser's hashes).
      TRUSTED_DOCUMENTS: 'off',
      JWT_SECRET: 'production-secret-production-secret-0123',
      BILLING: 'offline',
      LOG_LEVEL: 'debug',
    },
    logDestination: log.stream,
  });
});
afterAll(() => t.close());

it('no password, hash, code or token ever appears in a log line or an error', async () => {
  const ds = t.deps.dataSource;
  const secrets = new Set<string>();
  const answers: GraphQLResponse[] = [];
  const gql = client(t);
  const send = async (
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; cookie?: string },
  ) => {
    const response = await gql(query, variables, options);
    answers.push(response);
    return response;
  };

  const input = registrationInput();
  secrets.add(input.userPassword as string);
  await send(REGISTER, { input });
  await send(REGISTER, { input: { ...input, userPassword: 'Short1!' } }); // refused: weak password
  secrets.add('Short1!');

  const wrongPassword = 'Wr0ng!Secret';
  secrets.add(wrongPassword);
  await send(LOGIN, { userName: input.userName, userPassword: wrongPassword });
  await send(LOGIN, { userName: 'nobody-at-all', userPassword: wrongPassword });
  const login = await send(LOGIN, { userName: input.userName, userPassword: input.userPassword });
  const token = (login.data as { login: { accessToken: string } }).login.accessToken;
  secrets.add(token);
  const cookie = refreshCookieOf(login)!;
  secrets.add(cookie.split('=')[1]!);

  const code = codeIn((await latestMail(ds, input.email as string, 'verification code')).text_body);
  const wrongCode = code === '000000' ? '999999' : '000000';
  await send(`mutation($c: String!) { verifyEmail(code: $c) { id } }`, { c: wrongCode }, { token });
  await send(`mutation { resendVerificationCode }`, {}, { token });
  const newCode = codeIn((await latestMail(ds, input.email as string, 'verification code')).text_body);
  secrets.add(code);
  secrets.add(newCode);
  await send(`mutation($c: String!) { verifyEmail(code: $c) { id } }`, { c: newCode }, { token });

  const refreshed = await send(REFRESH, {}, { cookie });
  const rotated = refreshCookieOf(refreshed)!;
  secrets.add(rotated.split('=')[1]!);
  secrets.add((refreshed.data as { refreshSession: { accessToken: string } }).refreshSession.accessToken);
  await send(REFRESH, {}, { cookie }); // reuse: family revoked

  await send(`mutation($e: String!) { requestPasswordReset(email: $e) }`, { e: input.email });
  const temporary = temporaryPasswordIn(
    (await latestMail(ds, input.email as string, 'temporary password')).text_body,
  );
  secrets.add(temporary);
  const withTemporary = await send(LOGIN, { userName: input.userName, userPassword: temporary });
  const token2 = (withTemporary.data as { login: { accessToken: string } }).login.accessToken;
  secrets.add(token2);

  const newPassword = 'Br4nd!New';
  secrets.add(newPassword);
  await send(
    `mutation($o: String!, $n: String!) { changePassword(oldPassword: $o, newPassword: $n) { ${AUTH_FIELDS} } }`,
    { o: wrongPassword, n: newPassword },
    { token: token2 },
  );
  await send(
    `mutation($o: String!, $n: String!) { changePassword(oldPassword: $o, newPassword: $n) { ${AUTH_FIELDS} } }`,
    { o: temporary, n: newPassword },
    { token: token2 },
  );
  await send(`mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`, {
    input: { senderName: 'Pat', senderEmail: input.email, message: 'Hi' },
  });

  const stored = await queryOne<{ id: number; password_hash: string; temp_password_hash: string | null }>(
    ds,
    'SELECT id, password_hash, temp_password_hash FROM debtor WHERE lower(username) = lower($1)',
    [input.userName],
  );
  secrets.add(stored!.password_hash);
  for (const row of await queryRows<{ token_hash: string }>(
    ds,
    'SELECT token_hash FROM refresh_token WHERE debtor_id = $1',
    [stored!.id],
  )) {
    secrets.add(row.token_hash);
  }
  await send(
    `mutation($p: String!) { deleteAccount(password: $p) }`,
    { p: wrongPassword },
    { token: token2 },
  );
  await send(`mutation($p: String!) { deleteAccount(password: $p) }`, { p: newPassword }, { token: token2 });

  // The flows did run and were logged at debug level.
  expect(log.lines.length).toBeGreaterThan(20);
  expect(log.text()).toContain('account registered');
  expect(answers.some((a) => a.errors)).toBe(true);

  const errors = JSON.stringify(answers.map((a) => a.errors ?? []));
  const logged = log.text();
  // Codes are 6 digits: look for them as whole numbers, not inside timestamps.
  const found = (text: string, secret: string) =>
    /^\d+$/.test(secret) ? new RegExp(`(?<!\\d)${secret}(?!\\d)`).test(text) : text.includes(secret);
  for (const secret of secrets) {
    expect({ secret, inLog: found(logged, secret), inErrors: found(errors, secret) }).toEqual({
      secret,
      inLog: false,
      inErrors: false,
    });
  }
  expect(logged).not.toMatch(/\$argon2id\$/);
  // The request logs carried the cookie and bearer headers, redacted.
  expect(logged).toContain('[redacted]');
});
