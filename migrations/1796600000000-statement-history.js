/**
 * Found in your bank, first slice (docs/product-rules.md §18): the statement history and the
 * choices a person makes about what it proposes.
 * - import_ledger becomes each wallet's statement history: besides its key and amount, a row keeps
 *   its date, the description as the bank wrote it, the bank's id, the bill or pay it was matched to
 *   on import, and whether it went to the history only (a bank's rows older than 30 days on a
 *   sync: never in the register or the balance). Rows imported before are backfilled: date and
 *   description from their register entry where it still exists, else from a fingerprint key
 *   (which carries the date and the folded description); the bank id from an id key; the bill from
 *   the payment the same import recorded on that date for that amount.
 * - liability.payee_key, income_source.payee_key: the payee of the stream a bill or pay was
 *   accepted from, so later rows of that payee match it after a price change.
 * - recurring_dismissal: 'Not recurring', per wallet, direction and payee, with the amount it had.
 */
module.exports = class StatementHistory1796600000000 {
  name = 'StatementHistory1796600000000';

  async up(q) {
    await q.query(`
      ALTER TABLE import_ledger
        ADD COLUMN occurred_on date,
        ADD COLUMN description text CHECK (char_length(description) <= 1000),
        ADD COLUMN bank_id text,
        ADD COLUMN history_only boolean NOT NULL DEFAULT false,
        ADD COLUMN liability_id integer,
        ADD COLUMN income_source_id integer`);
    await q.query(`
      UPDATE import_ledger l SET occurred_on = r.occurred_on, description = r.description
        FROM register_entry r
       WHERE r.wallet_id = l.wallet_id AND r.import_key = l.key AND r.import_batch_id = l.batch_id`);
    await q.query(`
      UPDATE import_ledger
         SET occurred_on = substring(key from '^fp:(\\d{4}-\\d{2}-\\d{2})\\|')::date,
             description = substring(key from '^fp:\\d{4}-\\d{2}-\\d{2}\\|-?\\d+\\|(.*)\\|\\d+$')
       WHERE occurred_on IS NULL AND key ~ '^fp:\\d{4}-\\d{2}-\\d{2}\\|-?\\d+\\|.*\\|\\d+$'`);
    await q.query(`UPDATE import_ledger SET bank_id = substr(key, 4) WHERE key LIKE 'id:%'`);
    await q.query(`
      UPDATE import_ledger l SET liability_id = p.liability_id
        FROM liability_payment p
       WHERE p.import_batch_id = l.batch_id AND p.paid_on = l.occurred_on AND p.amount_cents = -l.amount_cents
         AND p.liability_id IS NOT NULL`);
    await q.query(`
      CREATE INDEX import_ledger_history ON import_ledger (household_id, wallet_id, occurred_on)
       WHERE deleted_at IS NULL AND occurred_on IS NOT NULL`);
    await q.query('ALTER TABLE liability ADD COLUMN payee_key text CHECK (char_length(payee_key) <= 200)');
    await q.query(
      'ALTER TABLE income_source ADD COLUMN payee_key text CHECK (char_length(payee_key) <= 200)',
    );
    await q.query(`
      CREATE TABLE recurring_dismissal (
        household_id uuid NOT NULL REFERENCES household (id) ON DELETE CASCADE,
        wallet_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('BILL', 'INCOME')),
        payee_key text NOT NULL CHECK (char_length(payee_key) <= 200),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        entered_by integer REFERENCES debtor (id) ON DELETE SET NULL,
        PRIMARY KEY (household_id, wallet_id, kind, payee_key),
        FOREIGN KEY (wallet_id, household_id) REFERENCES wallet (id, household_id) ON DELETE CASCADE
      )`);
  }

  async down(q) {
    await q.query('DROP TABLE recurring_dismissal');
    await q.query('ALTER TABLE income_source DROP COLUMN payee_key');
    await q.query('ALTER TABLE liability DROP COLUMN payee_key');
    await q.query('DROP INDEX import_ledger_history');
    await q.query(`
      ALTER TABLE import_ledger
        DROP COLUMN occurred_on, DROP COLUMN description, DROP COLUMN bank_id, DROP COLUMN history_only,
        DROP COLUMN liability_id, DROP COLUMN income_source_id`);
  }
};
