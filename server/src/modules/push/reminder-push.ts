import type { AppDeps } from '../../deps';
import { queryOne, queryRows } from '../../db/sql';
import { sendPush, type PushOutcome } from './push-sender';
import { vapidKeys } from './vapid-keys';

/**
 * A reminder pushed to each of the account's devices (docs/product-rules.md §17), as its own job
 * beside the e-mail's, so a dead device never delays the mail. Each (reminder, device) is claimed in
 * reminder_push before its push goes: a retry, a restart or a second instance never pushes a device
 * twice. A push the service asks to retry (429, 5xx, no answer) is claimed again on the job's next
 * try; a device it calls gone (404, 410) is removed.
 */
export class PushesToRetry extends Error {
  constructor(count: number) {
    super(`${count} push(es) to retry`);
    this.name = 'PushesToRetry';
  }
}

interface ReminderForPush {
  debtor_id: number;
  subject: string;
  push_body: string | null;
  kind: string;
  local_date: string;
  status: string;
  push: boolean | null;
}

interface ClaimedDevice {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const STATUS_OF: Record<PushOutcome, string> = {
  sent: 'sent',
  retry: 'retry',
  refused: 'failed',
  gone: 'failed',
};

export async function deliverReminderPushes(deps: AppDeps, reminderId: string): Promise<number> {
  const reminder = await queryOne<ReminderForPush>(
    deps.dataSource,
    `SELECT m.debtor_id, m.subject, m.push_body, m.kind, m.local_date::text AS local_date, m.status, r.push
       FROM reminder_mail m LEFT JOIN reminder_settings r ON r.debtor_id = m.debtor_id
      WHERE m.id = $1`,
    [reminderId],
  );
  // Gone, unsubscribed from, or pushes turned off: nothing to push.
  if (!reminder || reminder.status === 'cancelled' || reminder.push === false) return 0;
  const claimed = await queryRows<ClaimedDevice>(
    deps.dataSource,
    `WITH fresh AS (
       INSERT INTO reminder_push (reminder_id, device_id, debtor_id)
       SELECT $1, d.id, d.debtor_id FROM push_device d WHERE d.debtor_id = $2
       ON CONFLICT (reminder_id, device_id) DO NOTHING
       RETURNING device_id
     ), again AS (
       UPDATE reminder_push SET status = 'sending', attempts = attempts + 1, updated_at = now()
        WHERE reminder_id = $1 AND status = 'retry'
       RETURNING device_id
     )
     SELECT d.id, d.endpoint, d.p256dh, d.auth FROM push_device d
      WHERE d.id IN (SELECT device_id FROM fresh UNION SELECT device_id FROM again)`,
    [reminderId, reminder.debtor_id],
  );
  if (claimed.length === 0) return 0;
  const keys = await vapidKeys(deps);
  const payload = {
    title: reminder.subject,
    // An amount that changed at the bank rides along once; otherwise the usual line.
    body: reminder.push_body ?? 'Open TrueNet to see what is due and what is left until payday.',
    url: `${deps.config.appUrl}/#/userhome`,
    tag: `${reminder.kind}-${reminder.local_date}`,
  };
  const outcomes = await Promise.all(
    claimed.map(async (device) => ({
      device,
      outcome: await sendPush(device, payload, keys, `mailto:${deps.config.mail.supportEmail}`),
    })),
  );
  await queryRows(
    deps.dataSource,
    `UPDATE reminder_push p SET status = o.status, updated_at = now()
       FROM unnest($2::uuid[], $3::text[]) AS o(device_id, status)
      WHERE p.reminder_id = $1 AND p.device_id = o.device_id`,
    [reminderId, outcomes.map(({ device }) => device.id), outcomes.map(({ outcome }) => STATUS_OF[outcome])],
  );
  const gone = outcomes.filter(({ outcome }) => outcome === 'gone').map(({ device }) => device.id);
  if (gone.length > 0)
    await queryRows(deps.dataSource, 'DELETE FROM push_device WHERE id = ANY($1::uuid[])', [gone]);
  const sent = outcomes.filter(({ outcome }) => outcome === 'sent').map(({ device }) => device.id);
  if (sent.length > 0) {
    await queryRows(
      deps.dataSource,
      'UPDATE push_device SET last_success_at = $2 WHERE id = ANY($1::uuid[])',
      [sent, deps.clock.now()],
    );
  }
  const retry = outcomes.filter(({ outcome }) => outcome === 'retry').length;
  if (retry > 0) throw new PushesToRetry(retry);
  return sent.length;
}
