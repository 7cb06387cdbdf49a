/**
 * Where the money goes (docs/product-rules.md §20) in the bench, on the production build, in this
 * process, with the statement history of found in your bank's bench (30,000 rows in 10 wallets over
 * 3 years, written straight into a generated household of the 1k database):
 * - the first read of a household's ledger that predates categories: every row categorized;
 * - a `ledger` page and `spendingByCategory` for a month: server time, median of 3, and their SQL
 *   statements against a household of 300 rows (the count must not grow with the rows);
 * - 'Always for' applied to the past, and a rule applied to the past, over the 30,000 rows;
 * - the three reports of the year in pictures over 36 months (cashFlowByMonth, netWorth,
 *   payPeriodHistory): server time, median of 3, and statements against the 300-row household;
 * - accuracy on generated years of US household statements (core/src/testing/household-year.ts):
 *   a new household with no corrections, and one that corrects each month's rows with 'Always for'.
 */
import { tsImport } from 'tsx/esm/api';
import { core, fromServer } from './lib/paths.mjs';
import { openServerDeps } from './lib/server-deps.mjs';
import { recordStatements, workStatements } from './lib/statements.mjs';
import { percentile } from './lib/stats.mjs';
import { writeHistory } from './recurring.mjs';

export const CATEGORY_BUDGETS = {
  ledgerMs: 100,
  spendingMs: 100,
  applyToPastMs: 500,
  reportMs: 150,
  rightShare: 0.85,
  wrongShare: 0.1,
  taughtShare: 0.97,
};
const WALLETS = 10;
const PER_WALLET = 3_000;

/** A household of the history's bench, as one from before categories: categorized on its first read. */
async function writeLedger(dataSource, householdId, memberId, today, perWallet, wallets) {
  await writeHistory(dataSource, householdId, memberId, today, perWallet, wallets, 'ledger');
  await dataSource.query('UPDATE household SET categorized_at = NULL WHERE id = $1', [householdId]);
}

/** Server time and statements of one call, recorded. */
async function timed(work) {
  const { recorded, restore } = recordStatements();
  const start = performance.now();
  let answer;
  try {
    answer = await work();
  } finally {
    restore();
  }
  return { ms: performance.now() - start, statements: workStatements(recorded), answer };
}

async function median(work) {
  await work(); // warm-up: the first call compiles the code paths
  const runs = [await timed(work), await timed(work), await timed(work)];
  return {
    ms: percentile(
      runs.map((run) => run.ms).sort((a, b) => a - b),
      50,
    ),
    statements: runs[0].statements,
  };
}

/** Right and wrong shares, before any correction and, with corrections, on arrival from the fourth month. */
async function accuracy() {
  const { householdYear } = await tsImport('../core/src/testing/household-year.ts', import.meta.url);
  const { chooseCategory, CATEGORY_KEYS, learningKey, payeeKey, payeeName } = core();
  const builtIn = new Map(CATEGORY_KEYS.map((key) => [key, key]));
  const choose = (sample, learned) => {
    const key = payeeKey(sample.description);
    const row = {
      walletId: '1',
      direction: sample.direction,
      amountCents: sample.amountCents,
      description: sample.description,
      payeeKey: key,
      payeeName: payeeName(key),
    };
    return chooseCategory(row, {}, { rules: [], learned, builtIn })?.categoryId ?? null;
  };
  let rows = 0;
  let right = 0;
  let wrong = 0;
  let taughtRows = 0;
  let taughtRight = 0;
  for (let seed = 1; seed <= 20; seed += 1) {
    const year = householdYear(seed);
    for (const sample of year) {
      const chosen = choose(sample, new Map());
      rows += 1;
      if (chosen === sample.truth) right += 1;
      else if (chosen !== null) wrong += 1;
    }
    const learned = new Map();
    for (let month = 0; month < 12; month += 1) {
      const monthRows = year.filter((sample) => sample.month === month);
      for (const sample of monthRows) {
        if (month >= 3) {
          taughtRows += 1;
          if (choose(sample, learned) === sample.truth) taughtRight += 1;
        }
      }
      for (const sample of monthRows) {
        if (choose(sample, learned) !== sample.truth)
          learned.set(learningKey(payeeKey(sample.description)), sample.truth);
      }
    }
  }
  return { households: 20, rows, right: right / rows, wrong: wrong / rows, taught: taughtRight / taughtRows };
}

