import type { ReminderKind } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { execute, queryOne } from '../../db/sql';
import {
  kindEnabled,
  settingsOfRow,
  SETTINGS_COLUMNS,
  type ReminderSettingsRow,
} from './reminder-settings.service';

export type DeliveryOutcome = 'sent' | 'already-sent' | 'cancelled' | 'missing';

interface QueuedMail extends Partial<ReminderSettingsRow> {
  id: string;
  kind: ReminderKind;
  status: 'queued' | 'sent' | 'cancelled';
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string;
  has_settings: boolean;
}

/**
 * Delivers one queued reminder (called by the queue's worker; a throw makes pg-boss retry it with
 * backoff). A mail already sent (a retry after a crash that came after the send was recorded) or
 * since turned off by its kind's unsubscribe is not sent. The Message-ID is the mail's own id, so
 * in the one window no database can close (SMTP accepted, the instance died before recording it)
 * a second copy carries the same Message-ID and mail clients show it once.
 */
export async function deliverReminder(deps: AppDeps, reminderId: string): Promise<DeliveryOutcome> {
  const mail = await queryOne<QueuedMail>(
    deps.dataSource,
    `SELECT m.id, m.kind, m.status, m.to_address, m.subject, m.text_body, m.html_body, m.unsubscribe_url,
            r.debtor_id IS NOT NULL AS has_settings, ${SETTINGS_COLUMNS.split(', ')
              .map((column) => `r.${column}`)
              .join(', ')}
       FROM reminder_mail m LEFT JOIN reminder_settings r ON r.debtor_id = m.debtor_id
      WHERE m.id = $1`,
    [reminderId],
  );
  if (!mail) return 'missing';
  if (mail.status !== 'queued') return mail.status === 'sent' ? 'already-sent' : 'cancelled';
  if (mail.has_settings && !kindEnabled(settingsOfRow(mail as ReminderSettingsRow), mail.kind)) {
    await execute(
      deps.dataSource,
      `UPDATE reminder_mail SET status = 'cancelled' WHERE id = $1 AND status = 'queued'`,
      [reminderId],
    );
    return 'cancelled';
  }
  try {
    await deps.mailer.send({
      to: mail.to_address,
      subject: mail.subject,
      text: mail.text_body,
      html: mail.html_body,
      messageId: `<reminder-${mail.id}@${new URL(deps.config.appUrl).hostname}>`,
      headers: {
        'List-Unsubscribe': `<${mail.unsubscribe_url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  } catch (error) {
    await execute(
      deps.dataSource,
      'UPDATE reminder_mail SET attempts = attempts + 1, last_error = $2 WHERE id = $1',
      [reminderId, String((error as Error).message).slice(0, 500)],
    );
    deps.logger.warn(
      { reminderId, reason: (error as Error).message },
      'reminder delivery failed; retried later',
    );
    throw error;
  }
  await execute(
    deps.dataSource,
    `UPDATE reminder_mail SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL
      WHERE id = $1 AND status = 'queued'`,
    [reminderId],
  );
  return 'sent';
}
