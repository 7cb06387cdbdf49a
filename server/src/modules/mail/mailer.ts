import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { DEV_MAILBOX_PATH } from './dev-mailbox';
import { OutboxMail } from './outbox-mail.entity';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the contact form replies to its sender). */
  replyTo?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post of the reminders). */
  headers?: Record<string, string>;
  /** A stable Message-ID: a retried delivery of the same mail carries the same one. */
  messageId?: string;
  /**
   * The one-time values the mail carries (a verification code, a temporary password): the local
   * outbox prints them in the log outside production, so a local run can read them. Never sent.
   */
  codes?: string[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The web addresses in a mail's text (sign-in, unsubscribe, portal links). */
function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

/** The log line of an outbox mail outside production: what a person running locally needs. */
export function outboxLogLine(message: MailMessage, mailboxUrl: string): string {
  const parts = [`"${message.subject}" to ${message.to}`];
  const codes = message.codes ?? [];
  if (codes.length) parts.push(`code${codes.length > 1 ? 's' : ''}: ${codes.join(', ')}`);
  const links = linksIn(message.text);
  if (links.length) parts.push(`link${links.length > 1 ? 's' : ''}: ${links.join(' ')}`);
  parts.push(`all mail: ${mailboxUrl}`);
  return `mail kept in the outbox (no SMTP_URL): ${parts.join(' | ')}`;
}

/**
 * How long a mail server may take: nodemailer's defaults (2 minutes to connect, 10 of silence)
 * would hold a reminder job, or a person's request, for minutes behind a dead server. A slow one
 * that answers within 10 s still gets its mail through.
 */
export const SMTP_TIMEOUTS_MS = { connect: 15_000, silence: 20_000 };

/**
 * How long a person's request waits for its mail (a code, an invitation) before it answers anyway:
 * the send goes on behind it and a failure is logged, as any failure here is.
 */
export const REQUEST_MAIL_WAIT_MS = 3_000;

/**
 * Real SMTP when SMTP_URL is set; otherwise the outbox: the message is stored in outbox_mail.
 * Outside production the log line carries the mail's codes and links and GET /dev/mailbox shows
 * the outbox (docs/product-rules.md §12); in production only the subject is logged (a code is a secret there).
 */
export function createMailer(
  config: Pick<Config, 'mail' | 'devMailbox' | 'appUrl'>,
  dataSource: DataSource,
  logger: Logger,
): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: SMTP_TIMEOUTS_MS.connect,
      greetingTimeout: SMTP_TIMEOUTS_MS.connect,
      socketTimeout: SMTP_TIMEOUTS_MS.silence,
    });
    return {
      async send({ codes: _codes, ...message }) {
        await transport.sendMail({ from: config.mail.from, ...message });
        logger.debug({ subject: message.subject }, 'mail handed to SMTP');
      },
    };
  }
  return {
    async send(message) {
      await dataSource.getRepository(OutboxMail).insert({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
      });
      if (config.devMailbox) {
        logger.info(outboxLogLine(message, `${config.appUrl}${DEV_MAILBOX_PATH}`));
      } else {
        logger.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
      }
    },
  };
}

/**
 * Sends after the request's work is committed, without letting a mail failure undo it: the failure
 * is logged (never the body, which may hold a code or a password) and the caller goes on. A mail
 * server that has not taken the mail within REQUEST_MAIL_WAIT_MS does not hold the request: the
 * answer goes out, the send finishes (or fails, logged) behind it, and `true` says it was handed on.
 */
export async function sendAfterCommit(
  deps: { mailer: Mailer; logger: Logger },
  message: MailMessage,
  context: Record<string, unknown>,
): Promise<boolean> {
  const sending = deps.mailer.send(message).then(
    () => true,
    (error: unknown) => {
      deps.logger.error(
        { ...context, subject: message.subject, reason: (error as Error).message },
        'mail could not be sent',
      );
      return false;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), REQUEST_MAIL_WAIT_MS);
  });
  const outcome = await Promise.race([sending, waited]);
  clearTimeout(timer);
  if (outcome === 'waited') {
    deps.logger.warn({ ...context, subject: message.subject }, 'mail server slow; answering without waiting');
    return true;
  }
  return outcome;
}
