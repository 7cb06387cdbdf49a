import { DataSource } from 'typeorm';
import { createDataSource } from './data-source';
import { TEST_DB_ENV } from '../test/test-database';
import { buildDebtor, buildWallet } from '../test/factories';
import { loadConfig } from '../config';

const config = loadConfig({ NODE_ENV: 'test' });
let ds: DataSource;

beforeAll(async () => {
  ds = createDataSource(process.env[TEST_DB_ENV]!, { poolSize: 1 });
  await ds.initialize();
});
afterAll(() => ds.destroy());

describe('migrations', () => {
  it('create every table and leave nothing pending, so a second run is a no-op', async () => {
    const tables: { table_name: string }[] = await ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'api_token',
        'audit_log',
        'contact_message',
        'debtor',
        'email_code',
        'income_deposit',
        'income_source',
        'liability',
        'outbox_mail',
        'processed_webhook_event',
        'rate_limit',
        'refresh_token',
        'register_entry',
        'subscription',
        'suggestion',
        'wallet',
      ]),
    );
    expect(await ds.showMigrations()).toBe(false);
    expect(await ds.runMigrations()).toEqual([]);
  });

  it('seed the curated suggestion catalogue', async () => {
    const [{ count }] = await ds.query(
      `SELECT count(*)::int AS count FROM suggestion WHERE kind = 'creditor'`,
    );
    expect(count).toBeGreaterThan(10);
  });
});

describe('constraints', () => {
  it('reject a username that differs from an existing one only in case', async () => {
    const { debtor } = await buildDebtor(ds, config, { userName: 'CaseTwin1' });
    await expect(buildDebtor(ds, config, { userName: 'casetwin1' })).rejects.toThrow(/debtor_username_ci/);
    expect(debtor.id).toBeGreaterThan(0);
  });

  it('reject an e-mail that differs from an existing one only in case', async () => {
    await buildDebtor(ds, config, { email: 'Twin@Example.com' });
    await expect(buildDebtor(ds, config, { email: 'twin@example.COM' })).rejects.toThrow(/debtor_email_ci/);
  });

  it('reject a negative or zero payment on a liability', async () => {
    const { debtor } = await buildDebtor(ds, config);
    for (const payment of [-500, 0]) {
      await expect(
        ds.query(
          `INSERT INTO liability (household_id, creditor_name, debt_type, frequency, anchor_date, due_date, payment_cents)
           VALUES ((SELECT id FROM household WHERE personal_of = $1), 'Phone', 'MOBILE_PHONE', 'MONTHLY', '2026-12-01', '2026-12-01', $2)`,
          [debtor.id, payment],
        ),
      ).rejects.toThrow(/check constraint/);
    }
  });

  it("reject paying a liability from another user's wallet", async () => {
    const a = await buildDebtor(ds, config);
    const b = await buildDebtor(ds, config);
    const walletOfB = await buildWallet(ds, b.debtor.id);
    await expect(
      ds.query(
        `INSERT INTO liability (household_id, creditor_name, debt_type, frequency, anchor_date, due_date, payment_cents, paid_wallet_id, current_paid)
         VALUES ((SELECT id FROM household WHERE personal_of = $1), 'Rent', 'MORTGAGE_RENT', 'MONTHLY', '2026-12-01', '2026-12-01', 100, $2, true)`,
        [a.debtor.id, walletOfB.id],
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it("reject a register entry on another user's wallet", async () => {
    const a = await buildDebtor(ds, config);
    const b = await buildDebtor(ds, config);
    const walletOfB = await buildWallet(ds, b.debtor.id);
    await expect(
      ds.query(
        `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, occurred_on) VALUES ((SELECT id FROM household WHERE personal_of = $1), $2, 'spent', 100, '2026-11-20')`,
        [a.debtor.id, walletOfB.id],
      ),
    ).rejects.toThrow(/foreign key/);
  });

  it('allow only one default wallet per user', async () => {
    const { debtor } = await buildDebtor(ds, config);
    await buildWallet(ds, debtor.id, { isDefault: true });
    await expect(buildWallet(ds, debtor.id, { isDefault: true })).rejects.toThrow(/wallet_one_default/);
  });

  it('refuse to record the same income occurrence as deposited twice', async () => {
    const { debtor } = await buildDebtor(ds, config);
    const [{ id }] = await ds.query(
      `INSERT INTO income_source (household_id, source_name, frequency, next_pmt_date, payment_cents)
       VALUES ((SELECT id FROM household WHERE personal_of = $1), 'Job', 'WEEKLY', '2026-11-13', 100) RETURNING id`,
      [debtor.id],
    );
    const deposit = `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, amount_cents) VALUES ($1, '2026-11-13', (SELECT id FROM household WHERE personal_of = $2), 100)`;
    await ds.query(deposit, [id, debtor.id]);
    await expect(ds.query(deposit, [id, debtor.id])).rejects.toThrow(/duplicate key/);
  });
});
