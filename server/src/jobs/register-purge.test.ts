import { createDataSource } from '../db/data-source';
import { queryOne, queryRows } from '../db/sql';
import { buildDebtor, buildWallet } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';
import { TEST_DB_ENV } from '../test/test-database';
import { purgeExpiredImportPreviews, purgeOldRegisterEntries, REGISTER_PURGE_LOCK } from './register-purge';

// Years before any other test's rows: the purge runs over the whole shared database, and its cutoff
// (NOW − 28 days) must reach only the rows this file makes, while other files run in parallel.
const NOW = new Date('2020-01-15T15:00:00Z');
const clock = { now: () => NOW };
const DAY = 86_400_000;

describe('register purge', () => {
  let t: TestApp;
  let walletId: number;
  let debtorId: number;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  beforeEach(async () => {
    const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config);
    debtorId = debtor.id;
    walletId = (await buildWallet(t.deps.dataSource, debtor.id)).id;
  });
  afterAll(() => t.close());

  async function insertEntries(count: number, daysAgo: number) {
    await t.deps.dataSource.query(
      `INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, occurred_on, created_at)
       SELECT (SELECT id FROM household WHERE personal_of = $1), $2, 'spent', 100, '2026-10-01', $3::timestamptz FROM generate_series(1, $4)`,
      [debtorId, walletId, new Date(NOW.getTime() - daysAgo * DAY), count],
    );
  }

  const remaining = async () =>
    Number(
      (
        await queryOne<{ count: string }>(
          t.deps.dataSource,
          'SELECT count(*) AS count FROM register_entry WHERE wallet_id = $1',
          [walletId],
        )
      )?.count,
    );

  it('deletes statement previews a day past their hour, and keeps the import ledger', async () => {
    const preview = (expiresAt: Date) =>
      queryOne<{ id: string }>(
        t.deps.dataSource,
        `INSERT INTO import_preview (household_id, wallet_id, file_name, format, encoding, rows, expires_at)
         VALUES ((SELECT id FROM household WHERE personal_of = $1), $2, 'a.ofx', 'OFX', 'UTF-8', '[]', $3) RETURNING id`,
        [debtorId, walletId, expiresAt],
      );
    const old = await preview(new Date(NOW.getTime() - DAY - 1000));
    const recent = await preview(new Date(NOW.getTime() - DAY + 60_000));
    const batch = await queryOne<{ id: string }>(
      t.deps.dataSource,
      `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format) VALUES ((SELECT id FROM household WHERE personal_of = $1), $2, $3, 'a.ofx', 'OFX') RETURNING id`,
      [debtorId, walletId, old?.id],
    );
    await queryRows(
      t.deps.dataSource,
      `INSERT INTO import_ledger (wallet_id, key, household_id, batch_id, amount_cents) VALUES ($1, 'id:1', (SELECT id FROM household WHERE personal_of = $2), $3, -100)`,
      [walletId, debtorId, batch?.id],
    );
    expect(await purgeExpiredImportPreviews(t.deps.dataSource, clock)).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ id: string }>(
      t.deps.dataSource,
      'SELECT id FROM import_preview WHERE wallet_id = $1',
      [walletId],
    );
    expect(left.map((row) => row.id)).toEqual([recent?.id]);
    expect(
      await queryRows(t.deps.dataSource, 'SELECT key FROM import_ledger WHERE wallet_id = $1', [walletId]),
    ).toEqual([{ key: 'id:1' }]);
  });

  it('deletes register entries older than 28 days, in batches, and keeps the recent ones', async () => {
    await insertEntries(25, 40);
    await insertEntries(3, 28.01);
    await insertEntries(7, 27.9);
    const result = await purgeOldRegisterEntries(t.deps.dataSource, clock, 10);
    expect(result).toEqual({ ran: true, deleted: 28 });
    expect(await remaining()).toBe(7);
  });

  it('steps aside while another instance holds the purge lock', async () => {
    await insertEntries(5, 40);
    const other = createDataSource(process.env[TEST_DB_ENV] as string, { poolSize: 1 });
    await other.initialize();
    const runner = other.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [REGISTER_PURGE_LOCK]);
      if (process.env.TEST_DATABASE_URL) {
        // The embedded database has one session per server: its advisory locks are not shared.
        expect(await purgeOldRegisterEntries(t.deps.dataSource, clock)).toEqual({ ran: false, deleted: 0 });
        expect(await remaining()).toBe(5);
      }
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [REGISTER_PURGE_LOCK]);
      await runner.release();
      await other.destroy();
    }
    expect(await purgeOldRegisterEntries(t.deps.dataSource, clock)).toEqual({ ran: true, deleted: 5 });
  });

  it('several instances purging at once delete each old entry once and nothing recent', async () => {
    await insertEntries(50, 35);
    await insertEntries(4, 1);
    const instances = await Promise.all(
      [1, 2, 3].map(async () => {
        const ds = createDataSource(process.env[TEST_DB_ENV] as string, { poolSize: 1 });
        await ds.initialize();
        return ds;
      }),
    );
    try {
      const results = await Promise.all(instances.map((ds) => purgeOldRegisterEntries(ds, clock, 7)));
      expect(results.reduce((sum, result) => sum + result.deleted, 0)).toBe(50);
    } finally {
      await Promise.all(instances.map((ds) => ds.destroy()));
    }
    const left = await queryRows<{ created_at: Date }>(
      t.deps.dataSource,
      'SELECT created_at FROM register_entry WHERE wallet_id = $1',
      [walletId],
    );
    expect(left).toHaveLength(4);
  });
});
