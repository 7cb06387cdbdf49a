import nodemailer from 'nodemailer';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { OutboxMail } from './outbox-mail.entity';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (the contact form replies to its sender). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise the outbox: the message is stored and its subject
 * logged, so a local run can read its codes (the body stays out of the logs: it may hold a code).
 */
export function createMailer(config: Pick<Config, 'mail'>, dataSource: DataSource, logger: Logger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      async send(message) {
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
      logger.info({ to: message.to, subject: message.subject }, 'mail kept in the outbox (no SMTP_URL)');
    },
  };
}

/**
 * Sends after the request's work is committed, without letting a mail failure undo it: the failure
 * is logged (never the body, which may hold a code or a password) and the caller goes on.
 */
export async function sendAfterCommit(
  deps: { mailer: Mailer; logger: Logger },
  message: MailMessage,
  context: Record<string, unknown>,
): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (error) {
    deps.logger.error(
      { ...context, subject: message.subject, reason: (error as Error).message },
      'mail could not be sent',
    );
    return false;
  }
}
