import { buildDebtor, householdOf, joinHousehold } from './factories';
import { startTestApp, type GraphQLResponse, type TestApp } from './harness';
import { queryOne } from '../db/sql';
import { latestMail } from './accounts';

/**
 * Shared set-up of the finance tests: the app with a clock standing still on Monday 2026-11-16
 * (10:00 in New York), users built by the factories, and the GraphQL selections the tests read.
 */
export const NOW = new Date('2026-11-16T15:00:00Z');
export const TODAY = '2026-11-16';
export const ZONE = 'America/New_York';

export function startFinanceApp(): Promise<TestApp> {
  return startTestApp({ clock: { now: () => NOW } });
}

export interface TestUser {
  id: number;
  token: string;
}

export async function newUser(
  t: TestApp,
  overrides: Parameters<typeof buildDebtor>[2] = {},
): Promise<TestUser> {
  const built = await buildDebtor(t.deps.dataSource, t.deps.config, overrides);
  return { id: built.debtor.id, token: built.accessToken };
}

export const WALLET = 'id walletName walletDescription balance defaultWallet lastUpdate';
export const INCOME_SOURCE =
  'id sourceName sourceUrl sourceDescription incomeFrequency nextPmtDate biMonthlyPayDate paymentAmount sourceStatus';
export const LIABILITY =
  'id creditorName creditorUrl creditorDescription debtType frequency dueDate balance payment autoPay currentPaid currentCleared paidFromWalletId';
export const ANALYSIS = `asOf nextIncomeDate nextIncomeTotal lastIncomeTotal obligationsTotal netIncomeThisPeriod
  availableCash walletAvailableBalance
  lastIncomeReceived { incomeSourceId sourceName date amount deposited active }
  nextIncome { incomeSourceId date amount }
  obligations { liabilityId creditorName dueDate amount current paid cleared pastDue autoPaid paidFromWalletId }
  comingDue { liabilityId creditorName dueDate amount current }
  wallets { walletId walletName balance availableBalance defaultWallet }`;
export const ACTION_PAYLOAD = `wallet { ${WALLET} } liabilities { ${LIABILITY} } analysis { ${ANALYSIS} }`;

/** The data of a response that must have succeeded (fails the test with the errors otherwise). */
export function ok<T>(response: GraphQLResponse<T>): T {
  if (response.errors?.length) {
    throw new Error(`GraphQL errors: ${JSON.stringify(response.errors)}`);
  }
  return response.data as T;
}

/** The error code of a response that must have failed. */
export function errorCode(response: GraphQLResponse): string | undefined {
  return response.errors?.[0]?.extensions?.code;
}

/** A wallet's stored balance in cents, read straight from the database. */
export async function storedBalance(t: TestApp, walletId: string | number): Promise<number> {
  const row = await queryOne<{ balance_cents: string }>(
    t.deps.dataSource,
    'SELECT balance_cents FROM wallet WHERE id = $1',
    [Number(walletId)],
  );
  return Number(row?.balance_cents);
}

export async function registerCount(t: TestApp, walletId: string | number): Promise<number> {
  const row = await queryOne<{ count: string }>(
    t.deps.dataSource,
    'SELECT count(*) AS count FROM register_entry WHERE wallet_id = $1',
    [Number(walletId)],
  );
  return Number(row?.count);
}

export async function addWallet(t: TestApp, user: TestUser, walletName: string, balance = 0) {
  const data = ok(
    await t.gql<{ addWallet: { id: string } }>(
      `mutation($input: WalletInput!) { addWallet(input: $input) { ${WALLET} } }`,
      { input: { walletName, balance, timeZone: ZONE } },
      { token: user.token },
    ),
  );
  return data.addWallet;
}

export async function addIncomeSource(t: TestApp, user: TestUser, input: Record<string, unknown> = {}) {
  const data = ok(
    await t.gql<{ addIncomeSource: { id: string } }>(
      `mutation($input: IncomeSourceInput!) { addIncomeSource(input: $input) { ${INCOME_SOURCE} } }`,
      {
        input: {
          sourceName: 'Acme Payroll',
          incomeFrequency: 'BIWEEKLY',
          nextPmtDate: '2026-11-13',
          paymentAmount: 2000,
          timeZone: ZONE,
          ...input,
        },
      },
      { token: user.token },
    ),
  );
  return data.addIncomeSource;
}

