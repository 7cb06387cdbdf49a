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
