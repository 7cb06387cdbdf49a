import { addDays, addMonthsClamped } from '@truenet/core';
import { queryRows } from '../../db/sql';
import { householdOf, joinHousehold } from '../../test/factories';
import {
  addWallet,
  errorCode,
  importStatement,
  storedBalance,
  newUser,
  ok,
  startFinanceApp,
  TODAY,
  ZONE,
  type TestUser,
} from '../../test/finance';
import type { TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/statement-counter';

/**
 * Found in your bank through the API (docs/product-rules.md §18): a year of statements imported,
 * the bills and pay proposed with their evidence, accepted in one step (overrides checked as the
 * add forms check them), dismissed, and the reads' cost.
 */

const SUGGESTION = `id kind walletId name frequency amount averageAmount amountVaries lastDate nextDate status
  occurrences { date amount description }`;

interface Suggestion {
  id: string;
  kind: 'BILL' | 'INCOME';
  walletId: string;
  name: string;
  frequency: string;
  amount: number;
  averageAmount: number;
  amountVaries: boolean;
  lastDate: string;
  nextDate: string;
  status: string;
  occurrences: { date: string; amount: number; description: string }[];
}

let t: TestApp;

beforeAll(async () => {
  t = await startFinanceApp();
});
afterAll(() => t.close());

type Row = [date: string, amount: string, name: string];

async function importRows(user: TestUser, walletId: string, rows: Row[], prefix = 'r') {
  await importStatement(
    t,
    user,
    walletId,
    rows.map(([date, amount, name], n) => [date, amount, name, `${prefix}-${n}`]),
  );
}

/** A year of a household's checking account: pay, Netflix, rent, a yearly bill, coffee. */
function aYear(): Row[] {
  const rows: Row[] = [];
  for (let date = '2025-11-21'; date <= TODAY; date = addDays(date, 14)) {
    rows.push([date, '2150.00', `ACME CORP PAYROLL PPD ID: ${date.replaceAll('-', '')}`]);
  }
  for (let n = 0; addMonthsClamped('2025-11-14', n) <= TODAY; n += 1) {
    rows.push([addMonthsClamped('2025-11-14', n), '-15.49', 'POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172']);
    rows.push([addMonthsClamped('2025-11-01', n), '-1450.00', 'ZELLE TO PARKSIDE APARTMENTS']);
  }
  rows.push(['2026-02-10', '-139.00', 'AMAZON PRIME*2K4LL0']);
  rows.push(['2025-02-09', '-139.00', 'AMAZON PRIME*8J2PQ1']);
  for (let date = '2026-09-01'; date <= TODAY; date = addDays(date, 2))
    rows.push([date, '-4.75', 'SQ *BLUE BOTTLE']);
  return rows;
}

async function suggestions(user: TestUser, walletId?: string): Promise<Suggestion[]> {
  return ok(
    await t.gql<{ recurringSuggestions: Suggestion[] }>(
      `query($w: ID) { recurringSuggestions(walletId: $w, timeZone: "${ZONE}") { ${SUGGESTION} } }`,
      { w: walletId ?? null },
      { token: user.token },
    ),
  ).recurringSuggestions;
}

function accept(user: TestUser, id: string, input: Record<string, unknown> | null = null) {
  return t.gql<{
    acceptRecurringSuggestion: {
      liability: Record<string, unknown> | null;
      incomeSource: Record<string, unknown> | null;
    };
  }>(
    `mutation($id: ID!, $input: AcceptRecurringInput) {
       acceptRecurringSuggestion(id: $id, input: $input, timeZone: "${ZONE}") {
         liability { id creditorName debtType frequency dueDate payment autoPay walletId }
         incomeSource { id sourceName incomeFrequency nextPmtDate paymentAmount walletId }
       }
     }`,
    { id, input },
    { token: user.token },
  );
}

async function personWithAYear() {
  const user = await newUser(t);
  const wallet = await addWallet(t, user, 'Checking', 5000);
  await importRows(user, wallet.id, aYear());
  return { user, wallet };
}

async function planOf(user: TestUser) {
  const household = await householdOf(t.deps.dataSource, user.id);
  return queryRows(
    t.deps.dataSource,
    `SELECT 'bill' AS kind, creditor_name AS name, payee_key FROM liability WHERE household_id = $1
     UNION ALL SELECT 'pay', source_name, payee_key FROM income_source WHERE household_id = $1 ORDER BY 1, 2`,
    [household],
  );
}

describe('suggestions from a year of statements', () => {
  it('proposes the pay and the bills with their evidence, and not the coffee', async () => {
    const { user, wallet } = await personWithAYear();
    const found = await suggestions(user);
    expect(found.map((s) => [s.kind, s.name, s.frequency, s.amount, s.nextDate, s.status])).toEqual([
      ['INCOME', 'Acme Corp Payroll', 'BIWEEKLY', 2150, '2026-11-20', 'MATURE'],
      ['BILL', 'Zelle To Parkside Apartments', 'MONTHLY', 1450, '2026-12-01', 'MATURE'],
      ['BILL', 'Netflix.com', 'MONTHLY', 15.49, '2026-12-14', 'MATURE'],
      ['BILL', 'Amazon Prime', 'YEARLY', 139, '2027-02-10', 'MATURE'],
    ]);
    const netflix = found.find((s) => s.name === 'Netflix.com')!;
    expect(netflix.walletId).toBe(wallet.id);
    expect(netflix.occurrences[0]).toEqual({
      date: '2025-11-14',
      amount: 15.49,
      description: 'POS DEBIT CARD 1234 NETFLIX.COM 866-579-7172',
    });
    expect(netflix.occurrences).toHaveLength(13);

    const other = await addWallet(t, user, 'Savings', 0);
    expect(await suggestions(user, other.id)).toEqual([]);
    expect((await suggestions(user, wallet.id)).length).toBe(4);
  });

  it('tells a transfer between two wallets apart also when one wallet is asked for', async () => {
    const user = await newUser(t);
    const checking = await addWallet(t, user, 'Checking', 0);
    const savings = await addWallet(t, user, 'Savings', 0);
    const months = ['2026-08-20', '2026-09-20', '2026-10-20'];
    await importRows(
      user,
      checking.id,
      months.map((date) => [date, '-500.00', 'ONLINE TRANSFER TO SAV']),
      'out',
    );
    await importRows(
      user,
      savings.id,
      months.map((date) => [date, '500.00', 'ONLINE TRANSFER FROM CHK']),
      'in',
    );
    expect(await suggestions(user)).toEqual([]);
    expect(await suggestions(user, checking.id)).toEqual([]);
    expect(await suggestions(user, savings.id)).toEqual([]);
  });

  it('reads the history in a constant number of statements, whatever its size', async () => {
    const { user } = await personWithAYear();
    const small = await newUser(t);
    const smallWallet = await addWallet(t, small, 'Checking', 0);
    await importRows(small, smallWallet.id, aYear().slice(0, 8), 's');
    const count = async (who: TestUser) =>
      (await statementsDuring(() => suggestions(who))).filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)/.test(sql))
        .length;
    expect(await count(user)).toBe(await count(small));
  });
});

