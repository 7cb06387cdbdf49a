import { undoMigrationsThrough, withDatabaseBefore } from '../test/server-database';

/**
 * The move of the finance data into households (migrations 1796400000000 and 1796500000000), on an
 * account made before it: what the analysis reads of it (the snapshot of its wallets, income and
 * bills with their payments) and its register are the same before the migration, after it, and
 * after it is undone and run again. On this machine's PostgreSQL (a database of its own, since
 * undoing migrations would pull the schema from under the other test files).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** The first migration of households: undoing down to it leaves the schema as accounts had it. */
const FIRST_HOUSEHOLD_MIGRATION = 'FinanceInHouseholds1796400000000';

(serverUrl ? describe : describe.skip)('the finance data moving into households', () => {
  it("answers an existing account's figures identically before and after, and back again", async () => {
    await withDatabaseBefore(FIRST_HOUSEHOLD_MIGRATION, async (ds) => {
      const idOf = async (sql: string, params: unknown[] = []) =>
        ((await ds.query(sql, params)) as { id: number }[])[0]!.id;
      // An account as it was before households: its rows keyed by the account.
      const id = await idOf(
        `INSERT INTO debtor (username, email, first_name, last_name, password_hash, status, role, time_zone)
         VALUES ('before', 'before@example.com', 'Ada', 'Lovelace', 'x', 1, 'USER', 'America/New_York')
         RETURNING id`,
      );
      const walletId = await idOf(
        `INSERT INTO wallet (debtor_id, name, balance_cents, is_default, last_update)
         VALUES ($1, 'Checking', 250000, true, '2026-11-01T12:00:00Z') RETURNING id`,
        [id],
      );
      const sourceId = await idOf(
        `INSERT INTO income_source (debtor_id, source_name, frequency, next_pmt_date, payment_cents, wallet_id)
         VALUES ($1, 'Acme', 'BIWEEKLY', '2026-11-13', 200000, $2) RETURNING id`,
        [id, walletId],
      );
      await ds.query(
        `INSERT INTO income_deposit (income_source_id, occurrence_date, debtor_id, wallet_id, amount_cents)
         VALUES ($1, '2026-11-13', $2, $3, 200000)`,
        [sourceId, id, walletId],
      );
      const billId = await idOf(
        `INSERT INTO liability (debtor_id, creditor_name, debt_type, frequency, anchor_date, due_date, payment_cents)
         VALUES ($1, 'Rent', 'MORTGAGE_RENT', 'MONTHLY', '2026-11-20', '2026-12-20', 140000) RETURNING id`,
        [id],
      );
      await ds.query(
        `INSERT INTO liability_payment (debtor_id, liability_id, creditor_name, debt_type, due_date, kind,
                                        amount_cents, balance_reduced_cents, wallet_id, paid_on)
         VALUES ($1, $2, 'Rent', 'MORTGAGE_RENT', '2026-11-20', 'PAID', 140000, 0, $3, '2026-11-19')`,
        [id, billId, walletId],
      );
      await ds.query(
        `INSERT INTO register_entry (debtor_id, wallet_id, direction, amount_cents, kind, description, occurred_on)
         VALUES ($1, $2, 'spent', 1250, 'transaction', 'Groceries', '2026-11-18')`,
        [id, walletId],
      );

      const figures = async () => {
        // The function's arguments before the move (account, since) and after (account, household, since).
        const args = (await newSnapshot()) ? '$1::int, NULL, $2::date' : '$1::int, $2::date';
        const [snapshot] = (await ds.query(
          `SELECT wallets, income_sources, liabilities FROM finance_snapshot(${args})`,
          [id, '2026-10-01'],
        )) as { income_sources: Record<string, unknown>[]; liabilities: Record<string, unknown>[] }[];
        // A later migration adds each deposit's amount beside its date (the pay that arrived): the
        // figures compared are the ones both schemas answer.
        for (const source of snapshot!.income_sources) delete source.deposited_amounts;
        // And a debt's APR (the debt plan).
        for (const bill of snapshot!.liabilities) delete bill.apr;
        const register = (await ds.query(
          `SELECT id, wallet_id, direction, amount_cents, kind, description, occurred_on::text
             FROM register_entry ORDER BY id`,
        )) as unknown[];
        return { snapshot, register };
      };
      const newSnapshot = async () =>
        (
          (await ds.query(
            `SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'finance_snapshot' AND pronargs = 3`,
          )) as { n: number }[]
        )[0]!.n === 1;

      const before = await figures();
      await ds.runMigrations({ transaction: 'each' });
      const after = await figures();
      expect(after).toEqual(before);
      const [home] = (await ds.query(
        `SELECT h.id FROM household h JOIN debtor d ON d.current_household_id = h.id WHERE h.personal_of = $1`,
        [id],
      )) as { id: string }[];
      expect(home).toBeDefined();
      expect(await ds.query('SELECT DISTINCT household_id FROM wallet')).toEqual([
        { household_id: home!.id },
      ]);

      await undoMigrationsThrough(ds, FIRST_HOUSEHOLD_MIGRATION);
      expect(await figures()).toEqual(before);
      await ds.runMigrations({ transaction: 'each' });
      expect(await figures()).toEqual(before);

      // Ada gives her household to Bob, who has one of his own with a default wallet: Bob owns two.
      const bob = await idOf(
        `INSERT INTO debtor (username, email, first_name, last_name, password_hash, status, role, time_zone)
         VALUES ('bobby', 'bob@example.com', 'Bob', 'Lovelace', 'x', 1, 'USER', 'America/New_York')
         RETURNING id`,
      );
      await ds.query(
        `INSERT INTO wallet (household_id, name, balance_cents, is_default)
         SELECT id, 'Cash', 100, true FROM household WHERE personal_of = $1`,
        [bob],
      );
      await ds.query(`UPDATE household_member SET role = 'EDITOR' WHERE household_id = $1`, [home!.id]);
      await ds.query(
        `INSERT INTO household_member (household_id, debtor_id, role) VALUES ($1, $2, 'OWNER')`,
        [home!.id, bob],
      );
      await ds.query('UPDATE household SET personal_of = NULL WHERE id = $1', [home!.id]);
      // Undone, each household's rows go to its owner, and an account keeps one default wallet.
      await undoMigrationsThrough(ds, FIRST_HOUSEHOLD_MIGRATION);
      expect(
        await ds.query('SELECT name, is_default FROM wallet WHERE debtor_id = $1 ORDER BY id', [bob]),
      ).toEqual([
        { name: 'Checking', is_default: true },
        { name: 'Cash', is_default: false },
      ]);
      await ds.runMigrations({ transaction: 'each' });
    });
  });
});
