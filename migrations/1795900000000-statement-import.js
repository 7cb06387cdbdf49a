/**
 * Importing bank statements (docs/product-rules.md §14).
 * - import_preview: a file read and checked, kept 1 hour for its confirmation; its rows (with each
 *   one's ledger key, status and matches) as JSON; `batch_id` once confirmed, so a second confirm
 *   answers the first's batch.
 * - import_batch: one confirmed import, what it did (counts, the balance it set and by how much), and
 *   when it was undone.
 * - import_ledger: every row ever imported into a wallet, by its key (the bank's id, or the row's
 *   fingerprint with its count in the file), with the signed amount it moved. It is never purged
 *   with the register: it is what tells a row already imported, or imported and deleted
 *   (`deleted_at`, the tombstone), however old.
 * - register_entry.import_batch_id / import_key, liability_payment.import_batch_id,
 *   income_deposit.import_batch_id: what an undo reverses.
 * - wallet.import_csv_mapping: the columns of the wallet's last confirmed CSV import.
 */
module.exports = class StatementImport1795900000000 {
  name = 'StatementImport1795900000000';

  async up(q) {
    await q.query('ALTER TABLE wallet ADD COLUMN import_csv_mapping jsonb');
    await q.query(`
      CREATE TABLE import_batch (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        wallet_id integer NOT NULL REFERENCES wallet (id) ON DELETE CASCADE,
        preview_id uuid NOT NULL UNIQUE,
        file_name text NOT NULL,
        format text NOT NULL CHECK (format IN ('OFX', 'QIF', 'CSV', 'CAMT053', 'SIMPLEFIN')),
        created_at timestamptz NOT NULL DEFAULT now(),
        imported_count integer NOT NULL DEFAULT 0,
        skipped_count integer NOT NULL DEFAULT 0,
        bills_settled integer NOT NULL DEFAULT 0,
        deposits_marked integer NOT NULL DEFAULT 0,
        balance_set_to_cents bigint,
        balance_adjustment_cents bigint NOT NULL DEFAULT 0,
        undone_at timestamptz
      )`);
    await q.query('CREATE INDEX import_batch_wallet ON import_batch (wallet_id, created_at DESC)');
    await q.query('CREATE INDEX import_batch_debtor ON import_batch (debtor_id)');
    await q.query(`
      CREATE TABLE import_preview (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        wallet_id integer NOT NULL REFERENCES wallet (id) ON DELETE CASCADE,
        file_name text NOT NULL,
        format text NOT NULL,
        encoding text NOT NULL,
        csv_mapping jsonb,
        rows jsonb NOT NULL,
        statement_balance_cents bigint,
        statement_balance_date date,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        batch_id uuid REFERENCES import_batch (id) ON DELETE SET NULL
      )`);
    await q.query('CREATE INDEX import_preview_debtor ON import_preview (debtor_id, created_at)');
    await q.query(`
      CREATE TABLE import_ledger (
        wallet_id integer NOT NULL REFERENCES wallet (id) ON DELETE CASCADE,
        key text NOT NULL,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        batch_id uuid NOT NULL REFERENCES import_batch (id) ON DELETE CASCADE,
        amount_cents bigint NOT NULL,
        deleted_at timestamptz,
        PRIMARY KEY (wallet_id, key)
      )`);
    await q.query('CREATE INDEX import_ledger_batch ON import_ledger (batch_id)');
    await q.query(`
      ALTER TABLE register_entry
        ADD COLUMN import_batch_id uuid REFERENCES import_batch (id) ON DELETE SET NULL,
        ADD COLUMN import_key text`);
    await q.query(
      'CREATE INDEX register_entry_import_batch ON register_entry (import_batch_id) WHERE import_batch_id IS NOT NULL',
    );
    await q.query(
      'ALTER TABLE liability_payment ADD COLUMN import_batch_id uuid REFERENCES import_batch (id) ON DELETE SET NULL',
    );
    await q.query(
      'ALTER TABLE income_deposit ADD COLUMN import_batch_id uuid REFERENCES import_batch (id) ON DELETE SET NULL',
    );
  }

  async down(q) {
    await q.query('ALTER TABLE income_deposit DROP COLUMN import_batch_id');
    await q.query('ALTER TABLE liability_payment DROP COLUMN import_batch_id');
    await q.query('ALTER TABLE register_entry DROP COLUMN import_key, DROP COLUMN import_batch_id');
    await q.query('DROP TABLE import_ledger');
    await q.query('DROP TABLE import_preview');
    await q.query('DROP TABLE import_batch');
    await q.query('ALTER TABLE wallet DROP COLUMN import_csv_mapping');
  }
};
