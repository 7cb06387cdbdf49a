import { addDays, addMonthsClamped, type IsoDate } from '@truenet/core';
import type { DataSource } from 'typeorm';
import { execute, queryRows } from '../db/sql';
import { demoCheckingTransactions } from '../modules/bank/simplefin-stand-in';

/**
 * The demo household's last year (docs/product-rules.md §25's Reports, the Spending tab and Found
 * in your bank need one to be worth opening): the demo bank's checking history written as a bank
 * would have given it (statement-history rows that never moved the wallet), the bills' and the
 * debts' payments in the payment history, the pay recorded, and a monthly transfer to savings
 * that keeps the checking account near today's balance, as a careful household's would be. The
 * current pay period is left as the specification's example: no bill or pay row in the last 31
 * days, only everyday spending. Rows are categorized on the household's first read.
 */

interface DemoRow {
  key: string;
  date: IsoDate;
  cents: number;
  description: string;
  liabilityId: number | null;
}

interface DemoBill {
  id: number;
  creditor_name: string;
  due_date: string;
  payment_cents: string;
  debt_type: string;
  apr: string | null;
  balance_cents: string | null;
}

/** What each bill's rows are called at the demo bank; the debts are the seed's own. */
const BILL_WORDS: [RegExp, string][] = [
  [/ROCKET MORTGAGE/, 'Rocket Mortgage'],
  [/VERIZON/, 'Verizon'],
  [/NETFLIX/, 'Netflix'],
];

const DEBT_ROWS: Record<string, string> = {
  'Chase Visa': 'CHASE CREDIT CRD AUTOPAY',
  'Toyota Financial': 'TOYOTA FINANCIAL PMT',
};

const dateOf = (posted: number) => new Date(posted * 1000).toISOString().slice(0, 10);

/** A debt's monthly interest at its APR, in cents: what a payment pays before the balance. */
function interestCents(balanceCents: number, apr: number): number {
  return Math.round((balanceCents * apr) / 100 / 12);
}

