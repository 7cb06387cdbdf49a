/**
 * Data generator: realistic TrueNet users written straight into PostgreSQL with set-based
 * `INSERT ... SELECT generate_series` statements (no row goes through Node).
 *
 * Each user: 2-5 wallets (the first is the default), 1-3 income sources of mixed frequencies
 * (bi-weekly, weekly, twice monthly, monthly; 8% inactive) with their deposit history of the last
 * 92 days (the latest pay deposited 60% of the time, older ones 90%), 10-40 liabilities from a
 * catalogue of real billers with type-appropriate amounts and frequencies (mostly monthly, some
 * past due, some paid but not cleared, 30% auto-pay), 2-11 register entries per wallet over the
 * last 27 days, an active subscription, and a time zone among 7 US zones.
 *
 * Counts per user come from a hash of the user id, so a run is reproducible; amounts and dates
 * from `random()` after `setseed`.
 *
 * Speed: users are written in batches; per batch, one connection writes users, subscriptions,
 * wallets and income sources, then two connections write liabilities and register entries +
 * deposits in parallel (2 cores). Foreign-key triggers are skipped while loading
 * (`session_replication_role = replica`, superuser only) since every reference is built from the
 * rows just written; indexes stay in place and are maintained as on a live database.
 */
import { pgClient } from './lib/db.mjs';

/** A non-negative pseudo-random integer below `n` from a SQL integer expression. */
const h = (expression, n) => `mod(hashint4(${expression})::bigint & 2147483647, ${n})`;

export const TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Anchorage',
  'Pacific/Honolulu',
];

