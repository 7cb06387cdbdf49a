/**
 * Found in your bank (docs/product-rules.md §18) in the bench, on the production build, in this
 * process: a household of 10 wallets with 3 years of statement history, 30,000 rows in all (bills,
 * subscriptions and pay on their cadences among everyday spending at 150 payees each), written
 * straight into the statement history of a generated user on the 1k database.
 * - recurringSuggestions: server time, median of 3 (the history read, core's streams, the plan);
 * - its SQL statements, against a household with 300 rows: the count must not grow with the rows.
 */
import { fromServer } from './lib/paths.mjs';
import { openServerDeps } from './lib/server-deps.mjs';
import { recordStatements, workStatements } from './lib/statements.mjs';
import { percentile } from './lib/stats.mjs';

export const RECURRING_BUDGETS = { suggestionsMs: 300 };

const WALLETS = 10;
const BILLERS = [
  'NETFLIX.COM',
  'SPOTIFY USA',
  'VERIZON WIRELESS',
  'CON EDISON',
  'STATE FARM',
  'COMCAST CABLE',
  'HULU',
  'PLANET FITNESS',
  'GEICO AUTO',
  'CITY WATER',
];
const DAYS = 3 * 365;

/** A small deterministic noise source, so every run reads the same history. */
function noise(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The same day `months` months from `date` (negative: back), clamped to the month's length. */
function addMonths(date, months) {
  const [year, month, day] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

function dateBefore(today, days) {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** One wallet's rows: 12 bills and pay on their cadences, then spending to make `total` rows. */
export function walletHistory(today, wallet, total) {
  const random = noise(wallet + 1);
  const rows = [];
  const add = (daysBack, cents, description) => rows.push([dateBefore(today, daysBack), cents, description]);
  for (let back = DAYS - 1; back >= 0; back -= 1) {
    if (back % 14 === 3) add(back, 210_000, `ACME PAYROLL ${wallet} PPD ID: ${back}`);
    if (back % 7 === 2) add(back, -(2_000 + Math.round(random() * 300)), `GYM CLASS ${wallet}`);
  }
  for (let month = 0; month < 36; month += 1) {
    BILLERS.forEach((biller, bill) => {
      const date = addMonths(dateBefore(today, 3 + bill * 2), -month);
      rows.push([date, -(1_000 + bill * 1_250), `POS DEBIT CARD 4411 ${biller} #${month}`]);
    });
  }
  while (rows.length < total) {
    const payee = Math.floor(random() * 150);
    add(
      Math.floor(random() * DAYS),
      -(100 + Math.floor(random() * 20_000)),
      `SQ *SHOP ${wallet} ${payee} 02/14`,
    );
  }
  return rows.slice(0, total);
}

/**
 * `wallets` wallets of `perWallet` statement-history rows each (walletHistory), written straight into
 * the household; `name` names the wallets and keys their rows, so two benches can share a household.
 * `intoWalletIds`: into the household's own wallets instead of new ones.
 */
export async function writeHistory(
  dataSource,
  householdId,
  memberId,
  today,
  perWallet,
  wallets,
  name = 'history',
  { intoWalletIds = null } = {},
) {
  const walletIds = [];
  for (let wallet = 0; wallet < wallets; wallet += 1) {
    const [{ id }] = intoWalletIds
      ? [{ id: intoWalletIds[wallet] }]
      : await dataSource.query(
          `INSERT INTO wallet (household_id, name, balance_cents, is_default, last_update)
           VALUES ($1, $2, 0, false, now()) RETURNING id`,
          [householdId, `Bench ${name} ${wallet + 1}`],
        );
    const [{ id: batchId }] = await dataSource.query(
      `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format, entered_by)
       VALUES ($1, $2, gen_random_uuid(), 'history.ofx', 'OFX', $3) RETURNING id`,
      [householdId, id, memberId],
    );
    const rows = walletHistory(today, wallet, perWallet);
    await dataSource.query(
      `INSERT INTO import_ledger (household_id, wallet_id, key, batch_id, amount_cents, occurred_on, description,
                                  bank_id, history_only)
       SELECT $1, $2, 'id:' || $7 || n, $3, cents, day, description, $7 || n, true
         FROM unnest($4::date[], $5::bigint[], $6::text[]) WITH ORDINALITY AS t(day, cents, description, n)`,
      [
        householdId,
        id,
        batchId,
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
        rows.map((r) => r[2]),
        name.slice(0, 1),
      ],
    );
    walletIds.push(id);
  }
  return walletIds;
}

/**
 * The low-end rows' returning person (DESIGN: a year of categorized history): statement history in
 * up to three of `userId`'s own wallets, categorized as a first read would.
 */
/**
 * The generated user whose household is DESIGN's returning person for the low-end phone: three
 * wallets, two pay sources and the number of bills nearest a dozen (or the nearest there is).
 */
export async function dashboardPersonId(databaseUrl) {
  const { db } = await openServerDeps(databaseUrl);
  try {
    const [person] = await db.dataSource.query(
      `SELECT d.id FROM debtor d
        CROSS JOIN LATERAL (SELECT
          (SELECT count(*) FROM wallet w WHERE w.household_id = d.current_household_id) AS wallets,
          (SELECT count(*) FROM income_source i WHERE i.household_id = d.current_household_id) AS pays,
          (SELECT count(*) FROM liability l WHERE l.household_id = d.current_household_id) AS bills) c
        ORDER BY abs(c.wallets - 3) + abs(c.pays - 2), abs(c.bills - 12), d.id
        LIMIT 1`,
    );
    return person.id;
  } finally {
    await db.close();
  }
}

export async function giveDashboardHistory(databaseUrl, userId, today) {
  const { ensureCategorized } = fromServer('modules/categories/recategorize.js');
  const { db } = await openServerDeps(databaseUrl);
  try {
    const [{ id: householdId }] = await db.dataSource.query(
      'SELECT current_household_id AS id FROM debtor WHERE id = $1',
      [userId],
    );
    const wallets = await db.dataSource.query(
      'SELECT id FROM wallet WHERE household_id = $1 ORDER BY is_default DESC, id LIMIT 3',
      [householdId],
    );
    const walletIds = wallets.map((wallet) => wallet.id);
    await writeHistory(db.dataSource, householdId, userId, today, 400, walletIds.length, 'year', {
      intoWalletIds: walletIds,
    });
    await ensureCategorized(db.dataSource, householdId);
  } finally {
    await db.close();
  }
}

export async function recurringBench({ databaseUrl, today, userIds = [3, 4] }) {
  const { recurringSuggestions } = fromServer('modules/recurring/recurring.service.js');
  const { deps, db } = await openServerDeps(databaseUrl);
  try {
    const householdOf = async (userId) =>
      (await db.dataSource.query('SELECT current_household_id AS id FROM debtor WHERE id = $1', [userId]))[0]
        .id;
    const [large, small] = [await householdOf(userIds[0]), await householdOf(userIds[1])];
    await writeHistory(db.dataSource, large, userIds[0], today, 3_000, WALLETS);
    await writeHistory(db.dataSource, small, userIds[1], today, 300, 1);
    const read = async (householdId) => {
      const { recorded, restore } = recordStatements();
      const t = performance.now();
      let found;
      try {
        found = await recurringSuggestions(deps.dataSource, householdId, today);
      } finally {
        restore();
      }
      return { ms: performance.now() - t, statements: workStatements(recorded), found: found.length };
    };
    await read(large); // warm-up: the first read compiles the code paths
    const runs = [await read(large), await read(large), await read(large)];
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    const few = await read(small);
    return {
      rows: 3_000 * WALLETS,
      wallets: WALLETS,
      suggestionsMs: percentile(times, 50),
      found: runs[0].found,
      statements: { large: runs[0].statements, small: few.statements },
    };
  } finally {
    await db.close();
    // The heavy threads the suggestions ran on in this process.
    await fromServer('heavy/heavy-pool.js').closeHeavyPool();
  }
}

export function tabulateRecurring(report, result) {
  report.section(
    `Found in your bank: ${result.rows.toLocaleString('en-US')} history rows in ${result.wallets} wallets over 3 years`,
  );
  report.add(
    `recurringSuggestions, server time (median of 3; ${result.found} found)`,
    `${result.suggestionsMs.toFixed(0)} ms`,
    `<= ${RECURRING_BUDGETS.suggestionsMs} ms`,
    result.suggestionsMs <= RECURRING_BUDGETS.suggestionsMs,
    'recurring-suggestions',
  );
  report.add(
    'SQL statements: 30,000 rows / 300 rows',
    `${result.statements.large} / ${result.statements.small}`,
    'the same',
    result.statements.large === result.statements.small,
    'recurring-statements',
  );
}
