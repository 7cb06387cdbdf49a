import { queryOne } from '../../db/sql';
import { INCOME_SOURCE_COLUMNS } from '../income/income.rows';
import { LIABILITY_COLUMNS } from '../liabilities/liabilities.rows';
import { WALLET_COLUMNS } from '../wallets/wallets.rows';
import { loadFinanceSnapshot, PAYMENT_JSON } from './analysis.service';
import { buildLiability, buildWallet, buildIncomeSource, householdOf } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { statementKind, statementsDuring, walled } from '../../test/statement-counter';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  ANALYSIS,
  errorCode,
  newUser,
  ok,
  settleLiability,
  startFinanceApp,
  TODAY,
  ZONE,
} from '../../test/finance';

type Analysis = {
  cashFlowAnalysis: {
    asOf: string;
    nextIncomeDate: string | null;
    lastIncomeTotal: number;
    obligationsTotal: number;
    netIncomeThisPeriod: number;
    availableCash: number;
    walletAvailableBalance: number | null;
    obligations: { creditorName: string; amount: number }[];
  };
};

const ANALYSIS_QUERY = `query($walletId: ID, $timeZone: String, $asOf: Date) {
  cashFlowAnalysis(walletId: $walletId, timeZone: $timeZone, asOf: $asOf) { ${ANALYSIS} }
}`;