describe('accepting', () => {
  it('adds a bill with the suggestion’s values, keeps its payee, and stops suggesting it', async () => {
    const { user, wallet } = await personWithAYear();
    const netflix = (await suggestions(user)).find((s) => s.name === 'Netflix.com')!;
    const added = ok(await accept(user, netflix.id)).acceptRecurringSuggestion;
    expect(added).toEqual({
      liability: {
        id: expect.any(String),
        creditorName: 'Netflix.com',
        debtType: 'SUBSCRIPTION',
        frequency: 'MONTHLY',
        dueDate: '2026-12-14',
        payment: 15.49,
        autoPay: false,
        walletId: wallet.id,
      },
      incomeSource: null,
    });
    expect(await planOf(user)).toEqual([{ kind: 'bill', name: 'Netflix.com', payee_key: 'netflix.com' }]);
    expect((await suggestions(user)).map((s) => s.name)).not.toContain('Netflix.com');
    // Accepting it again finds nothing to add.
    expect(errorCode(await accept(user, netflix.id))).toBe('NOT_FOUND');
  });

  it('adds pay, and rent as a misc bill, with what the person changed', async () => {
    const { user, wallet } = await personWithAYear();
    const found = await suggestions(user);
    const pay = found.find((s) => s.kind === 'INCOME')!;
    const added = ok(
      await accept(user, pay.id, { name: 'Acme salary', amount: 2200 }),
    ).acceptRecurringSuggestion;
    expect(added.incomeSource).toEqual({
      id: expect.any(String),
      sourceName: 'Acme salary',
      incomeFrequency: 'BIWEEKLY',
      // The form's 'Last Pay Date': the pay that arrived on Fri Nov 6 (the next is Fri Nov 20).
      nextPmtDate: '2026-11-06',
      paymentAmount: 2200,
      walletId: wallet.id,
    });
    const rent = found.find((s) => s.name.startsWith('Zelle'))!;
    const bill = ok(await accept(user, rent.id, { name: 'Rent', autoPay: true, nextDate: '2026-12-02' }))
      .acceptRecurringSuggestion.liability;
    expect(bill).toMatchObject({
      creditorName: 'Rent',
      debtType: 'MISC_BILL',
      autoPay: true,
      dueDate: '2026-12-02',
    });
  });

  it('counts the pay that already arrived: its latest payment is the last pay received, and no money moves', async () => {
    const { user, wallet } = await personWithAYear();
    const pay = (await suggestions(user)).find((s) => s.kind === 'INCOME')!;
    const before = await storedBalance(t, wallet.id);
    ok(await accept(user, pay.id, { amount: 2200 }));
    expect(await storedBalance(t, wallet.id)).toBe(before);
    const analysis = ok(
      await t.gql<{
        cashFlowAnalysis: {
          lastIncomeTotal: number;
          lastIncomeReceived: { date: string; amount: number; deposited: boolean }[];
        };
      }>(
        `{ cashFlowAnalysis(timeZone: "${ZONE}") { lastIncomeTotal lastIncomeReceived { date amount deposited } } }`,
        {},
        { token: user.token },
      ),
    ).cashFlowAnalysis;
    // What arrived ($2,150.00 on Fri Nov 6), not the amount the person expects from now on.
    expect(analysis.lastIncomeReceived).toEqual([{ date: '2026-11-06', amount: 2150, deposited: true }]);
    expect(analysis.lastIncomeTotal).toBe(2150);
  });

  it('refuses overrides the add forms refuse, saying which, and changes nothing', async () => {
    const { user } = await personWithAYear();
    const [first] = await suggestions(user);
    for (const [input, field] of [
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ nextDate: '2031-01-01' }, 'nextDate'],
      [{ nextDate: '2020-01-01' }, 'nextDate'],
    ] as const) {
      const answer = await accept(user, first!.id, input);
      expect({ code: errorCode(answer), field: answer.errors?.[0]?.extensions?.field }).toEqual({
        code: 'BAD_USER_INPUT',
        field,
      });
      expect(answer.errors?.[0]?.message).not.toMatch(/creditorName|payment|dueDate/);
    }
    expect(await planOf(user)).toEqual([]);
  });

  it('answers NOT_FOUND for an id that is not a suggestion of this household', async () => {
    const { user } = await personWithAYear();
    for (const id of ['nope', '', Buffer.from('1|BILL|netflix.com|2025-11-14|1549').toString('base64url')]) {
      expect(errorCode(await accept(user, id))).toBe('NOT_FOUND');
    }
  });
});