export async function categoriesBench({ databaseUrl, today, userIds = [7, 8] }) {
  const { ledgerPage, spendingByCategory } = fromServer('modules/categories/ledger.service.js');
  const { categorizeRow, addRule } = fromServer('modules/categories/categories.service.js');
  const { deps, db } = await openServerDeps(databaseUrl);
  try {
    const householdOf = async (userId) =>
      (await db.dataSource.query('SELECT current_household_id AS id FROM debtor WHERE id = $1', [userId]))[0]
        .id;
    const [large, small] = [await householdOf(userIds[0]), await householdOf(userIds[1])];
    await writeLedger(db.dataSource, large, userIds[0], today, PER_WALLET, WALLETS);
    await writeLedger(db.dataSource, small, userIds[1], today, 300, 1);
    const firstRead = await timed(() =>
      ledgerPage(deps.dataSource, large, {
        from: null,
        to: null,
        walletId: null,
        categoryId: null,
        uncategorized: false,
        search: null,
        first: 100,
        after: null,
      }),
    );
    await ledgerPage(deps.dataSource, small, {
      from: null,
      to: null,
      walletId: null,
      categoryId: null,
      uncategorized: false,
      search: null,
      first: 100,
      after: null,
    });
    const page = (householdId) => () =>
      ledgerPage(deps.dataSource, householdId, {
        from: null,
        to: null,
        walletId: null,
        categoryId: null,
        uncategorized: false,
        search: null,
        first: 100,
        after: null,
      });
    const month = { from: `${today.slice(0, 7)}-01`, to: today };
    const spend = (householdId) => () =>
      spendingByCategory(deps.dataSource, householdId, month.from, month.to, null);
    // Pay recorded every other week for the three years: the pay periods' report has 78 to read.
    await db.dataSource.query(
      `INSERT INTO income_deposit (household_id, income_source_id, occurrence_date, wallet_id, amount_cents)
       SELECT s.household_id, s.id, $2::date - 14 * n, NULL, 200000
         FROM (SELECT id, household_id FROM income_source WHERE household_id = $1 ORDER BY id LIMIT 1) s,
              generate_series(1, 78) n
       ON CONFLICT DO NOTHING`,
      [large, today],
    );
    const { cashFlowReport, netWorthReport, payPeriodReport } = fromServer(
      'modules/reports/reports.service.js',
    );
    const reports = {
      cashFlowByMonth: (householdId) => () => cashFlowReport(deps.dataSource, householdId, today, 36, null),
      netWorth: (householdId) => () =>
        netWorthReport(deps.dataSource, householdId, today, 'America/New_York', 36),
      payPeriodHistory: (householdId) => () => payPeriodReport(deps.dataSource, householdId, today, 36),
    };
    const reportTimes = {};
    for (const [name, report] of Object.entries(reports)) {
      reportTimes[name] = { large: await median(report(large)), small: await timed(report(small)) };
    }
    const ledger = await median(page(large));
    const ledgerSmall = await timed(page(small));
    const spending = await median(spend(large));
    const spendingSmall = await timed(spend(small));

    // 'Always for' on a payee with rows in every wallet; then a rule over every row.
    const ledgerOf = { householdId: large, memberId: userIds[0] };
    const [target] = await db.dataSource.query(
      `SELECT id::text FROM import_ledger WHERE household_id = $1 AND description LIKE 'GYM CLASS 0%' LIMIT 1`,
      [large],
    );
    const [personal] = await db.dataSource.query(
      `SELECT id FROM category WHERE household_id = $1 AND key = 'PERSONAL_CARE'`,
      [large],
    );
    const always = await timed(() =>
      categorizeRow(deps, ledgerOf, { table: 'history', id: target.id }, personal.id, {
        remember: true,
        applyToPast: true,
      }),
    );
    const [shopping] = await db.dataSource.query(
      `SELECT id FROM category WHERE household_id = $1 AND key = 'SHOPPING'`,
      [large],
    );
    const rule = await timed(() =>
      addRule(deps, ledgerOf, {
        descriptionContains: 'shop 3',
        payee: null,
        amountMinCents: null,
        amountMaxCents: null,
        direction: null,
        walletId: null,
        categoryId: shopping.id,
        applyToPast: true,
      }),
    );
    return {
      rows: PER_WALLET * WALLETS,
      firstReadMs: firstRead.ms,
      ledgerMs: ledger.ms,
      spendingMs: spending.ms,
      alwaysMs: always.ms,
      alsoChanged: always.answer.alsoChanged,
      ruleMs: rule.ms,
      ruleMatches: rule.answer.matches,
      reportsMs: Object.fromEntries(
        Object.entries(reportTimes).map(([name, times]) => [name, times.large.ms]),
      ),
      statements: {
        ledger: [ledger.statements, ledgerSmall.statements],
        spending: [spending.statements, spendingSmall.statements],
        ...Object.fromEntries(
          Object.entries(reportTimes).map(([name, times]) => [
            name,
            [times.large.statements, times.small.statements],
          ]),
        ),
      },
      accuracy: await accuracy(),
    };
  } finally {
    await db.close();
  }
}

