import { queryOne, queryRows } from '../../db/sql';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  errorCode,
  newUser,
  NOW,
  ok,
  settleLiability,
  storedBalance,
  ZONE,
  type TestUser,
} from '../../test/finance';

/**
 * Statement import end to end through the API (docs/product-rules.md §14): the real parser, the
 * real database, every dedupe rule, the bill and pay matches, the statement balance, undo,
 * concurrency and bad input. The clock stands on 2026-11-16 and can be moved for expiry.
 */

interface Txn {
  date: string;
  amount: number;
  name: string;
  fitid?: string;
}

/** A bank's OFX 1.x file: SGML, unclosed leaves. */
function ofx(transactions: Txn[], ledger?: { amount: number; date: string }, account = '1234'): string {
  const compact = (date: string) => date.replaceAll('-', '');
  return [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'CHARSET:1252',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD',
    `<BANKACCTFROM><BANKID>121000248<ACCTID>${account}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
    '<BANKTRANLIST><DTSTART>20261101<DTEND>20261120',
    ...transactions.map(
      (txn) =>
        `<STMTTRN><TRNTYPE>${txn.amount < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>${compact(txn.date)}<TRNAMT>${txn.amount.toFixed(2)}` +
        `${txn.fitid ? `<FITID>${txn.fitid}` : ''}<NAME>${txn.name}</STMTTRN>`,
    ),
    '</BANKTRANLIST>',
    ledger ? `<LEDGERBAL><BALAMT>${ledger.amount.toFixed(2)}<DTASOF>${compact(ledger.date)}</LEDGERBAL>` : '',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');

const PREVIEW = `id walletId fileName format encoding newCount duplicateCount statementBalance statementBalanceDate
  csvHeader csvSample savedMapping { dateColumn descriptionColumn amountColumn dateOrder skipRows }
  rows { index date amount description bankId status selected similarTransactionId
         billMatch { liabilityId creditorName dueDate scheduled } incomeMatch { incomeSourceId sourceName date expected } }`;
const BATCH =
  'id walletId fileName format importedCount skippedCount billsSettled depositsMarked balanceSetTo undoneAt';

interface PreviewRow {
  index: number;
  date: string;
  amount: number;
  description: string;
  status: string;
  selected: boolean;
  similarTransactionId: string | null;
  billMatch: { liabilityId: string; dueDate: string; scheduled: number } | null;
  incomeMatch: { incomeSourceId: string; date: string; expected: number } | null;
}
interface Preview {
  id: string;
  newCount: number;
  duplicateCount: number;
  encoding: string;
  statementBalance: number | null;
  csvHeader: string[] | null;
  csvSample: string[][] | null;
  savedMapping: { dateColumn: number; amountColumn: number } | null;
  rows: PreviewRow[];
}
interface Batch {
  id: string;
  importedCount: number;
  skippedCount: number;
  billsSettled: number;
  depositsMarked: number;
  balanceSetTo: number | null;
  undoneAt: string | null;
}

let now = NOW;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => now } });
});
afterAll(() => t.close());
afterEach(() => {
  now = NOW;
});

function previewRequest(
  user: TestUser,
  walletId: string,
  fileName: string,
  text: string,
  extra: object = {},
) {
  return t.gql<{ previewImport: Preview }>(
    `mutation($walletId: ID!, $fileName: String!, $content: String!, $csv: CsvMappingInput, $order: DateOrder,
              $account: String) {
       previewImport(walletId: $walletId, fileName: $fileName, contentBase64: $content, csv: $csv,
                     qifDateOrder: $order, statementAccount: $account, timeZone: "${ZONE}") { ${PREVIEW} }
     }`,
    { walletId, fileName, content: base64(text), ...extra },
    { token: user.token },
  );
}

async function preview(
  user: TestUser,
  walletId: string,
  text: string,
  fileName = 'statement.ofx',
  extra = {},
) {
  return ok(await previewRequest(user, walletId, fileName, text, extra)).previewImport;
}

function confirmRequest(user: TestUser, previewId: string, rows?: object[], applyStatementBalance = false) {
  return t.gql<{ confirmImport: Batch }>(
    `mutation($previewId: ID!, $rows: [ImportRowChoice!], $apply: Boolean) {
       confirmImport(previewId: $previewId, rows: $rows, applyStatementBalance: $apply, timeZone: "${ZONE}") { ${BATCH} }
     }`,
    { previewId, rows, apply: applyStatementBalance },
    { token: user.token },
  );
}

async function confirm(user: TestUser, previewId: string, rows?: object[], applyStatementBalance = false) {
  return ok(await confirmRequest(user, previewId, rows, applyStatementBalance)).confirmImport;
}

function undoRequest(user: TestUser, batchId: string) {
  return t.gql<{ undoImportBatch: Batch }>(
    `mutation($id: ID!) { undoImportBatch(id: $id, timeZone: "${ZONE}") { ${BATCH} } }`,
    { id: batchId },
    { token: user.token },
  );
}

async function register(walletId: string) {
  return queryRows<{
    id: string;
    kind: string;
    description: string;
    amount_cents: string;
    direction: string;
  }>(
    t.deps.dataSource,
    'SELECT id::text AS id, kind, description, amount_cents, direction FROM register_entry WHERE wallet_id = $1 ORDER BY register_entry.id',
    [Number(walletId)],
  );
}

async function setUp(balance = 1000) {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', balance);
  return { user, wallet };
}

const COFFEE: Txn = { date: '2026-11-10', amount: -4.5, name: 'BLUE BOTTLE COFFEE' };

describe('importing a statement', () => {
  it('previews every row as new, imports them once, and finds them all again in the same file', async () => {
    const { user, wallet } = await setUp(1000);
    const file = ofx([
      { date: '2026-11-02', amount: -52.1, name: 'KROGER #123', fitid: 'A1' },
      { date: '2026-11-05', amount: 300, name: 'Café refund', fitid: 'A2' },
    ]);
    const first = await preview(user, wallet.id, file);
    expect(
      first.rows.map((row) => [row.date, row.amount, row.description, row.status, row.selected]),
    ).toEqual([
      ['2026-11-02', -52.1, 'KROGER #123', 'NEW', true],
      ['2026-11-05', 300, 'Café refund', 'NEW', true],
    ]);
    expect(first).toMatchObject({ newCount: 2, duplicateCount: 0, encoding: 'WINDOWS-1252' });
    // A preview changes nothing.
    expect(await storedBalance(t, wallet.id)).toBe(100_000);

    const batch = await confirm(user, first.id);
    expect(batch).toMatchObject({ importedCount: 2, skippedCount: 0, billsSettled: 0, undoneAt: null });
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 5210 + 30_000);
    expect(
      (await register(wallet.id)).map((entry) => [
        entry.description,
        entry.direction,
        Number(entry.amount_cents),
      ]),
    ).toEqual([
      ['KROGER #123', 'spent', 5210],
      ['Café refund', 'deposited', 30_000],
    ]);

    const again = await preview(user, wallet.id, file);
    expect(again.rows.map((row) => [row.status, row.selected])).toEqual([
      ['DUPLICATE', false],
      ['DUPLICATE', false],
    ]);
    expect(again).toMatchObject({ newCount: 0, duplicateCount: 2 });
    // Confirming a preview of nothing new imports nothing.
    expect(await confirm(user, again.id)).toMatchObject({ importedCount: 0, skippedCount: 2 });
    expect(await storedBalance(t, wallet.id)).toBe(100_000 - 5210 + 30_000);

    const history = ok(
      await t.gql<{ importBatches: Batch[] }>(
        `query($walletId: ID) { importBatches(walletId: $walletId) { ${BATCH} } }`,
        { walletId: wallet.id },
        { token: user.token },
      ),
    ).importBatches;
    expect(history.map((entry) => entry.importedCount)).toEqual([0, 2]);
  });

  it('imports two identical coffees of one day once each, and an overlapping statement only adds the third', async () => {
    const { user, wallet } = await setUp(100);
    const twoCoffees = ofx([COFFEE, COFFEE]);
    await confirm(user, (await preview(user, wallet.id, twoCoffees)).id);
    expect(await storedBalance(t, wallet.id)).toBe(10_000 - 900);

    const overlapping = await preview(
      user,
      wallet.id,
      ofx([COFFEE, { ...COFFEE, name: 'blue  bottle coffee' }, COFFEE]),
    );
    expect(overlapping.rows.map((row) => row.status)).toEqual(['DUPLICATE', 'DUPLICATE', 'NEW']);
  });

  it('never takes rows with different bank ids for duplicates, even when everything else is the same', async () => {
    const { user, wallet } = await setUp();
    const file = ofx([
      { ...COFFEE, fitid: 'X1' },
      { ...COFFEE, fitid: 'X2' },
    ]);
    const first = await preview(user, wallet.id, file);
    expect(first.rows.map((row) => row.status)).toEqual(['NEW', 'NEW']);
    await confirm(user, first.id);
    const later = await preview(
      user,
      wallet.id,
      ofx([
        { ...COFFEE, fitid: 'X2' },
        { ...COFFEE, fitid: 'X3' },
      ]),
    );
    expect(later.rows.map((row) => row.status)).toEqual(['DUPLICATE', 'NEW']);
  });

  it('keeps ledgers per wallet: the same file is new in another wallet', async () => {
    const { user, wallet } = await setUp();
    const savings = await addWallet(t, user, 'Savings', 0);
    const file = ofx([{ ...COFFEE, fitid: 'W1' }]);
    await confirm(user, (await preview(user, wallet.id, file)).id);
    expect((await preview(user, savings.id, file)).rows[0]?.status).toBe('NEW');
  });
});

describe('deleting a register entry', () => {
  it('reverses its amount, and a deleted imported row comes back only when chosen', async () => {
    const { user, wallet } = await setUp(100);
    const file = ofx([{ ...COFFEE, fitid: 'D1' }]);
    await confirm(user, (await preview(user, wallet.id, file)).id);
    const [entry] = await register(wallet.id);
    const deleted = ok(
      await t.gql<{ deleteTransaction: { balance: number } }>(
        'mutation($id: ID!) { deleteTransaction(id: $id) { balance } }',
        { id: entry?.id },
        { token: user.token },
      ),
    );
    expect(deleted.deleteTransaction.balance).toBe(100);
    expect(await register(wallet.id)).toEqual([]);

    const again = await preview(user, wallet.id, file);
    expect(again.rows.map((row) => [row.status, row.selected])).toEqual([['DELETED_BEFORE', false]]);
    expect(await confirm(user, again.id)).toMatchObject({ importedCount: 0 });
    const chosen = await preview(user, wallet.id, file);
    expect(await confirm(user, chosen.id, [{ index: 0, import: true }])).toMatchObject({ importedCount: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(10_000 - 450);
  });

  it('deletes an entry typed by hand too, and another person cannot', async () => {
    const { user, wallet } = await setUp(100);
    ok(
      await t.gql(
        `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }`,
        { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 20 }, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    const [entry] = await register(wallet.id);
    const other = await newUser(t);
    const refused = await t.gql(
      'mutation($id: ID!) { deleteTransaction(id: $id) { id } }',
      { id: entry?.id },
      { token: other.token },
    );
    expect(errorCode(refused)).toBe('NOT_FOUND');
    expect(await storedBalance(t, wallet.id)).toBe(8000);
    ok(
      await t.gql(
        'mutation($id: ID!) { deleteTransaction(id: $id) { id } }',
        { id: entry?.id },
        { token: user.token },
      ),
    );
    expect(await storedBalance(t, wallet.id)).toBe(10_000);
  });
});

describe('entries typed by hand', () => {
  it('marks a row like one typed within 7 days as a possible duplicate, unselected, one row per entry', async () => {
    const { user, wallet } = await setUp(100);
    ok(
      await t.gql(
        `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }`,
        { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 4.5 }, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    const [typed] = await register(wallet.id);
    const result = await preview(
      user,
      wallet.id,
      ofx([
        { date: '2026-11-14', amount: -4.5, name: 'COFFEE', fitid: 'P1' },
        { date: '2026-11-15', amount: -4.5, name: 'COFFEE', fitid: 'P2' },
        { date: '2026-11-15', amount: 4.5, name: 'REFUND', fitid: 'P3' },
      ]),
    );
    expect(result.rows.map((row) => [row.status, row.selected, row.similarTransactionId])).toEqual([
      ['NEW', true, null],
      ['POSSIBLE_DUPLICATE', false, typed?.id],
      ['NEW', true, null],
    ]);
  });
});

describe('bills and pay', () => {
  it('settles a bill from its payment row through the payment history, the wallet moving once', async () => {
    const { user, wallet } = await setUp(3000);
    const rent = await addLiability(t, user, {
      creditorName: 'Rent',
      payment: 1200,
      dueDate: '2026-11-01',
      balance: 5000,
    });
    const result = await preview(
      user,
      wallet.id,
      ofx([{ date: '2026-11-03', amount: -1200, name: 'ACH RENT', fitid: 'R1' }]),
    );
    expect(result.rows[0]?.billMatch).toEqual({
      liabilityId: rent.id,
      creditorName: 'Rent',
      dueDate: '2026-11-01',
      scheduled: 1200,
    });

    const batch = await confirm(user, result.id);
    expect(batch).toMatchObject({ importedCount: 1, billsSettled: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(300_000 - 120_000);
    const payment = await queryOne<{ kind: string; amount_cents: string; paid_on: string; due_date: string }>(
      t.deps.dataSource,
      `SELECT kind, amount_cents, paid_on::text AS paid_on, due_date::text AS due_date FROM liability_payment WHERE liability_id = $1`,
      [Number(rent.id)],
    );
    expect(payment).toEqual({
      kind: 'PAID',
      amount_cents: '120000',
      paid_on: '2026-11-03',
      due_date: '2026-11-01',
    });
    const bill = await queryOne<{ due_date: string; balance_cents: string }>(
      t.deps.dataSource,
      'SELECT due_date::text AS due_date, balance_cents FROM liability WHERE id = $1',
      [Number(rent.id)],
    );
    expect(bill).toEqual({ due_date: '2026-12-01', balance_cents: '380000' });

    // Undo puts the bill, the history, the wallet and the ledger back as they were.
    expect(ok(await undoRequest(user, batch.id)).undoImportBatch.undoneAt).not.toBeNull();
    expect(await storedBalance(t, wallet.id)).toBe(300_000);
    expect(
      await queryOne(
        t.deps.dataSource,
        'SELECT due_date::text AS due_date, balance_cents FROM liability WHERE id = $1',
        [Number(rent.id)],
      ),
    ).toEqual({ due_date: '2026-11-01', balance_cents: '500000' });
    expect(
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM liability_payment WHERE liability_id = $1', [
        Number(rent.id),
      ]),
    ).toEqual([]);
    expect(await register(wallet.id)).toEqual([]);
    const fresh = await preview(
      user,
      wallet.id,
      ofx([{ date: '2026-11-03', amount: -1200, name: 'ACH RENT', fitid: 'R1' }]),
    );
    expect(fresh.rows[0]?.status).toBe('NEW');
  });

  it('imports without settling when the person unticks the match, and refuses a bill on a deposit row', async () => {
    const { user, wallet } = await setUp(3000);
    const rent = await addLiability(t, user, { creditorName: 'Rent', payment: 1200, dueDate: '2026-11-01' });
    const file = ofx([
      { date: '2026-11-02', amount: -1150, name: 'ACH', fitid: 'U1' },
      { date: '2026-11-02', amount: 50, name: 'REFUND', fitid: 'U2' },
    ]);
    const result = await preview(user, wallet.id, file);
    expect(result.rows[0]?.billMatch?.liabilityId).toBe(rent.id);
    const refused = await confirmRequest(user, result.id, [
      { index: 1, import: true, settleLiabilityId: rent.id },
    ]);
    expect(refused.errors?.[0]?.message).toBe('Line 10 is a deposit: it cannot pay a bill');
    expect(await storedBalance(t, wallet.id)).toBe(300_000);

    const batch = await confirm(user, result.id, [{ index: 0, import: true }]);
    expect(batch).toMatchObject({ importedCount: 2, billsSettled: 0 });
    expect(await storedBalance(t, wallet.id)).toBe(300_000 - 115_000 + 5000);
  });

  it('refuses to undo an import whose bill was paid again since', async () => {
    const { user, wallet } = await setUp(5000);
    const rent = await addLiability(t, user, { creditorName: 'Rent', payment: 1200, dueDate: '2026-11-01' });
    const batch = await confirm(
      user,
      (
        await preview(
          user,
          wallet.id,
          ofx([{ date: '2026-11-01', amount: -1200, name: 'RENT', fitid: 'L1' }]),
        )
      ).id,
    );
    await settleLiability(t, user, wallet.id, rent.id);
    const balance = await storedBalance(t, wallet.id);
    const refused = await undoRequest(user, batch.id);
    expect(refused.errors?.[0]?.message).toMatch(/^Rent was paid again after this import/);
    expect(await storedBalance(t, wallet.id)).toBe(balance);
  });

  it('records a deposit row as the pay not deposited yet; the pay counts once, at the amount that arrived', async () => {
    const { user, wallet } = await setUp(0);
    const payroll = await addIncomeSource(t, user, {
      sourceName: 'Acme',
      nextPmtDate: '2026-11-13',
      paymentAmount: 2000,
    });
    const result = await preview(
      user,
      wallet.id,
      ofx([{ date: '2026-11-13', amount: 1990, name: 'ACME PAYROLL', fitid: 'PAY1' }]),
    );
    expect(result.rows[0]?.incomeMatch).toEqual({
      incomeSourceId: payroll.id,
      sourceName: 'Acme',
      date: '2026-11-13',
      expected: 2000,
    });
    const batch = await confirm(user, result.id);
    expect(batch).toMatchObject({ importedCount: 1, depositsMarked: 1 });
    expect(await storedBalance(t, wallet.id)).toBe(199_000);
    const analysis = ok(
      await t.gql<{
        cashFlowAnalysis: {
          lastIncomeReceived: { deposited: boolean; amount: number }[];
          lastIncomeTotal: number;
          nextIncome: { amount: number }[];
        };
      }>(
        `query { cashFlowAnalysis(timeZone: "${ZONE}") { lastIncomeReceived { deposited amount } lastIncomeTotal nextIncome { amount } } }`,
        {},
        { token: user.token },
      ),
    );
    // The pay that arrived: $1,990.00 this period; the schedule keeps $2,000.00 for the next pay.
    expect(analysis.cashFlowAnalysis).toEqual({
      lastIncomeReceived: [{ deposited: true, amount: 1990 }],
      lastIncomeTotal: 1990,
      nextIncome: [{ amount: 2000 }],
    });
    await confirm(user, (await preview(user, wallet.id, ofx([]))).id);
    expect(ok(await undoRequest(user, batch.id)).undoImportBatch.undoneAt).not.toBeNull();
    expect(
      await queryRows(t.deps.dataSource, 'SELECT 1 FROM income_deposit WHERE income_source_id = $1', [
        Number(payroll.id),
      ]),
    ).toEqual([]);
    expect(await storedBalance(t, wallet.id)).toBe(0);
  });
});

describe('the statement balance', () => {
  it('sets the wallet to the closing balance plus what the register holds after its date', async () => {
    const { user, wallet } = await setUp(100);
    // Typed today (Nov 16), after the statement's Nov 15 balance.
    ok(
      await t.gql(
        `mutation($input: UpdateWalletBalanceInput!) { updateWalletBalance(input: $input) { id } }`,
        { input: { walletId: wallet.id, transaction: { direction: 'SPENT', amount: 10 }, timeZone: ZONE } },
        { token: user.token },
      ),
    );
    const result = await preview(
      user,
      wallet.id,
      ofx([{ date: '2026-11-10', amount: -25, name: 'GAS', fitid: 'B1' }], {
        amount: 2500,
        date: '2026-11-15',
      }),
    );
    expect(result.statementBalance).toBe(2500);
    const batch = await confirm(user, result.id, undefined, true);
    expect(batch.balanceSetTo).toBe(2490);
    expect(await storedBalance(t, wallet.id)).toBe(249_000);
    expect((await register(wallet.id)).at(-1)).toMatchObject({
      kind: 'adjustment',
      description: 'Balance updated',
    });

    await undoRequest(user, batch.id);
    expect(await storedBalance(t, wallet.id)).toBe(9000);
    expect((await register(wallet.id)).map((entry) => entry.kind)).toEqual(['transaction']);
  });

  it('refuses a balance the statement does not state', async () => {
    const { user, wallet } = await setUp(100);
    const response = await confirmRequest(
      user,
      (await preview(user, wallet.id, ofx([COFFEE]))).id,
      undefined,
      true,
    );
    expect(response.errors?.[0]?.message).toBe('This statement states no closing balance to apply');
    expect(await storedBalance(t, wallet.id)).toBe(10_000);
  });
});

describe('confirming', () => {
  it('imports once when two confirms of one preview race: both answer the same batch', async () => {
    const { user, wallet } = await setUp(100);
    const result = await preview(user, wallet.id, ofx([COFFEE, { ...COFFEE, amount: -3 }]));
    const [one, two] = await Promise.all([confirm(user, result.id), confirm(user, result.id)]);
    expect(one.id).toBe(two.id);
    expect(await storedBalance(t, wallet.id)).toBe(10_000 - 750);
  });

  it('imports a row once when two previews of one file are confirmed', async () => {
    const { user, wallet } = await setUp(100);
    const first = await preview(user, wallet.id, ofx([COFFEE]));
    const second = await preview(user, wallet.id, ofx([COFFEE]));
    await Promise.all([confirm(user, first.id), confirm(user, second.id)]);
    expect(await storedBalance(t, wallet.id)).toBe(10_000 - 450);
  });

  it('answers PREVIEW_EXPIRED after an hour, and changes nothing', async () => {
    const { user, wallet } = await setUp(100);
    const result = await preview(user, wallet.id, ofx([COFFEE]));
    now = new Date(NOW.getTime() + 60 * 60 * 1000 + 1);
    const response = await confirmRequest(user, result.id);
    expect(response.errors?.[0]).toMatchObject({
      message: 'This preview has expired. Choose the file again.',
      extensions: { code: 'PREVIEW_EXPIRED' },
    });
    expect(await storedBalance(t, wallet.id)).toBe(10_000);
  });

  it("answers NOT_FOUND for another person's preview and batch", async () => {
    const { user, wallet } = await setUp(100);
    const result = await preview(user, wallet.id, ofx([COFFEE]));
    const other = await newUser(t);
    expect(errorCode(await confirmRequest(other, result.id))).toBe('NOT_FOUND');
    const batch = await confirm(user, result.id);
    expect(errorCode(await undoRequest(other, batch.id))).toBe('NOT_FOUND');
    expect(errorCode(await previewRequest(other, wallet.id, 'a.ofx', ofx([COFFEE])))).toBe('NOT_FOUND');
    expect(await storedBalance(t, wallet.id)).toBe(10_000 - 450);
  });
});

describe('CSV files', () => {
  const csv = [
    'Export of account 1234',
    'Date;Description;Amount',
    '03.11.2026;Bäckerei;-1.234,56',
    '04.11.2026;Gehalt;2.000,00',
  ].join('\r');

  it('answers the columns first, then imports with the mapping and remembers it for the wallet', async () => {
    const { user, wallet } = await setUp(0);
    const columns = await preview(user, wallet.id, csv, 'export.csv');
    expect(columns.rows).toEqual([]);
    expect(columns.csvSample?.length).toBeGreaterThan(0);
    expect(columns.savedMapping).toBeNull();
    expect((await confirmRequest(user, columns.id)).errors?.[0]?.message).toBe(
      'Choose the columns of this file first',
    );

    const mapping = {
      dateColumn: 0,
      descriptionColumn: 1,
      amountColumn: 2,
      dateOrder: 'DMY',
      decimalComma: true,
      skipRows: 2,
    };
    const mapped = await preview(user, wallet.id, csv, 'export.csv', { csv: mapping });
    expect(mapped.rows.map((row) => [row.date, row.description, row.amount])).toEqual([
      ['2026-11-03', 'Bäckerei', -1234.56],
      ['2026-11-04', 'Gehalt', 2000],
    ]);
    await confirm(user, mapped.id);
    expect(await storedBalance(t, wallet.id)).toBe(-123_456 + 200_000);
    expect((await preview(user, wallet.id, csv, 'export.csv')).savedMapping).toMatchObject({
      dateColumn: 0,
      amountColumn: 2,
    });
  });
});

describe('bad input', () => {
  it('names the line of a date that cannot be, and stores nothing', async () => {
    const { user, wallet } = await setUp(100);
    const response = await previewRequest(
      user,
      wallet.id,
      'bank.csv',
      'Date,Description,Amount\n31/02/2026,Shop,-3.00\n',
      {
        csv: { dateColumn: 0, descriptionColumn: 1, amountColumn: 2, dateOrder: 'DMY' },
      },
    );
    expect(response.errors?.[0]).toMatchObject({
      message: 'Line 2: "31/02/2026" is not a date (DD/MM/YYYY)',
      extensions: { code: 'BAD_USER_INPUT', reason: 'BAD_FILE' },
    });
    expect(
      await queryRows(
        t.deps.dataSource,
        'SELECT 1 FROM import_preview WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)',
        [user.id],
      ),
    ).toEqual([]);
  });

  it('says which formats it reads, asks for the date order of an ambiguous QIF, and for the account of a file of several', async () => {
    const { user, wallet } = await setUp();
    const unknown = await previewRequest(user, wallet.id, 'photo.png', '\u0089PNG');
    expect(unknown.errors?.[0]).toMatchObject({
      message: 'TrueNet reads OFX, QFX, QIF, CSV and camt.053 files.',
      extensions: { reason: 'UNKNOWN_FORMAT' },
    });
    const qif = '!Type:Bank\nD01/02/2026\nT-10.00\nPShop\n^\n';
    expect((await previewRequest(user, wallet.id, 'a.qif', qif)).errors?.[0]?.extensions).toMatchObject({
      reason: 'DATE_ORDER_NEEDED',
    });
    expect((await preview(user, wallet.id, qif, 'a.qif', { order: 'DMY' })).rows[0]?.date).toBe('2026-02-01');
    const statementOf = (account: string) =>
      ofx([COFFEE], undefined, account)
        .split('\n')
        .slice(5)
        .join('\n')
        .replace('<OFX><BANKMSGSRSV1>', '')
        .replace('</BANKMSGSRSV1></OFX>', '');
    const two = `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1>${statementOf('1234')}${statementOf('9999')}</BANKMSGSRSV1></OFX>`;
    const choice = await previewRequest(user, wallet.id, 'two.ofx', two);
    expect(choice.errors?.[0]?.extensions).toMatchObject({
      reason: 'ACCOUNT_CHOICE_NEEDED',
      accounts: ['1234', '9999'],
    });
  });

  it('refuses text that is not base64 and an empty file', async () => {
    const { user, wallet } = await setUp();
    const bad = await t.gql(
      'mutation($w: ID!) { previewImport(walletId: $w, fileName: "a.ofx", contentBase64: "%%%") { id } }',
      { w: wallet.id },
      { token: user.token },
    );
    expect(bad.errors?.[0]?.message).toBe('The file could not be read: choose it again');
    const empty = await t.gql(
      'mutation($w: ID!) { previewImport(walletId: $w, fileName: "a.ofx", contentBase64: "") { id } }',
      { w: wallet.id },
      { token: user.token },
    );
    expect(empty.errors?.[0]?.message).toBe('This file is empty');
  });

  it('reads at most 20 statements an hour per account', async () => {
    const { user, wallet } = await setUp();
    for (let i = 0; i < 20; i += 1) await preview(user, wallet.id, ofx([]));
    const refused = await previewRequest(user, wallet.id, 'a.ofx', ofx([]));
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
    expect(refused.errors?.[0]?.message).toMatch(
      /^You have read 20 statements in the last hour\. Try again in \d+ minutes?\.$/,
    );
  });

  it('accepts a statement file larger than the ordinary body limit', async () => {
    const { user, wallet } = await setUp(10_000);
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      date: '2026-11-02',
      amount: -1,
      name: `ROW ${i}`,
      fitid: `big${i}`,
    }));
    const result = await preview(user, wallet.id, ofx(rows));
    expect(result.newCount).toBe(3000);
  });
});