describe('dismissing', () => {
  it('hides the payee for good, and a viewer may read but not dismiss', async () => {
    const { user } = await personWithAYear();
    const netflix = (await suggestions(user)).find((s) => s.name === 'Netflix.com')!;
    const viewer = await newUser(t);
    await joinHousehold(
      t.deps.dataSource,
      viewer.id,
      await householdOf(t.deps.dataSource, user.id),
      'VIEWER',
    );
    expect((await suggestions(viewer)).map((s) => s.id)).toContain(netflix.id);
    const refused = await t.gql(
      'mutation($id: ID!) { dismissRecurringSuggestion(id: $id) }',
      { id: netflix.id },
      {
        token: viewer.token,
      },
    );
    expect(errorCode(refused)).toBe('FORBIDDEN');

    const dismissed = await t.gql<{ dismissRecurringSuggestion: boolean }>(
      'mutation($id: ID!) { dismissRecurringSuggestion(id: $id) }',
      { id: netflix.id },
      { token: user.token },
    );
    expect(ok(dismissed).dismissRecurringSuggestion).toBe(true);
    expect((await suggestions(user)).map((s) => s.name)).not.toContain('Netflix.com');
    expect(
      errorCode(
        await t.gql(
          'mutation($id: ID!) { dismissRecurringSuggestion(id: $id) }',
          { id: netflix.id },
          {
            token: user.token,
          },
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});

describe('amount changes', () => {
  const CHANGES =
    'query { amountChanges { id kind liabilityId incomeSourceId name scheduled actual since } }';

  async function changes(user: TestUser) {
    return ok(
      await t.gql<{
        amountChanges: {
          id: string;
          kind: string;
          liabilityId: string | null;
          name: string;
          scheduled: number;
          actual: number;
          since: string;
        }[];
      }>(CHANGES, {}, { token: user.token }),
    ).amountChanges;
  }

  it('follows a price change of a bill added from the bank, matched by its payee, once applied', async () => {
    const { user, wallet } = await personWithAYear();
    const netflix = (await suggestions(user)).find((s) => s.name === 'Netflix.com')!;
    const bill = ok(await accept(user, netflix.id, { name: 'Netflix' })).acceptRecurringSuggestion.liability!;
    expect(await changes(user)).toEqual([]);

    // Two payments at the new price: 16% more than the plan, matched by the payee all the same.
    await importRows(user, wallet.id, [['2026-12-14', '-17.99', 'NETFLIX.COM 866-579-7172']], 'up1');
    await importRows(user, wallet.id, [['2027-01-14', '-17.99', 'POS DEBIT NETFLIX.COM']], 'up2');
    const [change, ...others] = await changes(user);
    expect(others).toEqual([]);
    expect(change).toEqual({
      id: expect.any(String),
      kind: 'BILL',
      liabilityId: bill.id,
      incomeSourceId: null,
      name: 'Netflix',
      scheduled: 15.49,
      actual: 17.99,
      since: '2026-12-14',
    });

    const applied = await t.gql<{ applyAmountChange: { actual: number } }>(
      `mutation($id: ID!) { applyAmountChange(id: $id, timeZone: "${ZONE}") { actual } }`,
      { id: change!.id },
      { token: user.token },
    );
    expect(ok(applied).applyAmountChange.actual).toBe(17.99);
    const [row] = await queryRows<{ payment_cents: string }>(
      t.deps.dataSource,
      'SELECT payment_cents FROM liability WHERE id = $1',
      [Number(bill.id)],
    );
    expect(Number(row!.payment_cents)).toBe(1799);
    // The history keeps what was paid.
    const paid = await queryRows<{ amount_cents: string }>(
      t.deps.dataSource,
      'SELECT amount_cents FROM liability_payment WHERE liability_id = $1 ORDER BY paid_on',
      [Number(bill.id)],
    );
    expect(paid.map((p) => Number(p.amount_cents))).toEqual([1799, 1799]);
    expect(await changes(user)).toEqual([]);
    expect(
      errorCode(
        await t.gql(
          'mutation($id: ID!) { applyAmountChange(id: $id) { id } }',
          { id: change!.id },
          {
            token: user.token,
          },
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it('keeps the plan’s amount when asked, until yet another amount appears', async () => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 500);
    const gym = await seedAmountChangeFor(user, wallet.id);
    const [change] = await changes(user);
    expect(change).toMatchObject({ name: 'Gym', scheduled: 30, actual: 31.5, since: '2026-10-01' });
    expect(
      ok(
        await t.gql<{ dismissAmountChange: boolean }>(
          'mutation($id: ID!) { dismissAmountChange(id: $id) }',
          {
            id: change!.id,
          },
          { token: user.token },
        ),
      ).dismissAmountChange,
    ).toBe(true);
    expect(await changes(user)).toEqual([]);
    // Another price, twice: told again.
    await importRows(user, wallet.id, [['2026-12-01', '-32.00', 'GYM CLUB']], 'g3');
    await importRows(user, wallet.id, [['2027-01-01', '-32.00', 'GYM CLUB']], 'g4');
    expect(await changes(user)).toMatchObject([{ liabilityId: gym, actual: 32 }]);
  });
});

/** A $30.00 gym paid twice at $31.50 from statements: the bill's id. */
async function seedAmountChangeFor(user: TestUser, walletId: string): Promise<string> {
  const bill = ok(
    await t.gql<{ addLiability: { id: string } }>(
      `mutation($input: LiabilityInput!) { addLiability(input: $input) { id } }`,
      {
        input: {
          creditorName: 'Gym',
          debtType: 'MISC_BILL',
          frequency: 'MONTHLY',
          dueDate: '2026-10-01',
          payment: 30,
          walletId,
          timeZone: ZONE,
        },
      },
      { token: user.token },
    ),
  ).addLiability.id;
  await importRows(user, walletId, [['2026-10-01', '-31.50', 'GYM CLUB']], 'g1');
  await importRows(user, walletId, [['2026-11-01', '-31.50', 'GYM CLUB']], 'g2');
  return bill;
}
