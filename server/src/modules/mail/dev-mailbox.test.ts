import { startTestApp, type TestApp } from '../../test/harness';
import {
  capturedLog,
  codeIn,
  latestMail,
  REGISTER,
  registrationInput,
  TEST_ENV,
  uniqueIp,
} from '../../test/accounts';

/**
 * A local run without SMTP_URL (docs/product-rules.md §12): the log line of each outbox mail carries its code
 * and links, GET /dev/mailbox shows the outbox newest first, and /config.js tells the client where
 * it is. Production serves none of it and logs only the subject.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  SECRETS_KEY: '5ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2e75ec2',
  // Documents sent as text, as a script would (trusted-documents.test.ts covers the browser's hashes).
  TRUSTED_DOCUMENTS: 'off',
  JWT_SECRET: 'production-secret-production-secret-0123',
  BILLING: 'offline',
};

async function register(t: TestApp, overrides: Record<string, unknown> = {}) {
  const input = registrationInput(overrides);
  const response = await t.gql(REGISTER, { input }, { headers: { 'x-forwarded-for': uniqueIp() } });
  expect(response.errors).toBeUndefined();
  return input;
}

describe('outside production, with the outbox', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { ...TEST_ENV, NODE_ENV: 'development', LOG_LEVEL: 'info' },
      logDestination: log.stream,
    });
  });
  afterAll(() => t.close());

  it('logs each outbox mail with its code and the mailbox address', async () => {
    const input = await register(t);
    const code = codeIn(
      (await latestMail(t.deps.dataSource, input.email as string, 'verification code')).text_body,
    );
    const line = log.lines.find((l) => l.includes(input.email as string) && l.includes('outbox'));
    expect(line).toBeDefined();
    expect(line).toContain(`code: ${code}`);
    expect(line).toContain(`${t.deps.config.appUrl}/dev/mailbox`);
  });

  it('GET /dev/mailbox shows the outbox newest first, escaped, with the codes', async () => {
    const first = await register(t);
    const second = await register(t);
    const secondCode = codeIn(
      (await latestMail(t.deps.dataSource, second.email as string, 'verification code')).text_body,
    );
    await t.gql(`mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`, {
      input: { senderName: 'Pat', senderEmail: 'pat@example.com', message: '<script>alert(1)</script> & hi' },
    });
    const response = await fetch(`${t.url}/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; hi');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(`<strong class="code">${secondCode}</strong>`);
    const contact = html.indexOf('Contact form: message from Pat');
    const newer = html.indexOf(second.email as string);
    const older = html.indexOf(first.email as string);
    expect(contact).toBeGreaterThan(-1);
    expect(contact).toBeLessThan(newer);
    expect(newer).toBeLessThan(older);
  });

  it('/config.js tells the client where the mailbox is', async () => {
    const text = await (await fetch(`${t.url}/config.js`)).text();
    expect(text).toContain('"devMailboxUrl":"/dev/mailbox"');
  });
});

describe('in production', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { ...TEST_ENV, ...PRODUCTION, LOG_LEVEL: 'info' },
      logDestination: log.stream,
    });
  });
  afterAll(() => t.close());

  it('serves no mailbox, tells the client of none, and logs no code', async () => {
    const input = await register(t);
    const code = codeIn(
      (await latestMail(t.deps.dataSource, input.email as string, 'verification code')).text_body,
    );
    expect((await fetch(`${t.url}/dev/mailbox`)).status).toBe(404);
    expect(await (await fetch(`${t.url}/config.js`)).text()).not.toContain('devMailboxUrl');
    expect(log.text()).toContain('mail kept in the outbox');
    expect(log.text()).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });
});