export async function writeDemoYear(
  db: DataSource,
  ledger: { householdId: string; memberId: number },
  today: IsoDate,
): Promise<void> {
  const [wallet] = await queryRows<{ id: number }>(
    db,
    'SELECT id FROM wallet WHERE household_id = $1 ORDER BY id LIMIT 1',
    [ledger.householdId],
  );
  const bills = await queryRows<DemoBill>(
    db,
    `SELECT id, creditor_name, due_date::text AS due_date, payment_cents::text AS payment_cents, debt_type,
            apr::text AS apr, balance_cents::text AS balance_cents
       FROM liability WHERE household_id = $1`,
    [ledger.householdId],
  );
  const [pay] = await queryRows<{ id: number }>(
    db,
    'SELECT id FROM income_source WHERE household_id = $1 LIMIT 1',
    [ledger.householdId],
  );
  if (!wallet || !pay) throw new Error('the demo household needs its wallet and its pay first');
  const billNamed = (name: string) => bills.find((bill) => bill.creditor_name === name);
  const historyEnd = addDays(today, -31);
  const nowSeconds = Math.floor(Date.parse(`${today}T12:00:00Z`) / 1000);

  const rows: DemoRow[] = [];
  for (const row of demoCheckingTransactions(nowSeconds)) {
    if (row.pending) continue;
    const date = dateOf(row.posted);
    const bill = BILL_WORDS.find(([words]) => words.test(row.description));
    const cents = Math.round(Number(row.amount) * 100);
    // This pay period stays the specification's example: its pay and bills are the dashboard's own.
    const everyday = !bill && !/PAYROLL/.test(row.description);
    if (date > historyEnd && !everyday) continue;
    rows.push({
      key: `id:${row.id}`,
      date,
      cents,
      description: row.description,
      liabilityId: bill ? (billNamed(bill[1])?.id ?? null) : null,
    });
  }
  // The debts' monthly payments, on their due day, as far back as the history goes.
  const payments: { bill: DemoBill; due: IsoDate; paidOn: IsoDate; cents: number; reducedCents: number }[] =
    [];
  const earliest = rows.reduce((first, row) => (row.date < first ? row.date : first), today);
  for (const bill of bills) {
    const debtRow = DEBT_ROWS[bill.creditor_name];
    const billRow = BILL_WORDS.find(([, name]) => name === bill.creditor_name);
    if (!debtRow && !billRow) continue;
    let balance = Number(bill.balance_cents ?? 0);
    for (let back = 1; ; back += 1) {
      const due = addMonthsClamped(bill.due_date, -back);
      if (due < earliest) break;
      if (due > historyEnd) continue;
      const cents = Number(bill.payment_cents);
      // Walking back, each earlier payment found the balance higher by what it paid off.
      const reducedCents = bill.apr === null ? 0 : cents - interestCents(balance + cents, Number(bill.apr));
      balance += Math.max(0, reducedCents);
      if (debtRow) {
        rows.push({
          key: `id:demo-${bill.id}-${due}`,
          date: due,
          cents: -cents,
          description: debtRow,
          liabilityId: bill.id,
        });
        payments.push({ bill, due, paidOn: due, cents, reducedCents: Math.max(0, reducedCents) });
      } else {
        // The bank's own row of that month's payment: the first of the bill's rows before its due date.
        const paid = rows
          .filter(
            (row) => row.liabilityId === bill.id && row.date <= due && row.date > addMonthsClamped(due, -1),
          )
          .sort((a, b) => b.date.localeCompare(a.date))[0];
        if (paid) payments.push({ bill, due, paidOn: paid.date, cents: -paid.cents, reducedCents: 0 });
      }
    }
  }
  // What is left each month goes to savings on the 25th (what a careful household does), so the
  // checking account stays near today's balance, a little up or down from month to month.
  const byMonth = new Map<string, number>();
  for (const row of rows)
    byMonth.set(row.date.slice(0, 7), (byMonth.get(row.date.slice(0, 7)) ?? 0) + row.cents);
  [...byMonth.keys()].sort().forEach((month, index) => {
    const day = `${month}-25` as IsoDate;
    if (day > historyEnd) return;
    const drift = (((index * 53) % 7) - 3) * 4_000;
    const transfer = (byMonth.get(month) ?? 0) - drift;
    if (transfer > 0) {
      rows.push({
        key: `id:demo-savings-${month}`,
        date: day,
        cents: -transfer,
        description: 'ONLINE TRANSFER TO SAV ...4455',
        liabilityId: null,
      });
    }
  });

  const [batch] = await queryRows<{ id: string }>(
    db,
    `INSERT INTO import_batch (household_id, wallet_id, preview_id, file_name, format, imported_count, moved_balance,
                               entered_by, created_at)
     VALUES ($1, $2, gen_random_uuid(), 'Everyday Checking', 'SIMPLEFIN', $3, false, $4, now() - interval '31 days')
     RETURNING id`,
    [ledger.householdId, wallet.id, rows.length, ledger.memberId],
  );
  await execute(
    db,
    `INSERT INTO import_ledger (household_id, wallet_id, batch_id, key, occurred_on, amount_cents, description, bank_id,
                                history_only, liability_id)
     SELECT $1, $2, $3, t.key, t.day, t.cents, t.description, substr(t.key, 4), true, t.liability_id
       FROM unnest($4::text[], $5::date[], $6::bigint[], $7::text[], $8::int[]) AS t(key, day, cents, description, liability_id)`,
    [
      ledger.householdId,
      wallet.id,
      batch!.id,
      rows.map((row) => row.key),
      rows.map((row) => row.date),
      rows.map((row) => row.cents),
      rows.map((row) => row.description),
      rows.map((row) => row.liabilityId),
    ],
  );
  await execute(
    db,
    `INSERT INTO liability_payment (household_id, liability_id, creditor_name, debt_type, due_date, kind, amount_cents,
                                    balance_reduced_cents, wallet_id, paid_on, entered_by)
     SELECT $1, t.id, t.name, t.debt_type, t.due, 'PAID', t.cents, t.reduced, $2, t.paid_on, $3
       FROM unnest($4::int[], $5::text[], $6::text[], $7::date[], $8::bigint[], $9::bigint[], $10::date[])
            AS t(id, name, debt_type, due, cents, reduced, paid_on)`,
    [
      ledger.householdId,
      wallet.id,
      ledger.memberId,
      payments.map((payment) => payment.bill.id),
      payments.map((payment) => payment.bill.creditor_name),
      payments.map((payment) => payment.bill.debt_type),
      payments.map((payment) => payment.due),
      payments.map((payment) => payment.cents),
      payments.map((payment) => payment.reducedCents),
      payments.map((payment) => payment.paidOn),
    ],
  );
  const paydays = rows.filter((row) => /PAYROLL/.test(row.description));
  await execute(
    db,
    `INSERT INTO income_deposit (household_id, income_source_id, occurrence_date, wallet_id, amount_cents)
     SELECT $1, $2, t.day, $3, t.cents FROM unnest($4::date[], $5::bigint[]) AS t(day, cents)
     ON CONFLICT DO NOTHING`,
    [ledger.householdId, pay.id, wallet.id, paydays.map((row) => row.date), paydays.map((row) => row.cents)],
  );
  // In use for the year the history covers; categorized on the first read, as an old household is.
  const since = `${earliest}T12:00:00Z`;
  for (const table of ['wallet', 'liability', 'income_source']) {
    await execute(db, `UPDATE ${table} SET created_at = $2 WHERE household_id = $1`, [
      ledger.householdId,
      since,
    ]);
  }
  await execute(db, 'UPDATE household SET categorized_at = NULL WHERE id = $1', [ledger.householdId]);
}