export async function addLiability(t: TestApp, user: TestUser, input: Record<string, unknown> = {}) {
  const data = ok(
    await t.gql<{ addLiability: { id: string; dueDate: string } }>(
      `mutation($input: LiabilityInput!) { addLiability(input: $input) { ${LIABILITY} } }`,
      {
        input: {
          creditorName: 'Rocket Mortgage',
          debtType: 'MORTGAGE_RENT',
          frequency: 'MONTHLY',
          dueDate: '2026-11-20',
          payment: 1400,
          timeZone: ZONE,
          ...input,
        },
      },
      { token: user.token },
    ),
  );
  return data.addLiability;
}

/** Settles the liability's current occurrence (paid and cleared) from the wallet; answers its payment id. */
export async function settleLiability(t: TestApp, user: TestUser, walletId: string, liabilityId: string) {
  const data = ok(
    await t.gql<{
      savePaidInfo: { analysis: { obligations: { liabilityId: string; paymentId: string | null }[] } };
    }>(
      `mutation($walletId: ID!, $changes: [PaidInfoInput!]!) {
        savePaidInfo(walletId: $walletId, changes: $changes) { analysis { obligations { liabilityId paymentId } } }
      }`,
      { walletId, changes: [{ liabilityId, paid: true, cleared: true }] },
      { token: user.token },
    ),
  );
  const settled = data.savePaidInfo.analysis.obligations.find(
    (row) => row.liabilityId === liabilityId && row.paymentId !== null,
  );
  if (!settled?.paymentId) throw new Error('the settled payment is not in this period’s obligations');
  return settled.paymentId;
}

/**
 * A statement imported into the wallet and another one previewed, for the ownership matrices: the
 * ids of an open preview, a confirmed batch and a register entry it wrote.
 */
