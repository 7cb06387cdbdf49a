import { withDatabaseBefore } from '../test/server-database';

/**
 * The statement history (migration 1796600000000) on rows imported before it: each ledger row gets
 * back what can be known of it (its date and the bank's description from the register entry, or
 * from a fingerprint key when the entry is gone; the bank id from an id key; the bill its import
 * settled). On this machine's PostgreSQL, in a database of its own (undoing migrations would pull
 * the schema from under the other test files).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const HISTORY_MIGRATION = 'StatementHistory1796600000000';

(serverUrl ? describe : describe.skip)('the statement history backfilled', () => {
  it('gives imported rows their date, description, bank id and settled bill where they can be known', async () => {
    await withDatabaseBefore(HISTORY_MIGRATION, async (ds) => {
      const one = async (sql: string, params: unknown[] = []) =>
        ((await ds.query(sql, params)) as { id: string }[])[0]!.id;
      const household = await one(`INSERT INTO household (name) VALUES ('Home') RETURNING id`);
      const wallet = await one(
        `INSERT INTO wallet (household_id, name, balance_cents, is_default) VALUES ($1, 'Checking', 0, true) RETURNING id`,
        [household],
      );
      const batch = await one(
        `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format)
         VALUES ($1, $2, gen_random_uuid(), 'march.ofx', 'OFX') RETURNING id`,
        [household, wallet],
      );
      const liability = await one(
        `INSERT INTO liability (household_id, creditor_name, debt_type, frequency, anchor_date, due_date, payment_cents)
         VALUES ($1, 'Netflix', 'SUBSCRIPTION', 'MONTHLY', '2026-03-14', '2026-04-14', 1549) RETURNING id`,
        [household],
      );
      const ledger = (key: string, cents: number) =>
        ds.query(
          `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents) VALUES ($1, $2, $3, $4, $5)`,
          [household, wallet, key, batch, cents],
        );
      await ledger('id:FIT-1', -1549);
      await ledger('fp:2026-03-02|-450|sq *blue bottle | cafe|1', -450);
      await ledger('id:FIT-gone', 250_000);
      await ds.query(
        `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, kind, description, occurred_on,
                                     import_batch_id, import_key)
         VALUES ($1, $2, 'spent', 1549, 'bill_payment', 'NETFLIX.COM 866-579-7172', '2026-03-14', $3, 'id:FIT-1')`,
        [household, wallet, batch],
      );
      await ds.query(
        `INSERT INTO liability_payment (household_id, liability_id, creditor_name, debt_type, due_date, kind, amount_cents,
                                        paid_on, import_batch_id)
         VALUES ($1, $2, 'Netflix', 'SUBSCRIPTION', '2026-03-14', 'PAID', 1549, '2026-03-14', $3)`,
        [household, liability, batch],
      );

      await ds.runMigrations({ transaction: 'each' });
      expect(
        await ds.query(
          `SELECT key, occurred_on::text AS occurred_on, description, bank_id, history_only, liability_id::text AS liability_id
             FROM import_ledger ORDER BY key`,
        ),
      ).toEqual([
        {
          key: 'fp:2026-03-02|-450|sq *blue bottle | cafe|1',
          occurred_on: '2026-03-02',
          description: 'sq *blue bottle | cafe',
          bank_id: null,
          history_only: false,
          liability_id: null,
        },
        {
          key: 'id:FIT-1',
          occurred_on: '2026-03-14',
          description: 'NETFLIX.COM 866-579-7172',
          bank_id: 'FIT-1',
          history_only: false,
          liability_id: String(liability),
        },
        {
          key: 'id:FIT-gone',
          occurred_on: null,
          description: null,
          bank_id: 'FIT-gone',
          history_only: false,
          liability_id: null,
        },
      ]);
    });
  });
});
