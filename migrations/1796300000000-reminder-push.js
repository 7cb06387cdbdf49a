/**
 * Reminders pushed to devices (docs/product-rules.md §17): one row per reminder and device, claimed
 * before the push is sent (so no retry, restart or second instance pushes it twice), with what came
 * of it: sent; retry (429, 5xx, no answer: the job retries with backoff); failed (refused for good).
 * A device the push service calls gone is removed, its rows with it.
 */
module.exports = class ReminderPush1796300000000 {
  name = 'ReminderPush1796300000000';

  async up(q) {
    await q.query(`
      CREATE TABLE reminder_push (
        reminder_id uuid NOT NULL REFERENCES reminder_mail (id) ON DELETE CASCADE,
        device_id uuid NOT NULL REFERENCES push_device (id) ON DELETE CASCADE,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'sending' CHECK (status IN ('sending', 'sent', 'retry', 'failed')),
        attempts integer NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (reminder_id, device_id)
      )`);
    await q.query('CREATE INDEX reminder_push_debtor ON reminder_push (debtor_id)');
  }

  async down(q) {
    await q.query('DROP TABLE reminder_push');
  }
};
