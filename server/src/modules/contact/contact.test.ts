import { queryOne, queryRows } from '../../db/sql';
import { buildDebtor } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { client, latestMail, TEST_ENV, uniqueIp, uniqueName } from '../../test/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...TEST_ENV, SUPPORT_EMAIL: 'help@truenet.test' } });
});
afterAll(() => t.close());
const ds = () => t.deps.dataSource;

const SEND = `mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`;

function message(overrides: Record<string, unknown> = {}) {
  return {
    senderName: 'Zoë O’Brien-Smith',
    senderEmail: `${uniqueName('sender')}@example.com`,
    message: 'When will my <b>payment</b> show?\nThanks',
    ...overrides,
  };
}

describe('sendContactMessage', () => {
  it('stores the message and mails it to support, escaped in HTML', async () => {
    const input = message();
    const ip = uniqueIp();
    const response = await client(t, ip)(SEND, { input });
    expect(response.data).toEqual({ sendContactMessage: true });
    const stored = await queryOne(
      ds(),
      'SELECT debtor_id, sender_name, message, ip FROM contact_message WHERE sender_email = $1',
      [input.senderEmail],
    );
    expect(stored).toEqual({ debtor_id: null, sender_name: input.senderName, message: input.message, ip });
    const mail = await latestMail(ds(), 'help@truenet.test', input.senderName);
    expect(mail.text_body).toContain(input.senderEmail);
    expect(mail.text_body).toContain(input.message);
    expect(mail.html_body).toContain('&lt;b&gt;payment&lt;/b&gt;');
    expect(mail.html_body).not.toContain('<b>payment');
  });

  it('links the message to a signed-in sender', async () => {
    const { debtor, accessToken } = await buildDebtor(ds(), t.deps.config);
    const input = message({ senderEmail: debtor.email });
    await client(t)(SEND, { input }, { token: accessToken });
    const stored = await queryRows(ds(), 'SELECT debtor_id FROM contact_message WHERE sender_email = $1', [
      debtor.email,
    ]);
    expect(stored).toEqual([{ debtor_id: debtor.id }]);
  });

  it('refuses a filled honeypot with Invalid form and stores nothing', async () => {
    const input = message({ honeypot: 'spam' });
    const response = await client(t)(SEND, { input });
    expect(response.errors?.[0]).toMatchObject({
      message: 'Invalid form',
      extensions: { code: 'BAD_USER_INPUT', field: 'honeypot' },
    });
    expect(
      await queryRows(ds(), 'SELECT 1 FROM contact_message WHERE sender_email = $1', [input.senderEmail]),
    ).toEqual([]);
  });

  it('is rate-limited per IP: the 6th message within an hour is refused', async () => {
    const gql = client(t, uniqueIp());
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await gql(SEND, { input: message() }));
    expect(answers.slice(0, 5).every((a) => a.data?.sendContactMessage === true)).toBe(true);
    expect(answers[5]!.errors?.[0]).toMatchObject({
      extensions: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) },
    });
    // Another IP may still write.
    expect((await client(t)(SEND, { input: message() })).data).toEqual({ sendContactMessage: true });
  });
});
