/**
 * A change sent with an `Idempotency-Key` header is applied once (docs/product-rules.md, "Data
 * that survives"): the key is stored in the change's own transaction, so it exists exactly when
 * the change does. Keyed by the account that sent it; kept a day (the register purge deletes older
 * keys), long enough for any client's retries.
 */
module.exports = class AppliedChanges1797200000000 {
  name = 'AppliedChanges1797200000000';

  async up(q) {
    await q.query(`
      CREATE TABLE applied_change (
        debtor_id integer NOT NULL REFERENCES debtor(id) ON DELETE CASCADE,
        change_key text NOT NULL CHECK (length(change_key) BETWEEN 1 AND 255),
        fingerprint text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (debtor_id, change_key)
      )`);
    await q.query('CREATE INDEX applied_change_created_at ON applied_change (created_at)');
  }

  async down(q) {
    await q.query('DROP TABLE applied_change');
  }
};