describe('cash-flow analysis', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());

  it("computes the specification's example end to end: 2000 - (1400 + 150 + 21) = 429", async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 3000);
    await addIncomeSource(t, user, {
      sourceName: 'Paycheck',
      paymentAmount: 2000,
      nextPmtDate: '2026-11-13',
    });
    await addLiability(t, user, { creditorName: 'Mortgage', payment: 1400, dueDate: '2026-11-20' });
    await addLiability(t, user, {
      creditorName: 'Phone',
      debtType: 'MOBILE_PHONE',
      payment: 150,
      dueDate: '2026-11-22',
    });
    await addLiability(t, user, {
      creditorName: 'Streaming',
      debtType: 'SUBSCRIPTION',
      payment: 21,
      dueDate: '2026-11-25',
    });

    const data = ok(
      await t.gql<Analysis>(
        ANALYSIS_QUERY,
        { asOf: '2026-11-16', walletId: wallet.id },
        { token: user.token },
      ),
    );
    const analysis = data.cashFlowAnalysis;
    expect(analysis.asOf).toBe('2026-11-16');
    expect(analysis.nextIncomeDate).toBe('2026-11-27');
    expect(analysis.lastIncomeTotal).toBe(2000);
    expect(analysis.obligationsTotal).toBe(1571);
    expect(analysis.netIncomeThisPeriod).toBe(429);
    expect(analysis.obligations.map((o) => [o.creditorName, o.amount])).toEqual([
      ['Mortgage', 1400],
      ['Phone', 150],
      ['Streaming', 21],
    ]);
    expect(analysis.availableCash).toBe(3000 - 1571);
    expect(analysis.walletAvailableBalance).toBe(3000);
  });

  it("uses the request's time zone for today and remembers it on the account", async () => {
    const user = await newUser(t, { timeZone: null });
    // 15:00 UTC on Nov 16 is already Nov 17 in Kiritimati (UTC+14).
    const data = ok(
      await t.gql<Analysis>(ANALYSIS_QUERY, { timeZone: 'Pacific/Kiritimati' }, { token: user.token }),
    );
    expect(data.cashFlowAnalysis.asOf).toBe('2026-11-17');
    const row = await queryOne<{ time_zone: string }>(
      t.deps.dataSource,
      'SELECT time_zone FROM debtor WHERE id = $1',
      [user.id],
    );
    expect(row?.time_zone).toBe('Pacific/Kiritimati');
    // Without a zone, the account's last known zone decides.
    const again = ok(await t.gql<Analysis>(ANALYSIS_QUERY, {}, { token: user.token }));
    expect(again.cashFlowAnalysis.asOf).toBe('2026-11-17');
  });

  it('falls back to UTC when the account has no zone', async () => {
    const user = await newUser(t, { timeZone: null });
    const data = ok(await t.gql<Analysis>(ANALYSIS_QUERY, {}, { token: user.token }));
    expect(data.cashFlowAnalysis.asOf).toBe(TODAY);
  });

  it('refuses an unknown time zone as a clear input error', async () => {
    const user = await newUser(t);
    const response = await t.gql(ANALYSIS_QUERY, { timeZone: 'Mars/Olympus_Mons' }, { token: user.token });
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0]?.extensions?.field).toBe('timeZone');
  });

  it('answers NOT_FOUND for a wallet that is not the user’s', async () => {
    const user = await newUser(t);
    const other = await newUser(t);
    const wallet = await buildWallet(t.deps.dataSource, other.id);
    const response = await t.gql(
      ANALYSIS_QUERY,
      { walletId: String(wallet.id), asOf: TODAY },
      { token: user.token },
    );
    expect(errorCode(response)).toBe('NOT_FOUND');
  });

  it('requires a signed-in user', async () => {
    const response = await t.gql(ANALYSIS_QUERY, { asOf: TODAY });
    expect(errorCode(response)).toBe('UNAUTHENTICATED');
  });

  it('answers in 1 SQL statement when the request names its day, authentication included, for a user with 50 liabilities', async () => {
    const user = await newUser(t, { timeZone: ZONE });
    const ds = t.deps.dataSource;
    const wallet = await buildWallet(ds, user.id, { balanceCents: 500000 });
    for (let i = 0; i < 3; i += 1) {
      const source = await buildIncomeSource(ds, user.id, { nextPmtDate: '2026-11-13' });
      await ds.query(
        `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents)
         VALUES ($1, '2026-11-13', (SELECT id FROM household WHERE personal_of = $2), $3, 200000), ($1, '2026-10-30', (SELECT id FROM household WHERE personal_of = $2), $3, 200000)`,
        [source.id, user.id, wallet.id],
      );
    }
    for (let i = 0; i < 50; i += 1) {
      await buildLiability(ds, user.id, {
        dueDate: `2026-11-${String(10 + (i % 20)).padStart(2, '0')}`,
        frequency: i % 2 ? 'WEEKLY' : 'MONTHLY',
        currentPaid: i % 3 === 0,
        paidWalletId: i % 3 === 0 ? wallet.id : null,
      });
    }

    // The snapshot's statement proves the account; without a zone or a date, the account's own
    // look-up comes first for its zone.
    const cases: [Record<string, unknown>, string[]][] = [
      [{ asOf: TODAY }, ['snapshot']],
      [{ timeZone: ZONE }, ['snapshot']],
      [{}, [...walled('account'), ...walled('snapshot')]],
      [{ walletId: String(wallet.id), timeZone: ZONE, asOf: TODAY }, ['snapshot']],
      [{ timeZone: 'Europe/Paris' }, ['snapshot', ...walled('zone')]],
      [{ timeZone: ZONE }, ['snapshot', ...walled('zone')]],
    ];
    for (const [variables, expected] of cases) {
      let data!: Analysis;
      const statements = await statementsDuring(async () => {
        data = ok(await t.gql<Analysis>(ANALYSIS_QUERY, variables, { token: user.token }));
      });
      expect(data.cashFlowAnalysis.obligations.length).toBeGreaterThanOrEqual(50);
      expect({ variables, statements: statements.map(statementKind) }).toEqual({
        variables,
        statements: expected,
      });
    }
  });

  it('loads through finance_snapshot the very columns every other read of those tables selects', async () => {
    const user = await newUser(t);
    // One row of each table, and a payment this pay period.
    const wallet = await addWallet(t, user, 'Checking', 3000);
    await addIncomeSource(t, user);
    const liability = await addLiability(t, user);
    await settleLiability(t, user, wallet.id, liability.id);

    const snapshot = await loadFinanceSnapshot(
      t.deps.dataSource,
      await householdOf(t.deps.dataSource, Number(user.id)),
      TODAY,
    );
    // The column list's names: `l.anchor_date::text AS anchor_date` is anchor_date, `s.id` is id.
    const names = (columns: string) =>
      columns.split(',').map((column) =>
        column
          .trim()
          .split(/\s+AS\s+|\./i)
          .pop(),
      );
    const keys = (row: object | undefined) => Object.keys(row ?? {}).sort();
    expect(keys(snapshot.wallets[0])).toEqual(names(WALLET_COLUMNS).sort());
    expect(keys(snapshot.incomeSources[0])).toEqual(
      [...names(INCOME_SOURCE_COLUMNS), 'deposited_dates', 'deposited_amounts'].sort(),
    );
    expect(keys(snapshot.liabilities[0])).toEqual(names(LIABILITY_COLUMNS).sort());
    const paymentKeys = [...PAYMENT_JSON.matchAll(/'(\w+)',/g)].map((match) => match[1]);
    expect(keys(snapshot.payments[0])).toEqual(
      [...paymentKeys, 'liability_id', 'creditor_name', 'debt_type'].sort(),
    );
  });
});
