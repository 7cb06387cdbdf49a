/**
 * Statement import (docs/product-rules.md §14) in the bench, on the production build, in this
 * process: a generated user's new wallet with a bill and a pay to match, and OFX files of 100 and
 * 10,000 rows (with bank ids) and of 20,000 (the row limit).
 * - previewImport of the 10,000-row file: server time, median of 3 (the ledger, the register, the
 *   snapshot and core's reader and matcher, the preview stored);
 * - confirmImport of it: server time, and the SQL statements it sent (pg's Client.query wrapped,
 *   as in sql-count.mjs), against the 100-row file's: the count must not grow with the rows;
 * - the heap a preview of the 20,000-row file takes at its peak (sampled every 2 ms).
 * Run on the 1k database, whose users the rest of the bench only reads.
 */
import { fromServer } from './lib/paths.mjs';
import { openServerDeps } from './lib/server-deps.mjs';
import { recordStatements, workStatements } from './lib/statements.mjs';
import { percentile } from './lib/stats.mjs';

export const IMPORT_BUDGETS = { previewMs: 1000, confirmMs: 2000, peakHeapMiB: 256 };

/** A bank's OFX 1.x statement of `rows` transactions before `today`, ids `prefix1`, `prefix2`, … */
export function ofxOf(rows, { today, prefix }) {
  const day = (offset) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - offset * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
  const lines = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'CHARSET:1252',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>',
  ];
  lines.push('<BANKACCTFROM><BANKID>121000248<ACCTID>55501<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>');
  for (let i = 1; i <= rows; i += 1) {
    const cents = i % 10 === 0 ? 125_000 + (i % 7) : -(300 + ((i * 37) % 9_000));
    lines.push(
      `<STMTTRN><TRNTYPE>${cents < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${day(i % 60)}<TRNAMT>${(cents / 100).toFixed(2)}` +
        `<FITID>${prefix}${i}<NAME>MERCHANT ${i % 400} STORE #${i % 97}</STMTTRN>`,
    );
  }
  lines.push('</BANKTRANLIST><LEDGERBAL><BALAMT>1234.56<DTASOF>' + day(0) + '</LEDGERBAL>');
  lines.push('</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

async function peakHeapDuring(action) {
  global.gc?.();
  const base = process.memoryUsage().heapUsed;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  try {
    await action();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  return (peak - base) / 2 ** 20;
}

export async function importBench({ databaseUrl, today, userId = 2 }) {
  const { previewImport } = fromServer('modules/imports/preview.service.js');
  const { confirmImport } = fromServer('modules/imports/confirm.service.js');
  const { deps, db } = await openServerDeps(databaseUrl);
  const day = { today, newZone: null };
  try {
    // The preview limit (20 an hour) is per account: this run's previews count against a fresh window.
    await db.dataSource.query(`DELETE FROM rate_limit WHERE key LIKE 'import_preview:%'`);
    const [{ household_id: householdId }] = await db.dataSource.query(
      'SELECT current_household_id AS household_id FROM debtor WHERE id = $1',
      [userId],
    );
    const ledger = { householdId, memberId: userId };
    const [{ id: walletId }] = await db.dataSource.query(
      `INSERT INTO wallet (household_id, name, balance_cents, is_default, last_update)
       VALUES ($1, 'Bench import', 500000, false, now()) RETURNING id`,
      [householdId],
    );
    const preview = (bytes, fileName = 'bench.ofx') =>
      previewImport(
        deps,
        ledger,
        { walletId, fileName, bytes, csv: null, qifDateOrder: null, statementAccount: null },
        day,
      );
    const confirm = async (previewId) => {
      const { recorded, restore } = recordStatements();
      const t = performance.now();
      try {
        await confirmImport(deps, ledger, previewId, [], false, day);
      } finally {
        restore();
      }
      return { ms: performance.now() - t, statements: workStatements(recorded) };
    };

    const large = ofxOf(10_000, { today, prefix: 'L' });
    const previewTimes = [];
    let previewId;
    for (let run = 0; run < 3; run += 1) {
      const t = performance.now();
      previewId = (await preview(large)).preview.id;
      previewTimes.push(performance.now() - t);
    }
    previewTimes.sort((a, b) => a - b);
    const confirmedLarge = await confirm(previewId);
    const small = await confirm((await preview(ofxOf(100, { today, prefix: 'S' }))).preview.id);
    // The same 10,000 rows again: every one is already in the ledger.
    const t = performance.now();
    const again = await preview(large);
    const repreviewMs = performance.now() - t;
    const peakHeapMiB = await peakHeapDuring(() => preview(ofxOf(20_000, { today, prefix: 'M' })));
    return {
      rows: 10_000,
      fileKiB: Math.round(large.length / 1024),
      previewMs: percentile(previewTimes, 50),
      confirmMs: confirmedLarge.ms,
      confirmStatements: { rows10000: confirmedLarge.statements, rows100: small.statements },
      repreviewMs,
      repreviewDuplicates: again.preview.rows.filter((row) => row.status === 'DUPLICATE').length,
      peakHeapMiB,
    };
  } finally {
    await db.close();
  }
}

export function tabulateImports(report, result) {
  report.section(
    `Statement import: an OFX of ${result.rows.toLocaleString('en-US')} rows (${result.fileKiB} KiB)`,
  );
  report.add(
    'preview, server time (median of 3)',
    `${result.previewMs.toFixed(0)} ms`,
    `<= ${IMPORT_BUDGETS.previewMs} ms`,
    result.previewMs <= IMPORT_BUDGETS.previewMs,
    'import-preview',
  );
  report.add(
    'confirm, server time',
    `${result.confirmMs.toFixed(0)} ms`,
    `<= ${IMPORT_BUDGETS.confirmMs} ms`,
    result.confirmMs <= IMPORT_BUDGETS.confirmMs,
    'import-confirm',
  );
  const { rows10000, rows100 } = result.confirmStatements;
  report.add(
    'SQL statements per confirm: 10,000 rows / 100 rows',
    `${rows10000} / ${rows100}`,
    'the same',
    rows10000 === rows100,
    'import-statements',
  );
  report.add(
    'the same file again: duplicates found / time',
    `${result.repreviewDuplicates} / ${result.repreviewMs.toFixed(0)} ms`,
    `${result.rows}`,
    result.repreviewDuplicates === result.rows,
    'import-repreview',
  );
  report.add(
    'heap at the peak of a 20,000-row preview (the row limit)',
    `${result.peakHeapMiB.toFixed(0)} MiB`,
    `<= ${IMPORT_BUDGETS.peakHeapMiB} MiB`,
    result.peakHeapMiB <= IMPORT_BUDGETS.peakHeapMiB,
    'import-heap',
  );
}
