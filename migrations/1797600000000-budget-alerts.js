/**
 * Budget alerts (docs/product-rules.md §24): the first time in a month a budget reaches 80% and then
 * all of what the month holds, each member hears it once, following their reminder settings.
 * - reminder_settings.budget_alerts: on by default, like every kind of reminder.
 * - reminder_mail: the kind BUDGET_ALERT, and the status push_only for such a reminder sent to the
 *   account's devices alone (its e-mail waits for the next reminder).
 * - budget_alert_notice: per member, budget, month and threshold, the reminder that told it; its
 *   key is the last guard against telling it twice, whichever instance's scan gets there.
 */
const { joinHouseholdWall, leaveHouseholdWall } = require('./support/household-wall');

module.exports = class BudgetAlerts1797600000000 {
  name = 'BudgetAlerts1797600000000';

  async up(q) {
    await q.query('ALTER TABLE reminder_settings ADD COLUMN budget_alerts boolean NOT NULL DEFAULT true');
    await q.query(`
      ALTER TABLE reminder_mail
        DROP CONSTRAINT reminder_mail_kind_check,
        ADD CONSTRAINT reminder_mail_kind_check
          CHECK (kind IN ('BILLS_DUE_SOON', 'PAST_DUE', 'PAYDAY_DIGEST', 'BUDGET_ALERT')),
        DROP CONSTRAINT reminder_mail_status_check,
        ADD CONSTRAINT reminder_mail_status_check CHECK (status IN ('queued', 'sent', 'cancelled', 'push_only'))`);
    await q.query(`
      CREATE TABLE budget_alert_notice (
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        budget_id integer NOT NULL REFERENCES budget (id) ON DELETE CASCADE,
        month text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        threshold integer NOT NULL CHECK (threshold IN (80, 100)),
        reminder_id uuid REFERENCES reminder_mail (id) ON DELETE SET NULL,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (debtor_id, budget_id, month, threshold)
      )`);
    await q.query('CREATE INDEX budget_alert_notice_budget ON budget_alert_notice (budget_id)');
    await joinHouseholdWall(q, 'budget_alert_notice');
  }

  async down(q) {
    await leaveHouseholdWall(q, 'budget_alert_notice');
    await q.query('DROP TABLE budget_alert_notice');
    await q.query("DELETE FROM reminder_mail WHERE kind = 'BUDGET_ALERT'");
    await q.query(`
      ALTER TABLE reminder_mail
        DROP CONSTRAINT reminder_mail_kind_check,
        ADD CONSTRAINT reminder_mail_kind_check CHECK (kind IN ('BILLS_DUE_SOON', 'PAST_DUE', 'PAYDAY_DIGEST')),
        DROP CONSTRAINT reminder_mail_status_check,
        ADD CONSTRAINT reminder_mail_status_check CHECK (status IN ('queued', 'sent', 'cancelled'))`);
    await q.query('ALTER TABLE reminder_settings DROP COLUMN budget_alerts');
  }
};
