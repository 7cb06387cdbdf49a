/**
 * Bank connections (docs/product-rules.md §15) in the bench, on the production build, in this
 * process: a generated user's connection with 3 accounts linked to 3 new wallets, and a SimpleFIN
 * double on loopback answering 90 days of them (about 1,000 posted rows and a few pending). One
 * sync's server time: the request, the reading, and each account through the statement import
 * (ledger, matches, confirm, the bank's balance). Then a second sync of the same answer (every row
 * known). Run on the 1k database.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { fromServer } from './lib/paths.mjs';
import { openServerDeps } from './lib/server-deps.mjs';

export const BANK_SYNC_BUDGET_MS = 1000;

function answerOf(nowSeconds) {
  const accounts = ['checking', 'savings', 'card'].map((id, a) => {
    const transactions = [];
    for (let i = 0; i < 334; i += 1) {
      const posted = nowSeconds - Math.floor((i * 90 * 86_400) / 334) - 3600;
      const cents = i % 15 === 0 ? 90_000 + a : -(250 + ((i * 53 + a * 11) % 12_000));
      transactions.push({
        id: `${id}-${i}`,
        posted,
        amount: (cents / 100).toFixed(2),
        description: `${id.toUpperCase()} MERCHANT ${i % 120}`,
      });
    }
    transactions.push({
      id: `${id}-pending`,
      posted: 0,
      amount: '-9.99',
      description: 'PENDING',
      pending: true,
    });
    return {
      org: { name: 'Bench Bank', domain: 'bench.example' },
      id,
      name: id,
      currency: 'USD',
      balance: '4321.00',
      'balance-date': nowSeconds,
      transactions,
    };
  });
  return { errors: [], accounts };
}

export async function bankSyncBench({ databaseUrl, today, userId = 3 }) {
  const { sealSecret } = fromServer('secret-box.js');
  const { syncBankConnection } = fromServer('modules/bank/bank.service.js');
  const body = JSON.stringify(answerOf(Math.floor(Date.now() / 1000)));
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accessUrl = `http://bench:secret@127.0.0.1:${server.address().port}/simplefin`;
  // The loopback double needs SIMPLEFIN_ALLOW_HTTP, which production refuses: the code is the same.
  const { deps, db } = await openServerDeps(databaseUrl, {
    NODE_ENV: 'test',
    SIMPLEFIN_ALLOW_HTTP: 'loopback',
  });
  const { config } = deps;
  try {
    const id = randomUUID();
    const [{ household_id: householdId }] = await db.dataSource.query(
      'SELECT current_household_id AS household_id FROM debtor WHERE id = $1',
      [userId],
    );
    const ledger = { householdId, memberId: userId };
    await db.dataSource.query(
      `INSERT INTO bank_connection (id, household_id, entered_by, label, access_url_sealed, next_sync_at)
       VALUES ($1, $2, $4, 'Bench Bank', $3, now() + interval '6 hours')`,
      [id, householdId, sealSecret(config.bank.secretsKey, accessUrl, id), userId],
    );
    for (const remote of ['checking', 'savings', 'card']) {
      const [{ id: walletId }] = await db.dataSource.query(
        `INSERT INTO wallet (household_id, name, balance_cents, is_default, last_update)
         VALUES ($1, $2, 100000, false, now()) RETURNING id`,
        [householdId, `Bench ${remote}`],
      );
      await db.dataSource.query(
        `INSERT INTO bank_account (connection_id, household_id, remote_id, org, name, currency, wallet_id, keep_balance)
         VALUES ($1, $2, $3, 'Bench Bank', $3, 'USD', $4, true)`,
        [id, householdId, remote, walletId],
      );
    }
    const day = { today, newZone: null };
    let t = performance.now();
    const first = await syncBankConnection(deps, ledger, id, day, 'America/New_York');
    const firstMs = performance.now() - t;
    t = performance.now();
    const second = await syncBankConnection(deps, ledger, id, day, 'America/New_York');
    const secondMs = performance.now() - t;
    return {
      rows: first.imported + first.toReview + first.duplicates,
      imported: first.imported,
      firstMs,
      secondMs,
      secondImported: second.imported,
      secondDuplicates: second.duplicates,
      answerKiB: Math.round(body.length / 1024),
    };
  } finally {
    await db.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

export function tabulateBank(report, result) {
  report.section(
    `Bank connection: one sync of 3 accounts, 90 days (${result.rows} rows, ${result.answerKiB} KiB answer)`,
  );
  report.add(
    `first sync, server time (${result.imported} imported)`,
    `${result.firstMs.toFixed(0)} ms`,
    `<= ${BANK_SYNC_BUDGET_MS} ms`,
    result.firstMs <= BANK_SYNC_BUDGET_MS,
    'bank-sync',
  );
  report.add(
    'the same answer again: imported / already known / time',
    `${result.secondImported} / ${result.secondDuplicates} / ${result.secondMs.toFixed(0)} ms`,
    '0 imported',
    result.secondImported === 0,
    'bank-resync',
  );
}
