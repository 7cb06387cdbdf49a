import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps what it receives, so journeys read codes from real mail. */
export class MailSink {
  readonly messages: ReceivedMail[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        this.messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  /** Waits for a message to `to` whose text matches `pattern`; returns the first capture group. */
  async waitFor(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const message of [...this.messages].reverse()) {
        const match = message.to.includes(to.toLowerCase()) ? pattern.exec(message.raw) : null;
        if (match) return match[1] ?? match[0];
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The HTML part of a received message (its headers stripped), or '' when it has none. */
export function htmlPart(raw: string): string {
  const start = raw.search(/^Content-Type: text\/html/im);
  if (start < 0) return '';
  const body = raw
    .slice(start)
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return body.split(/\r?\n--/)[0] ?? '';
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
