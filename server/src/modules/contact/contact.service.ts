import { validateContactMessage, type ContactMessageInput } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { assertNoFieldErrors } from '../../input/field-errors';
import { consumeRateLimit, RATE_LIMITS } from '../../rate-limit';
import { sendAfterCommit } from '../mail/mailer';
import { contactMessageMail } from '../mail/templates';
import { execute } from '../../db/sql';

export interface ContactMessage {
  senderName: string;
  senderEmail: string;
  message: string;
}

/**
 * Support is by contact form only (checked, then trimmed): the message is stored (so nothing is lost if mail is down) and
 * mailed to SUPPORT_EMAIL with the sender as reply-to. Rate-limited per IP.
 */
export async function sendContactMessage(
  deps: AppDeps,
  form: ContactMessageInput,
  from: { debtorId: number | null; ip: string },
): Promise<void> {
  assertNoFieldErrors(validateContactMessage(form));
  const sender: ContactMessage = {
    senderName: form.senderName.trim(),
    senderEmail: form.senderEmail.trim(),
    message: form.message,
  };
  await consumeRateLimit(deps.dataSource, RATE_LIMITS.contactIp, from.ip);
  await execute(
    deps.dataSource,
    `INSERT INTO contact_message (debtor_id, sender_name, sender_email, message, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [from.debtorId, sender.senderName, sender.senderEmail, sender.message, from.ip, deps.clock.now()],
  );
  await sendAfterCommit(deps, contactMessageMail(deps.config.mail.supportEmail, sender), {
    debtorId: from.debtorId,
    mail: 'contact message',
  });
}