export async function seedImport(t: TestApp, user: TestUser, walletId: string, mark = '') {
  const file = (fitid: string) =>
    Buffer.from(
      `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>` +
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-4.50<FITID>${fitid}<NAME>${mark} coffee</STMTTRN>` +
        '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
    ).toString('base64');
  const preview = async (fitid: string) =>
    ok(
      await t.gql<{ previewImport: { id: string } }>(
        `mutation($walletId: ID!, $content: String!) {
           previewImport(walletId: $walletId, fileName: "${mark}statement.ofx", contentBase64: $content) { id }
         }`,
        { walletId, content: file(fitid) },
        { token: user.token },
      ),
    ).previewImport.id;
  const batch = ok(
    await t.gql<{ confirmImport: { id: string } }>(
      'mutation($id: ID!) { confirmImport(previewId: $id) { id } }',
      { id: await preview('seed-1') },
      { token: user.token },
    ),
  ).confirmImport.id;
  const entry = await queryOne<{ id: string }>(
    t.deps.dataSource,
    'SELECT id::text AS id FROM register_entry WHERE import_batch_id = $1',
    [batch],
  );
  if (!entry) throw new Error('The seed statement imported nothing');
  return { importPreview: await preview('seed-2'), importBatch: batch, transaction: entry.id };
}

/** One row of a test statement: a date, a signed amount in dollars, the bank's words, its id. */
export type StatementRow = [date: string, amount: string, name: string, fitid: string];

/** An OFX statement of the rows imported into the wallet through previewImport and confirmImport. */
export async function importStatement(t: TestApp, user: TestUser, walletId: string, rows: StatementRow[]) {
  const entries = rows
    .map(
      ([date, amount, name, fitid]) =>
        `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${date.replaceAll('-', '')}<TRNAMT>${amount}<FITID>${fitid}<NAME>${name}</STMTTRN>`,
    )
    .join('\n');
  const content = Buffer.from(
    `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>\n${entries}\n` +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ).toString('base64');
  const preview = ok(
    await t.gql<{ previewImport: { id: string } }>(
      `mutation($walletId: ID!, $content: String!) {
         previewImport(walletId: $walletId, fileName: "statement.ofx", contentBase64: $content) { id }
       }`,
      { walletId, content },
      { token: user.token },
    ),
  ).previewImport.id;
  ok(
    await t.gql(
      'mutation($id: ID!) { confirmImport(previewId: $id) { id } }',
      { id: preview },
      { token: user.token },
    ),
  );
}

/**
 * A category of the household's own, a rule, and a row of its ledger, for the ownership matrices
 * (the wallet holds a statement's row already).
 */
export async function seedCategories(t: TestApp, user: TestUser, walletId: string, mark = '') {
  const category = ok(
    await t.gql<{ addCategory: { id: string } }>(
      'mutation($name: String!) { addCategory(name: $name) { id } }',
      { name: `${mark}Date nights` },
      { token: user.token },
    ),
  ).addCategory.id;
  const rule = ok(
    await t.gql<{ addCategoryRule: { id: string } }>(
      'mutation($input: CategoryRuleInput!) { addCategoryRule(input: $input) { id } }',
      { input: { descriptionContains: 'bistro', categoryId: category } },
      { token: user.token },
    ),
  ).addCategoryRule.id;
  const ledger = ok(
    await t.gql<{ ledger: { rows: { id: string }[] } }>(
      'query($walletId: ID) { ledger(walletId: $walletId, first: 1) { rows { id } } }',
      { walletId },
      { token: user.token },
    ),
  ).ledger.rows;
  if (!ledger[0]) throw new Error('The wallet holds no ledger row');
  const budget = ok(
    await t.gql<{ setBudget: { id: string } }>(
      'mutation($c: ID!) { setBudget(categoryId: $c, monthly: 250, rollover: true) { id } }',
      { c: category },
      { token: user.token },
    ),
  ).setBudget.id;
  return { category, categoryRule: rule, ledgerRow: ledger[0].id, budget };
}

/**
 * Three monthly payments to one payee imported from a statement into the wallet, so that the
 * household has a recurring suggestion: its id.
 */
export async function seedRecurringSuggestion(t: TestApp, user: TestUser, walletId: string, mark = '') {
  await importStatement(
    t,
    user,
    walletId,
    ['2026-09-05', '2026-10-05', '2026-11-05'].map((date, n) => [
      date,
      '-12.99',
      `${mark} STREAMFLIX`,
      `stream-${n}`,
    ]),
  );
  const suggestions = ok(
    await t.gql<{ recurringSuggestions: { id: string; name: string }[] }>(
      `query { recurringSuggestions(timeZone: "${ZONE}") { id name } }`,
      {},
      { token: user.token },
    ),
  ).recurringSuggestions;
  const found = suggestions.find((suggestion) => suggestion.name.endsWith('Streamflix'));
  if (!found) throw new Error(`No suggestion from the seed statement: ${JSON.stringify(suggestions)}`);
  return found.id;
}

/**
 * A bill whose two latest payments imported from statements agree on another amount than its own
 * (a gym that went from $30.00 to $31.50), so that the household has an amount change: its id.
 */
export async function seedAmountChange(t: TestApp, user: TestUser, walletId: string, mark = '') {
  await addLiability(t, user, {
    creditorName: `${mark} Gym`,
    debtType: 'MISC_BILL',
    dueDate: '2026-10-01',
    payment: 30,
    walletId,
  });
  // One statement each: a bill's next occurrence is offered only once the first is settled.
  await importStatement(t, user, walletId, [['2026-10-01', '-31.50', `${mark} GYM CLUB`, 'gym-1']]);
  await importStatement(t, user, walletId, [['2026-11-01', '-31.50', `${mark} GYM CLUB`, 'gym-2']]);
  const changes = ok(
    await t.gql<{ amountChanges: { id: string; name: string }[] }>(
      `query { amountChanges(timeZone: "${ZONE}") { id name } }`,
      {},
      { token: user.token },
    ),
  ).amountChanges;
  const found = changes.find((change) => change.name.endsWith('Gym'));
  if (!found) throw new Error(`No amount change from the seed statements: ${JSON.stringify(changes)}`);
  return found.id;
}

/**
 * The user's household with another member (an editor, whose current household stays their own)
 * and a pending invitation, for the ownership matrices: the ids of the household, the member and
 * the invitation.
 */
export async function seedHousehold(t: TestApp, user: TestUser, mark = '') {
  const household = await householdOf(t.deps.dataSource, user.id);
  const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config, { firstName: 'Bea' });
  await joinHousehold(t.deps.dataSource, debtor.id, household, 'EDITOR', false);
  const invitation = ok(
    await t.gql<{ inviteMember: { id: string } }>(
      'mutation($email: String!) { inviteMember(email: $email, role: VIEWER) { id } }',
      { email: `invited${mark}${user.id}@example.com` },
      { token: user.token },
    ),
  ).inviteMember.id;
  return { household, member: String(debtor.id), invitation };
}

/** A pending invitation to the user's household, as its link carries it (read from the mail). */
export async function invitationToken(t: TestApp, user: TestUser): Promise<string> {
  const email = `invitee-${user.id}@example.com`;
  ok(
    await t.gql(
      'mutation($email: String!) { inviteMember(email: $email, role: VIEWER) { id } }',
      { email },
      { token: user.token },
    ),
  );
  const mail = await latestMail(t.deps.dataSource, email, 'invites you');
  const token = /#\/invitation\/([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1];
  if (!token) throw new Error('no invitation link in the mail');
  return token;
}
