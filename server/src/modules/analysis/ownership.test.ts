import { seedMatrixIds, type MatrixIds } from '../../test/matrix-seed';
import { queryRows } from '../../db/sql';
import type { TestApp } from '../../test/harness';
import { errorCode, newUser, startFinanceApp, TODAY, ZONE, type TestUser } from '../../test/finance';
import {
  buildOperation,
  idPositions,
  schemaOperations,
  UUID_ID_KINDS,
  type IdKind,
} from './schema-operations';

/**
 * The two-user matrix, generated from schema.graphql: every query and mutation that takes an id of
 * a wallet, income source, expense or API token is called by user B with one of user A's ids (one
 * position at a time, B's own ids elsewhere). Each answers NOT_FOUND, exactly like a missing id,
 * and A's data is unchanged.
 */

type Ids = MatrixIds;

/** Everything stored for a user, to compare before and after (last use of tokens aside). */
async function snapshot(t: TestApp, debtorId: number) {
  const tables = {
    wallet:
      'SELECT * FROM wallet WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    income_source:
      'SELECT * FROM income_source WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    income_deposit:
      'SELECT * FROM income_deposit WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY income_source_id, occurrence_date',
    liability:
      'SELECT * FROM liability WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    register_entry:
      'SELECT * FROM register_entry WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    liability_payment:
      'SELECT * FROM liability_payment WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    api_token:
      'SELECT id, name, scope, token_hash, created_at, revoked_at FROM api_token WHERE debtor_id = $1 ORDER BY id',
    calendar_feed:
      'SELECT id, secret_hash, include_amounts, created_at, revoked_at FROM calendar_feed WHERE debtor_id = $1 ORDER BY id',
    // Without last_scan_on: the reminder scan other test files run over the shared database writes it.
    import_preview:
      'SELECT id, wallet_id, rows, batch_id FROM import_preview WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    import_batch:
      'SELECT * FROM import_batch WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    import_ledger:
      'SELECT * FROM import_ledger WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY wallet_id, key',
    bank_connection:
      'SELECT * FROM bank_connection WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    bank_account:
      'SELECT * FROM bank_account WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    push_device: 'SELECT * FROM push_device WHERE debtor_id = $1 ORDER BY id',
    amount_change_dismissal:
      'SELECT * FROM amount_change_dismissal WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY kind, item_id',
    category:
      'SELECT * FROM category WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    budget:
      'SELECT * FROM budget WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    category_rule:
      'SELECT * FROM category_rule WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY id',
    learned_payee:
      'SELECT * FROM learned_payee WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY learning_key',
    ledger_split:
      'SELECT * FROM ledger_split WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY history_id, entry_id, part',
    recurring_dismissal:
      'SELECT * FROM recurring_dismissal WHERE household_id = (SELECT id FROM household WHERE personal_of = $1) ORDER BY wallet_id, kind, payee_key',
    reminder_settings:
      'SELECT bill_reminders, bill_lead_days, past_due_notices, payday_digest, send_hour, updated_at FROM reminder_settings WHERE debtor_id = $1',
  };
  const result: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables))
    result[name] = await queryRows(t.deps.dataSource, sql, [debtorId]);
  return result;
}

describe("another user's ids answer NOT_FOUND", () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let aIds: Ids;
  let bIds: Ids;
  beforeAll(async () => {
    t = await startFinanceApp();
    a = await newUser(t);
    b = await newUser(t);
    aIds = await seedMatrixIds(t, a);
    bIds = await seedMatrixIds(t, b);
  });
  afterAll(() => t.close());

  const cases = schemaOperations().flatMap((operation) =>
    idPositions(operation).map((position) => ({ operation, position })),
  );

  it('covers every operation that takes an id (a new kind of id fails here)', () => {
    const unknown = cases.filter(({ position }) => position.kind === undefined);
    expect(unknown.map(({ operation, position }) => `${operation.name}(${position.path})`)).toEqual([]);
    // The operations of docs/product-rules.md §11 that take ids are all in the matrix.
    expect(new Set(cases.map(({ operation }) => operation.name))).toEqual(
      new Set([
        'walletRegister',
        'cashFlowAnalysis',
        'balanceForecast',
        'updateWallet',
        'deleteWallet',
        'setDefaultWallet',
        'updateWalletBalance',
        'addIncomeSource',
        'updateIncomeSource',
        'deleteIncomeSource',
        'addLiability',
        'updateLiability',
        'deleteLiability',
        'depositPay',
        'savePaidInfo',
        'skipLiabilityOccurrence',
        'undoLiabilityPayment',
        'liabilityPayments',
        'revokeApiToken',
        'revokeCalendarFeed',
        'removePasskey',
        'importBatches',
        'deleteTransaction',
        'previewImport',
        'confirmImport',
        'undoImportBatch',
        'linkBankAccount',
        'syncBankConnection',
        'removeBankConnection',
        'removePushDevice',
        'sendTestPush',
        'switchHousehold',
        'revokeInvitation',
        'changeMemberRole',
        'removeMember',
        'transferOwnership',
        'recurringSuggestions',
        'acceptRecurringSuggestion',
        'dismissRecurringSuggestion',
        'applyAmountChange',
        'dismissAmountChange',
        'debtPlan',
        'ledger',
        'spendingByCategory',
        'categorize',
        'splitRow',
        'addCategory',
        'renameCategory',
        'archiveCategory',
        'addCategoryRule',
        'updateCategoryRule',
        'deleteCategoryRule',
        'setBudget',
        'removeBudget',
      ]),
    );
  });

  /**
   * The debt plan's CUSTOM order is one list to be checked whole: an id in it that is not one of the
   * household's debts (unknown, another household's, or a bill without a balance) makes the order a
   * bad one, the same answer for each.
   */
  const REFUSED_AS_BAD_INPUT = ['debtPlan'];

  it.each(
    cases.map(
      ({ operation, position }) =>
        [`${operation.kind} ${operation.name} with A's ${position.path}`, operation, position] as const,
    ),
  )('%s answers NOT_FOUND and changes nothing of A', async (_label, operation, position) => {
    const before = await snapshot(t, a.id);
    const { document, variables } = buildOperation(operation, {
      today: TODAY,
      timeZone: ZONE,
      idFor: (path, kind) => {
        const ids = path === position.path ? aIds : bIds;
        return ids[kind as IdKind];
      },
    });
    const response = await t.gql(document, variables, { token: b.token });
    expect({ code: errorCode(response), errors: response.errors }).toMatchObject({
      code: REFUSED_AS_BAD_INPUT.includes(operation.name) ? 'BAD_USER_INPUT' : 'NOT_FOUND',
    });

    // Exactly like an id that does not exist.
    const missing = buildOperation(operation, {
      today: TODAY,
      timeZone: ZONE,
      idFor: (path, kind) => {
        if (path !== position.path) return bIds[kind as IdKind];
        return UUID_ID_KINDS.includes(kind as IdKind) ? '00000000-0000-4000-8000-000000000000' : '999999999';
      },
    });
    const missingResponse = await t.gql(missing.document, missing.variables, { token: b.token });
    expect(missingResponse.errors?.[0]?.message).toBe(response.errors?.[0]?.message);
    expect(missingResponse.status).toBe(response.status);

    expect(await snapshot(t, a.id)).toEqual(before);
  });
});