const percent = (share) => `${(share * 100).toFixed(1)}%`;

export function tabulateCategories(report, result) {
  report.section(
    `Where the money goes: ${result.rows.toLocaleString('en-US')} ledger rows in 10 wallets over 3 years`,
  );
  report.add(
    'first read of a household from before categories (all rows categorized)',
    `${result.firstReadMs.toFixed(0)} ms`,
    'INFO',
    true,
    'categories-first-read',
  );
  report.add(
    'ledger page of 100, server time (median of 3)',
    `${result.ledgerMs.toFixed(0)} ms`,
    `<= ${CATEGORY_BUDGETS.ledgerMs} ms`,
    result.ledgerMs <= CATEGORY_BUDGETS.ledgerMs,
    'ledger-page',
  );
  report.add(
    'spendingByCategory for a month (median of 3)',
    `${result.spendingMs.toFixed(0)} ms`,
    `<= ${CATEGORY_BUDGETS.spendingMs} ms`,
    result.spendingMs <= CATEGORY_BUDGETS.spendingMs,
    'spending-by-category',
  );
  report.add(
    `'Always for' applied to the past (${result.alsoChanged} rows moved)`,
    `${result.alwaysMs.toFixed(0)} ms`,
    `<= ${CATEGORY_BUDGETS.applyToPastMs} ms`,
    result.alwaysMs <= CATEGORY_BUDGETS.applyToPastMs,
    'categorize-apply-to-past',
  );
  report.add(
    `a rule applied to the past (${result.ruleMatches} rows)`,
    `${result.ruleMs.toFixed(0)} ms`,
    `<= ${CATEGORY_BUDGETS.applyToPastMs} ms`,
    result.ruleMs <= CATEGORY_BUDGETS.applyToPastMs,
    'rule-apply-to-past',
  );
  for (const [name, ms] of Object.entries(result.reportsMs)) {
    report.add(
      `${name} over 36 months (median of 3)`,
      `${ms.toFixed(0)} ms`,
      `<= ${CATEGORY_BUDGETS.reportMs} ms`,
      ms <= CATEGORY_BUDGETS.reportMs,
      `report-${name}`,
    );
  }
  for (const [name, [large, small]] of Object.entries(result.statements)) {
    report.add(
      `SQL statements of ${name}: 30,000 rows / 300 rows`,
      `${large} / ${small}`,
      'the same',
      large === small,
      `${name}-statements`,
    );
  }
  const { accuracy } = result;
  report.add(
    `right before any correction (${accuracy.households} generated years, ${accuracy.rows.toLocaleString('en-US')} rows)`,
    percent(accuracy.right),
    `>= ${percent(CATEGORY_BUDGETS.rightShare)}`,
    accuracy.right >= CATEGORY_BUDGETS.rightShare,
    'categories-right',
  );
  report.add(
    'wrong before any correction (the rest unsorted)',
    percent(accuracy.wrong),
    `<= ${percent(CATEGORY_BUDGETS.wrongShare)}`,
    accuracy.wrong <= CATEGORY_BUDGETS.wrongShare,
    'categories-wrong',
  );
  report.add(
    "right on arrival from the fourth month, correcting with 'Always for'",
    percent(accuracy.taught),
    `>= ${percent(CATEGORY_BUDGETS.taughtShare)}`,
    accuracy.taught >= CATEGORY_BUDGETS.taughtShare,
    'categories-taught',
  );
}
