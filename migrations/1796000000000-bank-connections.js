/**
 * Bank connections through SimpleFIN Bridge (docs/product-rules.md §15).
 * - bank_connection: one claimed setup token. `access_url_sealed` is the access URL sealed with
 *   AES-256-GCM under SECRETS_KEY and bound to the row's id (server/src/secret-box.ts); it is never
 *   answered, logged or exported. The sync job claims rows whose `next_sync_at` has come;
 *   `sync_started_at` marks a sync under way (a manual one and the job's never run together).
 * - bank_account: an account the bridge reports, with its balance, the wallet it is linked to
 *   (none: unlinked), 'keep the wallet equal to the bank', and its pending charges (shown, never
 *   applied; replaced at each sync).
 * - bank_request: each request to the bridge's accounts, for the 20-in-24-hours ceiling.
 * - import_preview.review / balance_kept: a bank sync's rows waiting for a person (no expiry), and
 *   whether the wallet already equals the bank (confirming them writes entries, not money);
 *   import_batch.moved_balance: whether undoing the batch moves the wallet.
 */
module.exports = class BankConnections1796000000000 {
  name = 'BankConnections1796000000000';

  async up(q) {
    await q.query(`
      CREATE TABLE bank_connection (
        id uuid PRIMARY KEY,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        label text NOT NULL,
        access_url_sealed text NOT NULL,
        status text NOT NULL DEFAULT 'OK' CHECK (status IN ('OK', 'NEEDS_ATTENTION', 'DISCONNECTED')),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_sync_at timestamptz,
        last_posted_epoch bigint,
        next_sync_at timestamptz NOT NULL,
        failures integer NOT NULL DEFAULT 0,
        sync_started_at timestamptz
      )`);
    await q.query('CREATE INDEX bank_connection_debtor ON bank_connection (debtor_id)');
    await q.query('CREATE INDEX bank_connection_due ON bank_connection (next_sync_at)');
    await q.query(`
      CREATE TABLE bank_account (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES bank_connection (id) ON DELETE CASCADE,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        remote_id text NOT NULL,
        org text NOT NULL,
        name text NOT NULL,
        currency text NOT NULL,
        balance_cents bigint,
        balance_date timestamptz,
        wallet_id integer REFERENCES wallet (id) ON DELETE SET NULL,
        keep_balance boolean NOT NULL DEFAULT true,
        pending jsonb NOT NULL DEFAULT '[]',
        UNIQUE (connection_id, remote_id)
      )`);
    await q.query('CREATE INDEX bank_account_debtor ON bank_account (debtor_id)');
    await q.query(`
      CREATE TABLE bank_request (
        connection_id uuid NOT NULL REFERENCES bank_connection (id) ON DELETE CASCADE,
        debtor_id integer NOT NULL REFERENCES debtor (id) ON DELETE CASCADE,
        requested_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX bank_request_connection ON bank_request (connection_id, requested_at)');
    await q.query(`
      ALTER TABLE import_preview
        ADD COLUMN review boolean NOT NULL DEFAULT false,
        ADD COLUMN balance_kept boolean NOT NULL DEFAULT false`);
    await q.query('ALTER TABLE import_batch ADD COLUMN moved_balance boolean NOT NULL DEFAULT true');
  }

  async down(q) {
    await q.query('ALTER TABLE import_batch DROP COLUMN moved_balance');
    await q.query('ALTER TABLE import_preview DROP COLUMN review, DROP COLUMN balance_kept');
    await q.query('DROP TABLE bank_request');
    await q.query('DROP TABLE bank_account');
    await q.query('DROP TABLE bank_connection');
  }
};