const sqlArray = (values) => `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;

const FIRST_NAMES = [
  'Ava',
  'Liam',
  'Mia',
  'Noah',
  'Emma',
  'Lucas',
  'Zoe',
  'Ethan',
  'Lily',
  'Mason',
  'Nora',
  'Owen',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Johnson',
  'Lee',
  'Brown',
  'Davis',
  'Lopez',
  'Wilson',
  'Clark',
  'Young',
  'King',
  'Hall',
];
const WALLET_NAMES = ['Checking', 'Savings', 'Cash', 'Credit Union', 'Emergency Fund'];
const INCOME_NAMES = [
  'ADP Payroll',
  'Paychex',
  'Gusto',
  'Social Security',
  'Walmart',
  'Amazon',
  'Target',
  'Uber',
  'DoorDash',
  'Side gig',
];
/** name, type, payment base and spread in cents, whether a remaining balance is tracked. */
const CREDITORS = [
  ['Rocket Mortgage', 'MORTGAGE_RENT', 120000, 150000, true],
  ['Landlord rent', 'MORTGAGE_RENT', 90000, 120000, false],
  ['Toyota Financial Services', 'CAR_LOAN', 25000, 40000, true],
  ['Ford Credit', 'CAR_LOAN', 28000, 35000, true],
  ['Navient', 'GENERAL_LOAN', 10000, 40000, true],
  ['Wells Fargo', 'GENERAL_LOAN', 15000, 30000, true],
  ['Chase', 'CREDIT_CARD', 2500, 40000, true],
  ['Capital One', 'CREDIT_CARD', 2500, 30000, true],
  ['Discover', 'CREDIT_CARD', 2500, 25000, true],
  ['American Express', 'CREDIT_CARD', 3500, 50000, true],
  ['Bank of America', 'CREDIT_CARD', 2500, 30000, true],
  ['GEICO', 'INSURANCE', 8000, 20000, false],
  ['State Farm', 'INSURANCE', 9000, 25000, false],
  ['Progressive', 'INSURANCE', 8000, 22000, false],
  ['Allstate', 'INSURANCE', 9000, 20000, false],
  ['Verizon', 'MOBILE_PHONE', 4000, 12000, false],
  ['T-Mobile', 'MOBILE_PHONE', 3500, 11000, false],
  ['AT&T', 'MOBILE_PHONE', 4000, 12000, false],
  ['Netflix', 'SUBSCRIPTION', 699, 1600, false],
  ['Hulu', 'SUBSCRIPTION', 799, 1000, false],
  ['Spotify', 'SUBSCRIPTION', 1099, 600, false],
  ['Disney+', 'SUBSCRIPTION', 799, 800, false],
  ['YouTube Premium', 'SUBSCRIPTION', 1399, 400, false],
  ['Amazon Prime', 'SUBSCRIPTION', 1499, 0, false],
  ['Apple iCloud', 'SUBSCRIPTION', 99, 900, false],
  ['Duke Energy', 'UTILITY', 6000, 20000, false],
  ['PG&E', 'UTILITY', 7000, 25000, false],
  ['Comcast Xfinity', 'UTILITY', 5000, 10000, false],
  ['Spectrum', 'UTILITY', 5000, 9000, false],
  ['City water', 'UTILITY', 3000, 6000, false],
  ['Gym membership', 'MISC_BILL', 1000, 6000, false],
  ['Daycare', 'MISC_BILL', 40000, 80000, false],
];
/** 20 weighted slots: 12 monthly, 2 quarterly, 2 yearly, and one each of the rest. */
const EXPENSE_FREQUENCIES = [
  ...Array(12).fill(['MONTHLY', 0, 1]),
  ['QUARTERLY', 0, 3],
  ['QUARTERLY', 0, 3],
  ['YEARLY', 0, 12],
  ['YEARLY', 0, 12],
  ['TWICE_YEARLY', 0, 6],
  ['BIMONTHLY', 0, 2],
  ['WEEKLY', 7, 0],
  ['BIWEEKLY', 14, 0],
];
/** 10 weighted slots: 4 bi-weekly, 2 weekly, 2 twice monthly, 2 monthly. */
const INCOME_FREQUENCIES = [
  'BIWEEKLY',
  'BIWEEKLY',
  'BIWEEKLY',
  'BIWEEKLY',
  'WEEKLY',
  'WEEKLY',
  'TWICE_MONTHLY',
  'TWICE_MONTHLY',
  'MONTHLY',
  'MONTHLY',
];

const values = (rows) =>
  rows
    .map(
      (row, i) =>
        `(${[i, ...row].map((v) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v))).join(', ')})`,
    )
    .join(',\n');

// $1 first user id, $2 last user id; $3 "today" (the earliest calendar date among the users' zones),
// except for debtors, where $3 is the password hash.
const SQL = {
  debtors: `
    INSERT INTO debtor (id, username, email, first_name, last_name, password_hash, status, role, time_zone,
                        created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT d, 'bench' || d, 'bench' || d || '@example.test',
           (${sqlArray(FIRST_NAMES)})[1 + ${h('d + 1', FIRST_NAMES.length)}],
           (${sqlArray(LAST_NAMES)})[1 + ${h('d + 2', LAST_NAMES.length)}],
           $3, 1, 'USER', (${sqlArray(TIME_ZONES)})[1 + ${h('d + 3', TIME_ZONES.length)}],
           now() - interval '400 days', now()
      FROM generate_series($1::int, $2::int) d`,
  // Every account's personal household, as the trigger on debtor makes it (which a replica-role
  // loader does not fire).
  households: `
    WITH made AS (
      INSERT INTO household (name, personal_of)
      SELECT first_name || '''s household', id FROM debtor d
       WHERE id BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM household h WHERE h.personal_of = d.id)
      RETURNING id, personal_of
    ), members AS (
      INSERT INTO household_member (household_id, debtor_id, role) SELECT id, personal_of, 'OWNER' FROM made
    )
    UPDATE debtor d SET current_household_id = made.id FROM made WHERE made.personal_of = d.id`,
  // The built-in categories of each, as the trigger on household makes them.
  categories: `
    SELECT add_built_in_categories(h.id) FROM household h
     WHERE h.personal_of BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM category c WHERE c.household_id = h.id)`,
  subscriptions: `
    INSERT INTO subscription (debtor_id, status, plan, current_period_end, updated_at)
    SELECT d, 'active', 'YEARLY', now() + interval '200 days', now()
      FROM generate_series($1::int, $2::int) d`,
  wallets: `
    INSERT INTO wallet (household_id, name, balance_cents, is_default, last_update, created_at)
    SELECT h.id, (${sqlArray(WALLET_NAMES)})[k], (random() * 900000)::bigint - 20000, k = 1,
           now() - random() * interval '20 days', now() - interval '400 days'
      FROM generate_series($1::int, $2::int) d
      JOIN household h ON h.personal_of = d
     CROSS JOIN LATERAL generate_series(1, 2 + ${h('d + 7', 4)}::int) k`,
  incomeSources: `
    WITH names(i, name) AS (VALUES ${values(INCOME_NAMES.map((name) => [name]))}),
    freqs(i, frequency) AS (VALUES ${values(INCOME_FREQUENCIES.map((frequency) => [frequency]))}),
    raw AS (
      SELECT d, hh.id AS household, k, names.name, freqs.frequency, random() AS r1, random() AS r2, random() AS r3
        FROM generate_series($1::int, $2::int) d
        JOIN household hh ON hh.personal_of = d
       CROSS JOIN LATERAL generate_series(1, 1 + ${h('d + 31337', 3)}::int) k
        JOIN names ON names.i = ${h('d * 8 + k', INCOME_NAMES.length)}
        JOIN freqs ON freqs.i = ${h('d * 8 + k + 555', INCOME_FREQUENCIES.length)}
    ),
    anchored AS (
      SELECT raw.*, CASE frequency
               WHEN 'WEEKLY' THEN $3::date - (r1 * 6)::int
               WHEN 'BIWEEKLY' THEN $3::date - (r1 * 13)::int
               WHEN 'MONTHLY' THEN $3::date - (r1 * 27)::int
               ELSE date_trunc('month', $3::date - 20)::date + (ARRAY[0, 4, 9, 12])[1 + floor(r1 * 4)::int]
             END AS anchor
        FROM raw
    )
    INSERT INTO income_source (household_id, source_name, frequency, next_pmt_date, bi_monthly_pay_date,
                               payment_cents, active)
    SELECT household, name, frequency, anchor, CASE WHEN frequency = 'TWICE_MONTHLY' THEN anchor + 14 END,
           CASE WHEN frequency = 'WEEKLY' THEN 40000 + (r2 * 80000)::bigint ELSE 100000 + (r2 * 350000)::bigint END,
           r3 < 0.92
      FROM anchored`,
  deposits: `
    INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents, deposited_at)
    SELECT id, dt, household_id, wallet_id, payment_cents, dt + time '12:00'
      FROM (
        SELECT s.id, s.household_id, w.id AS wallet_id, s.payment_cents, k,
               CASE s.frequency
                 WHEN 'WEEKLY' THEN s.next_pmt_date - 7 * k
                 WHEN 'BIWEEKLY' THEN s.next_pmt_date - 14 * k
                 WHEN 'MONTHLY' THEN (s.next_pmt_date - make_interval(months => k))::date
                 ELSE ((CASE WHEN k % 2 = 0 THEN s.next_pmt_date ELSE s.bi_monthly_pay_date END)
                        - make_interval(months => k / 2))::date
               END AS dt
          FROM household h
          JOIN income_source s ON s.household_id = h.id
          JOIN wallet w ON w.household_id = s.household_id AND w.is_default
         CROSS JOIN generate_series(0, 12) k
         WHERE h.personal_of BETWEEN $1 AND $2
      ) x
     WHERE dt <= $3::date AND dt >= $3::date - 92 AND random() < CASE WHEN k = 0 THEN 0.6 ELSE 0.9 END`,
  liabilities: `
    WITH catalogue(i, name, debt_type, base, spread, has_balance) AS (VALUES ${values(CREDITORS)}),
    freqs(i, frequency, step_days, step_months) AS (VALUES ${values(EXPENSE_FREQUENCIES)}),
    raw AS (
      SELECT d, w.household_id AS household, w.id AS wallet_id, c.name, c.debt_type, c.base, c.spread, c.has_balance,
             f.frequency, f.step_days, f.step_months,
             $3::date - (random() * 400)::int AS anchor, random() AS r1, random() AS r2, random() AS r3
        FROM generate_series($1::int, $2::int) d
        JOIN household hh ON hh.personal_of = d
        JOIN wallet w ON w.household_id = hh.id AND w.is_default
       CROSS JOIN LATERAL generate_series(1, 10 + ${h('d + 99991', 31)}::int) k
        JOIN catalogue c ON c.i = ${h('d * 64 + k', CREDITORS.length)}
        JOIN freqs f ON f.i = ${h('d * 64 + k + 7777777', EXPENSE_FREQUENCIES.length)}
    ),
    due AS (
      SELECT raw.*, CASE WHEN step_days > 0
               THEN anchor + step_days * greatest(0, ceil((($3::date - 12) - anchor) / step_days::numeric))::int
               ELSE (anchor + make_interval(months => step_months
                       * greatest(0, ceil((($3::date - 12) - anchor) / (step_months * 30.44)))::int))::date
             END AS due_date
        FROM raw
    )
    INSERT INTO liability (household_id, creditor_name, debt_type, frequency, anchor_date, due_date, payment_cents,
                           balance_cents, auto_pay, current_paid, current_cleared, paid_wallet_id)
    SELECT household, name, debt_type, frequency, anchor, due_date, base + (r1 * spread)::bigint,
           CASE WHEN has_balance THEN 100000 + (r2 * 2900000)::bigint END,
           r3 < 0.3, due_date <= $3::date + 5 AND r3 > 0.65, false,
           CASE WHEN due_date <= $3::date + 5 AND r3 > 0.65 THEN wallet_id END
      FROM due`,
  register: `
    INSERT INTO register_entry (household_id, wallet_id, direction, amount_cents, kind, description, occurred_on, created_at)
    SELECT household_id, wallet_id, CASE WHEN r1 < 0.8 THEN 'spent' ELSE 'deposited' END, 500 + (r2 * 20000)::bigint,
           'transaction',
           (ARRAY['Groceries', 'Gas', 'Coffee', 'Restaurant', 'Pharmacy', 'Transfer', 'Online order', NULL])[1 + floor(r3 * 8)::int],
           (ts AT TIME ZONE 'UTC')::date, ts
      FROM (
        SELECT w.household_id, w.id AS wallet_id, now() - random() * interval '27 days' AS ts,
               random() AS r1, random() AS r2, random() AS r3
          FROM household h
          JOIN wallet w ON w.household_id = h.id
         CROSS JOIN LATERAL generate_series(1, 2 + ${h('w.id', 10)}::int) k
         WHERE h.personal_of BETWEEN $1 AND $2
      ) x`,
};

async function loader(url) {
  const client = pgClient(url);
  await client.connect();
  await client.query('SET synchronous_commit = off');
  try {
    await client.query('SET session_replication_role = replica');
  } catch {
    // Not a superuser: foreign keys are checked row by row (slower, same data).
  }
  await client.query('SELECT setseed(0.4242)');
  return client;
}

/**
 * Writes users `from`..`to` (ids) and returns per-table row counts and the time taken.
 * `today` is a YYYY-MM-DD calendar date; `passwordHash` a real argon2 hash shared by every user.
 */
export async function generateUsers(url, { from, to, today, passwordHash, batchSize = 12_500, onBatch }) {
  const started = performance.now();
  const [a, b] = await Promise.all([loader(url), loader(url)]);
  const rows = {};
  const add = (table, result) => {
    rows[table] = (rows[table] ?? 0) + result.rowCount;
  };
  try {
    for (let lo = from; lo <= to; lo += batchSize) {
      const hi = Math.min(to, lo + batchSize - 1);
      const params = [lo, hi, today];
      add('debtor', await a.query(SQL.debtors, [lo, hi, passwordHash]));
      add('household', await a.query(SQL.households, [lo, hi]));
      await a.query(SQL.categories, [lo, hi]);
      add('subscription', await a.query(SQL.subscriptions, [lo, hi]));
      add('wallet', await a.query(SQL.wallets, [lo, hi]));
      add('income_source', await a.query(SQL.incomeSources, params));
      await Promise.all([
        a.query(SQL.liabilities, params).then((result) => add('liability', result)),
        b
          .query(SQL.register, [lo, hi])
          .then((result) => add('register_entry', result))
          .then(() => b.query(SQL.deposits, params))
          .then((result) => add('income_deposit', result)),
      ]);
      onBatch?.(hi);
    }
    await a.query(`SELECT setval(pg_get_serial_sequence('debtor', 'id'), (SELECT max(id) FROM debtor))`);
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
  return { users: to - from + 1, rows, seconds: (performance.now() - started) / 1000 };
}

/** Fresh statistics and visibility map after a bulk load, as autovacuum would leave them. */
export async function vacuumAnalyze(url) {
  const started = performance.now();
  const client = pgClient(url);
  await client.connect();
  try {
    await client.query(
      'VACUUM (ANALYZE) debtor, household, household_member, subscription, wallet, income_source, income_deposit, liability, register_entry',
    );
  } finally {
    await client.end();
  }
  return (performance.now() - started) / 1000;
}
