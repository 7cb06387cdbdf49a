import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../../test/harness';
import { client, codeIn, LOGIN, REGISTER, registrationInput, TEST_ENV } from '../accounts/account-test-kit';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A local SMTP sink: accepts every message and keeps it (no TLS, no auth: loopback only). */
async function startSmtpSink() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    async waitFor(predicate: (mail: Received) => boolean, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find(predicate);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error('no such mail received');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text/plain part of a raw message (nodemailer may use quoted-printable). */
function plainText(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return unfolded.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({
    env: {
      ...TEST_ENV,
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: 'TrueNet <no-reply@truenet.test>',
      SUPPORT_EMAIL: 'support@truenet.test',
    },
  });
});
afterAll(async () => {
  await t.close();
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
});
