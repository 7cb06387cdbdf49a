/**
 * Amount changes ride along once in the next reminder (docs/product-rules.md §18): the next mail a
 * person gets ('Netflix went up: $15.49 → $17.99') and its push carry each change once.
 * - amount_change_notice: per person, household, bill or pay and amount, the reminder that told it.
 * - reminder_mail.push_body: what the reminder's push says beneath its title, when it says more than
 *   the usual line.
 */
module.exports = class AmountChangesInReminders1796900000000 {
  name = 'AmountChangesInReminders1796900000000';

  async up(q) {
    await q.query(`
      CREATE TABLE amount_change_notice (
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('BILL', 'INCOME')),
        item_id integer NOT NULL,
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        reminder_id uuid REFERENCES reminder_mail (id) ON DELETE SET NULL,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (debtor_id, household_id, kind, item_id, amount_cents)
      )`);
    await q.query(
      'ALTER TABLE reminder_mail ADD COLUMN push_body text CHECK (char_length(push_body) <= 500)',
    );
  }

  async down(q) {
    await q.query('ALTER TABLE reminder_mail DROP COLUMN push_body');
    await q.query('DROP TABLE amount_change_notice');
  }
};
