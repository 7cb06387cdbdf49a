/**
 * Reminders and the calendar feed (docs/product-rules.md §9).
 * - reminder_settings: one row per account (made by the scan or the first update; absent means the
 *   defaults). `last_scan_on` is the account's local date its reminders were last decided: the
 *   scan claims rows with FOR UPDATE SKIP LOCKED and skips accounts already done today.
 * - reminder_mail: one row per (account, kind, local day), unique, written in the same transaction
 *   that queues its delivery job: the mail itself (rendered) and whether it went out.
 * - reminder_occurrence: one row per bill occurrence that has been in a reminder, unique per
 *   (account, kind, liability, due date), so each occurrence is reminded once.
 * - calendar_feed: secret feed URLs, stored as SHA-256 hashes like API tokens.
 */
module.exports = class RemindersAndCalendarFeeds1795400000000 {
  name = 'RemindersAndCalendarFeeds1795400000000';

  async up(q) {
    await q.query(`
      CREATE TABLE reminder_settings (
        debtor_id integer PRIMARY KEY REFERENCES debtor (id) ON DELETE CASCADE,
        bill_reminders boolean NOT NULL DEFAULT true,
        bill_lead_days integer NOT NULL DEFAULT 3 CHECK (bill_lead_days BETWEEN 0 AND 14),
        past_due_notices boolean NOT NULL DEFAULT true,
        payday_digest boolean NOT NULL DEFAULT true,
        send_hour integer NOT NULL DEFAULT 8 CHECK (send_hour BETWEEN 0 AND 23),
        last_scan_on date,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE reminder_mail (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('BILLS_DUE_SOON', 'PAST_DUE', 'PAYDAY_DIGEST')),
        local_date date NOT NULL,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text NOT NULL,
        unsubscribe_url text NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'cancelled')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        UNIQUE (debtor_id, kind, local_date)
      )`);
    await q.query(`
      CREATE TABLE reminder_occurrence (
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        kind text NOT NULL,
        liability_id integer NOT NULL REFERENCES liability (id) ON DELETE CASCADE,
        due_date date NOT NULL,
        reminder_id uuid NOT NULL REFERENCES reminder_mail (id) ON DELETE CASCADE,
        PRIMARY KEY (debtor_id, kind, liability_id, due_date)
      )`);
    await q.query('CREATE INDEX reminder_occurrence_liability ON reminder_occurrence (liability_id)');
    await q.query('CREATE INDEX reminder_occurrence_mail ON reminder_occurrence (reminder_id)');
    await q.query(`
      CREATE TABLE calendar_feed (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        secret_hash text NOT NULL UNIQUE,
        include_amounts boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`);
    await q.query('CREATE INDEX calendar_feed_debtor ON calendar_feed (debtor_id) WHERE revoked_at IS NULL');
  }

  async down(q) {
    await q.query('DROP TABLE calendar_feed');
    await q.query('DROP TABLE reminder_occurrence');
    await q.query('DROP TABLE reminder_mail');
    await q.query('DROP TABLE reminder_settings');
  }
};
