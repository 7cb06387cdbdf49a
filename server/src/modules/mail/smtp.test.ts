import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy';
import { startTestApp, type TestApp } from '../../test/harness';
import { decodedText as plainText, startSmtpSink } from '../../test/smtp-sink';
import { client, codeIn, LOGIN, REGISTER, registrationInput, TEST_ENV } from '../../test/accounts';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
/** Between the app and the mail server, to make it slow. */
let neighbour: CuttableProxy;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  neighbour = await startCuttableProxy(`smtp://127.0.0.1:${sink.port}`);
  t = await startTestApp({
    env: {
      ...TEST_ENV,
      SMTP_URL: `smtp://127.0.0.1:${neighbour.port}`,
      MAIL_FROM: 'TrueNet <no-reply@truenet.test>',
      SUPPORT_EMAIL: 'support@truenet.test',
    },
  });
});
afterEach(() => neighbour.restore());
afterAll(async () => {
  await t.close();
  await neighbour.close();
  await sink.close();
});

describe('mail over real SMTP', () => {
  it('sends the verification code to the new account over SMTP; the code from the message verifies it', async () => {
    const input = registrationInput();
    const gql = client(t);
    expect((await gql(REGISTER, { input })).errors).toBeUndefined();
    const mail = await sink.waitFor((m) => m.to.includes(input.email as string));
    expect(mail.from).toBe('no-reply@truenet.test');
    expect(mail.raw).toMatch(/^Subject: Your TrueNet verification code/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    const code = codeIn(plainText(mail.raw));

    const login = await gql(LOGIN, { userName: input.userName, userPassword: input.userPassword });
    const token = (login.data as { login: { accessToken: string } }).login.accessToken;
    const verified = await gql(
      `mutation($code: String!) { verifyEmail(code: $code) { accountStatus } }`,
      { code },
      { token },
    );
    expect(verified.data).toEqual({ verifyEmail: { accountStatus: 1 } });
    // Nothing went to the outbox: SMTP was used.
    const outbox = await t.deps.dataSource.query('SELECT 1 FROM outbox_mail WHERE to_address = $1', [
      input.email,
    ]);
    expect(outbox).toEqual([]);
  });

  it('sends contact messages to SUPPORT_EMAIL with the sender as reply-to', async () => {
    const senderEmail = `${registrationInput().userName}@example.com`;
    const response = await client(t)(
      `mutation($input: ContactMessageInput!) { sendContactMessage(input: $input) }`,
      { input: { senderName: 'Pat Doe', senderEmail, message: 'Hello support' } },
    );
    expect(response.data).toEqual({ sendContactMessage: true });
    const mail = await sink.waitFor((m) => m.raw.includes(senderEmail));
    expect(mail.to).toEqual(['support@truenet.test']);
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${senderEmail}`, 'mi'));
  });

  it('a mail server that takes 10 s does not hold the registration: it answers, and the code still arrives', async () => {
    neighbour.slowBy(10_000);
    const input = registrationInput();
    const gql = client(t);
    expect((await gql(REGISTER, { input })).errors).toBeUndefined();
    // Answered while the mail server had not yet said a word: the send goes on behind the answer.
    expect(neighbour.openConnections()).toBeGreaterThanOrEqual(1);
    expect(sink.received.filter((m) => m.to.includes(input.email as string))).toEqual([]);
    // Requests that need no mail meanwhile answer as ever.
    const login = await gql(LOGIN, { userName: input.userName, userPassword: input.userPassword });
    expect(login.errors).toBeUndefined();
    const mail = await sink.waitFor((m) => m.to.includes(input.email as string), 60_000);
    expect(mail.raw).toMatch(/^Subject: Your TrueNet verification code/m);
  }, 90_000);
});
