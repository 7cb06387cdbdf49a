import { addMonthsClamped } from '@truenet/core';
import { queryRows } from '../db/sql';
import { seedAmountChange } from '../test/finance';
import { totpCodeAt } from '../modules/two-factor/totp';
import { SoftAuthenticator } from '../test/soft-authenticator';
import { startReminderQueue } from '../modules/reminders/reminder-queue';
import { runReminderScan } from '../modules/reminders/reminder-scan';
import { REFRESH_COOKIE } from '../modules/auth/refresh-cookie';
import {
  buildBankConnection,
  buildDebtor,
  buildPushDevice,
  DEFAULT_PASSWORD,
  householdOf,
} from '../test/factories';
import { CONCURRENT_REFRESH_GRACE_MS } from '../modules/auth/sessions.service';
import { startTestApp, type GraphQLResponse, type TestApp } from '../test/harness';
import { startStripeDouble, stripeSubscription, type StripeDouble } from '../test/stripe-double';

/**
 * The data promises and the audit log, over one account's whole life through the API: it signs
 * in (once wrongly), keeps two sessions, reuses a rotated refresh token, enters finance data,
 * changes its password, downloads its data and deletes itself.
 * - The export holds every row of the user from every table that has a debtor_id (read from the
 *   catalog, so a new table must be exported or be listed here as holding secrets only).
 * - Deletion leaves no row of the user in any such table, and stops the provider subscription.
 * - The security events are recorded, and no audit detail holds a secret.
 *
 * Covered elsewhere: the export's shape and hash-free text, and the deletion of a hand-picked table
 * list (modules/accounts/accounts.test.ts); a provider failure keeping the account (same file).
 */

/**
 * Not exported: tables holding only secrets and their bookkeeping (hashed codes and session tokens),
 * short-lived working rows (a statement preview lives an hour; what it imported is exported), and
 * when each request to a bank's bridge was made (the daily ceiling's count, nothing of the money),
 * and which device each reminder was pushed to (delivery bookkeeping; the reminders are exported).
 */
const NOT_EXPORTED = [
  'email_code',
  'refresh_token',
  'sign_in_challenge',
  'webauthn_challenge',
  'import_preview',
  'bank_request',
  'reminder_push',
  // The household's pending invitations (token hashes) and its log of changes: the household's,
  // not one person's.
  'household_invitation',
  'household_activity',
  // Which amount changes and budget alerts a reminder told: the exported reminders' own text says it.
  'amount_change_notice',
  'budget_alert_notice',
  // The Idempotency-Keys of the last day's changes: how a request was sent, not data.
  'applied_change',
];
/** Where each table's rows are in the export. */
const EXPORT_KEY: Record<string, string> = {
  subscription: 'subscription',
  wallet: 'wallets',
  register_entry: 'register',
  income_source: 'incomeSources',
  income_deposit: 'deposits',
  liability: 'liabilities',
  liability_payment: 'paymentHistory',
  api_token: 'apiTokens',
  contact_message: 'contactMessages',
  audit_log: 'securityEvents',
  reminder_settings: 'reminderSettings',
  reminder_mail: 'reminders',
  reminder_occurrence: 'remindedOccurrences',
  calendar_feed: 'calendarFeeds',
  two_factor: 'twoFactor',
  recovery_code: 'recoveryCodes',
  passkey: 'passkeys',
  import_batch: 'statementImports',
  import_ledger: 'importLedger',
  recurring_dismissal: 'recurringDismissals',
  amount_change_dismissal: 'amountChangeDismissals',
  bank_connection: 'bankConnections',
  bank_account: 'bankAccounts',
  household_member: 'households',
  push_device: 'pushDevices',
  category: 'categories',
  category_rule: 'categoryRules',
  learned_payee: 'learnedPayees',
  ledger_split: 'splits',
  budget: 'budgets',
};

const NEW_PASSWORD = 'N3w!Passw0rd';
const AUTH = 'accessToken';

let double: StripeDouble;
let t: TestApp;
/** Real time, movable forward: lets a replay fall outside the concurrent-refresh grace. */
const clock = {
  offsetMs: 0,
  now: () => new Date(Date.now() + clock.offsetMs),
  advance: (ms: number) => {
    clock.offsetMs += ms;
  },
};
beforeAll(async () => {
  double = await startStripeDouble();
  t = await startTestApp({ env: { ...double.env(), TRUST_PROXY: 'loopback' }, clock });
});
afterAll(async () => {
  await t.close();
  await double.close();
});

const IP = { 'x-forwarded-for': '10.201.7.9' };
const gql = <T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; cookie?: string } = {},
) => t.gql<T>(query, variables, { ...options, headers: IP });

function cookieOf(response: GraphQLResponse<unknown>): string {
  const pair = response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${REFRESH_COOKIE}=`))
    ?.split(';')[0];
  if (!pair) throw new Error(`no refresh cookie: ${JSON.stringify(response.errors)}`);
  return pair;
}

function ok<T>(response: GraphQLResponse<T>): T {
  if (response.errors?.length) throw new Error(JSON.stringify(response.errors));
  return response.data as T;
}

/**
 * Every table that holds a person's rows: by their account (`debtor_id`), or, for the finance data,
 * by their household (`household_id`); with the condition that picks that person's rows.
 */
async function tablesOfAPerson(
  debtorId: number,
  householdId: string,
): Promise<Map<string, [string, unknown]>> {
  const rows = await queryRows<{ table_name: string; column_name: string }>(
    t.deps.dataSource,
    `SELECT DISTINCT ON (table_name) table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('debtor_id', 'household_id')
        AND table_name NOT IN ('household')
      ORDER BY table_name, column_name`,
  );
  return new Map(
    rows.map((row) => [
      row.table_name,
      row.column_name === 'debtor_id' ? ['debtor_id = $1', debtorId] : ['household_id = $1', householdId],
    ]),
  );
}

it("a user's whole life: every event audited without secrets, all data exported, every row deleted, the subscription cancelled", async () => {
  const { debtor } = await buildDebtor(t.deps.dataSource, t.deps.config, { subscriptionStatus: 'active' });
  const subscriptionId = `sub_test_life_${debtor.id}`;
  double.putSubscription(stripeSubscription({ id: subscriptionId, status: 'active' }));
  await t.deps.dataSource.query(
    'UPDATE subscription SET provider_subscription_id = $2, provider_customer_id = $3 WHERE debtor_id = $1',
    [debtor.id, subscriptionId, `cus_test_life_${debtor.id}`],
  );
  const LOGIN = `mutation($u: String!, $p: String!) { login(userName: $u, userPassword: $p) { ${AUTH} } }`;
  const secrets: string[] = [DEFAULT_PASSWORD, NEW_PASSWORD, 'Wrong!Pass1'];

  // Sign-in: once wrongly, then twice (two sessions).
  expect((await gql(LOGIN, { u: debtor.userName, p: 'Wrong!Pass1' })).errors).toBeDefined();
  const first = await gql<{ login: { accessToken: string } }>(LOGIN, {
    u: debtor.userName,
    p: DEFAULT_PASSWORD,
  });
  const token = ok(first).login.accessToken;
  const sessionA = cookieOf(first);
  const sessionB = cookieOf(await gql(LOGIN, { u: debtor.userName, p: DEFAULT_PASSWORD }));
  secrets.push(token, sessionA.split('=')[1]!, sessionB.split('=')[1]!);

  // A rotated refresh token reused (after the grace a second tab gets): the family is revoked.
  const rotated = await gql(`mutation { refreshSession { ${AUTH} } }`, {}, { cookie: sessionA });
  secrets.push(cookieOf(rotated).split('=')[1]!);
  clock.advance(CONCURRENT_REFRESH_GRACE_MS + 1);
  expect(
    (await gql(`mutation { refreshSession { ${AUTH} } }`, {}, { cookie: sessionA })).errors?.[0]?.extensions
      ?.code,
  ).toBe('UNAUTHENTICATED');

  // Finance data in every table.
  const wallet = ok(
    await gql<{ addWallet: { id: string } }>(
      'mutation { addWallet(input: { walletName: "Life", balance: 100, timeZone: "UTC" }) { id } }',
      {},
      { token },
    ),
  ).addWallet.id;
  ok(
    await gql(
      `mutation($w: ID!) { updateWalletBalance(input: { walletId: $w, transaction: { direction: SPENT, amount: 5 }, timeZone: "UTC" }) { id } }`,
      { w: wallet },
      { token },
    ),
  );
  const statement = Buffer.from(
    'OFXHEADER:100\n\n<OFX><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>' +
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<TRNAMT>-4.50<FITID>T1<NAME>Coffee</STMTTRN></BANKTRANLIST></STMTRS></OFX>',
  ).toString('base64');
  const preview = ok(
    await gql<{ previewImport: { id: string } }>(
      'mutation($w: ID!, $c: String!) { previewImport(walletId: $w, fileName: "s.ofx", contentBase64: $c) { id } }',
      { w: wallet, c: statement },
      { token },
    ),
  ).previewImport.id;
  ok(await gql('mutation($p: ID!) { confirmImport(previewId: $p) { id } }', { p: preview }, { token }));
  // Three monthly payments make a recurring suggestion, which the person sets aside.
  const thisMonth = new Date().toISOString().slice(0, 10);
  const monthly = [-2, -1, 0]
    .map(
      (months) =>
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${addMonthsClamped(thisMonth, months).replaceAll('-', '')}<TRNAMT>-12.99` +
        `<FITID>M${months}<NAME>STREAMFLIX</STMTTRN>`,
    )
    .join('');
  const history = ok(
    await gql<{ previewImport: { id: string } }>(
      'mutation($w: ID!, $c: String!) { previewImport(walletId: $w, fileName: "m.ofx", contentBase64: $c) { id } }',
      {
        w: wallet,
        c: Buffer.from(
          `OFXHEADER:100\n\n<OFX><STMTRS><BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>${monthly}</BANKTRANLIST></STMTRS></OFX>`,
        ).toString('base64'),
      },
      { token },
    ),
  ).previewImport.id;
  ok(await gql('mutation($p: ID!) { confirmImport(previewId: $p) { id } }', { p: history }, { token }));
  const [found] = ok(
    await gql<{ recurringSuggestions: { id: string }[] }>(
      '{ recurringSuggestions(timeZone: "UTC") { id } }',
      {},
      {
        token,
      },
    ),
  ).recurringSuggestions;
  ok(await gql('mutation($id: ID!) { dismissRecurringSuggestion(id: $id) }', { id: found!.id }, { token }));
  // A gym whose price went up at the bank, kept at the plan's amount.
  // Where the money goes: a category of their own, a rule, a payee taught, a row split.
  const ledgerRows = ok(
    await gql<{ ledger: { rows: { id: string; amount: number }[] } }>(
      '{ ledger { rows { id amount } } }',
      {},
      { token },
    ),
  ).ledger.rows;
  const ownCategory = ok(
    await gql<{ addCategory: { id: string } }>(
      'mutation { addCategory(name: "Date nights") { id } }',
      {},
      { token },
    ),
  ).addCategory.id;
  ok(
    await gql(
      'mutation($c: ID!) { addCategoryRule(input: { descriptionContains: "bistro", categoryId: $c }) { id } }',
      { c: ownCategory },
      { token },
    ),
  );
  const [taught, split] = ledgerRows as [{ id: string; amount: number }, { id: string; amount: number }];
  ok(
    await gql(
      'mutation($r: ID!, $c: ID) { categorize(rowId: $r, categoryId: $c) { alsoChanged } }',
      { r: taught.id, c: ownCategory },
      { token },
    ),
  );
  const half = Math.round(split.amount * 50) / 100;
  ok(
    await gql(
      'mutation($r: ID!, $p: [SplitPartInput!]!) { splitRow(rowId: $r, parts: $p) { id } }',
      {
        r: split.id,
        p: [
          { categoryId: ownCategory, amount: half },
          { categoryId: ownCategory, amount: Math.round((split.amount - half) * 100) / 100 },
        ],
      },
      { token },
    ),
  );
  ok(
    await gql(
      'mutation($c: ID!) { setBudget(categoryId: $c, monthly: 120) { id } }',
      { c: ownCategory },
      { token },
    ),
  );
  const change = await seedAmountChange(t, { id: debtor.id, token }, wallet);
  ok(await gql('mutation($id: ID!) { dismissAmountChange(id: $id) }', { id: change }, { token }));
  await buildBankConnection(t.deps.dataSource, t.deps.config, debtor.id);
  await buildPushDevice(t.deps.dataSource, debtor.id);
  const today = new Date().toISOString().slice(0, 10);
  const source = ok(
    await gql<{ addIncomeSource: { id: string } }>(
      `mutation($d: Date!) { addIncomeSource(input: { sourceName: "Job", incomeFrequency: MONTHLY, nextPmtDate: $d, paymentAmount: 10, timeZone: "UTC" }) { id } }`,
      { d: today },
      { token },
    ),
  ).addIncomeSource.id;
  ok(
    await gql(
      `mutation($w: ID!, $s: ID!, $d: Date!) { depositPay(walletId: $w, occurrences: [{ incomeSourceId: $s, date: $d }], timeZone: "UTC") { wallet { id } } }`,
      { w: wallet, s: source, d: today },
      { token },
    ),
  );
  const bill = ok(
    await gql<{ addLiability: { id: string } }>(
      `mutation($d: Date!) { addLiability(input: { creditorName: "Bank", debtType: CREDIT_CARD, frequency: MONTHLY, dueDate: $d, payment: 3, timeZone: "UTC" }) { id } }`,
      { d: today },
      { token },
    ),
  ).addLiability.id;
  ok(
    await gql(
      `mutation($w: ID!, $l: ID!) { savePaidInfo(walletId: $w, changes: [{ liabilityId: $l, paid: true, cleared: true }], timeZone: "UTC") { wallet { id } } }`,
      { w: wallet, l: bill },
      { token },
    ),
  );
  // A second bill, still due: the reminder scan below has something to remind.
  ok(
    await gql(
      `mutation($d: Date!) { addLiability(input: { creditorName: "Phone", debtType: MOBILE_PHONE, frequency: MONTHLY, dueDate: $d, payment: 4, timeZone: "UTC" }) { id } }`,
      { d: today },
      { token },
    ),
  );
  const apiToken = ok(
    await gql<{ createApiToken: { secret: string } }>(
      'mutation { createApiToken(name: "script") { secret } }',
      {},
      { token },
    ),
  ).createApiToken.secret;
  secrets.push(apiToken);
  ok(
    await gql(
      `mutation($e: String!) { sendContactMessage(input: { senderName: "Pat", senderEmail: $e, message: "Hello there" }) }`,
      { e: debtor.email },
      { token },
    ),
  );

  // Reminders: settings, then a scan that queues this account's bill reminder; a calendar feed.
  ok(
    await gql(
      'mutation { updateReminderSettings(input: { billReminders: true, billLeadDays: 3, pastDueNotices: true, paydayDigest: true, sendHour: 0 }) { sendHour } }',
      {},
      { token },
    ),
  );
  const reminderQueue = await startReminderQueue(t.deps.dataSource);
  try {
    expect(await runReminderScan(t.deps, reminderQueue, { debtorIds: [debtor.id] })).toMatchObject({
      accounts: 1,
    });
  } finally {
    await reminderQueue.stop();
  }
  const feed = ok(
    await gql<{ createCalendarFeed: { url: string } }>(
      'mutation { createCalendarFeed { url } }',
      {},
      { token },
    ),
  ).createCalendarFeed.url;
  secrets.push(feed.split('/').pop()!.replace('.ics', ''));

  // Two-factor sign-in: the app's secret and the recovery codes never leave in the export.
  const enrollment = ok(
    await gql<{ beginTotpEnrollment: { secret: string } }>(
      'mutation { beginTotpEnrollment { secret } }',
      {},
      { token },
    ),
  ).beginTotpEnrollment;
  const recoveryCodes = ok(
    await gql<{ confirmTotpEnrollment: { recoveryCodes: string[] } }>(
      'mutation($c: String!) { confirmTotpEnrollment(code: $c) { recoveryCodes } }',
      { c: totpCodeAt(enrollment.secret, new Date()) },
      { token },
    ),
  ).confirmTotpEnrollment.recoveryCodes;
  secrets.push(enrollment.secret, ...recoveryCodes, ...recoveryCodes.map((code) => code.replace('-', '')));

  // A passkey, made by a software authenticator as a phone would.
  const registration = ok(
    await gql<{ beginPasskeyRegistration: { challengeId: string; optionsJson: string } }>(
      'mutation { beginPasskeyRegistration { challengeId optionsJson } }',
      {},
      { token },
    ),
  ).beginPasskeyRegistration;
  const created = new SoftAuthenticator(new URL(t.deps.config.appUrl).origin).register(
    registration.optionsJson,
  );
  ok(
    await gql(
      'mutation($c: String!, $r: String!) { finishPasskeyRegistration(challengeId: $c, name: "Phone", responseJson: $r) { id } }',
      { c: registration.challengeId, r: created.responseJson },
      { token },
    ),
  );

  // Password change.
  const changed = await gql<{ changePassword: { accessToken: string } }>(
    `mutation($o: String!, $n: String!) { changePassword(oldPassword: $o, newPassword: $n) { ${AUTH} } }`,
    { o: DEFAULT_PASSWORD, n: NEW_PASSWORD },
    { token },
  );
  const token2 = ok(changed).changePassword.accessToken;
  secrets.push(token2, cookieOf(changed).split('=')[1]!);
  // The other session (B) was revoked by the change.
  expect(
    (await gql(`mutation { refreshSession { ${AUTH} } }`, {}, { cookie: sessionB })).errors?.[0]?.extensions
      ?.code,
  ).toBe('UNAUTHENTICATED');

  // The audit log recorded each security event, without any secret.
  const events = await queryRows<{ event: string }>(
    t.deps.dataSource,
    'SELECT event FROM audit_log WHERE debtor_id = $1',
    [debtor.id],
  );
  expect(new Set(events.map((e) => e.event))).toEqual(
    new Set([
      'sign_in',
      'sign_in_failed',
      'refresh_token_reuse',
      'two_factor_enabled',
      'passkey_added',
      'password_changed',
    ]),
  );

  // Export: every row of every table with a debtor_id.
  const exported = JSON.parse(
    ok(await gql<{ exportMyData: string }>('{ exportMyData }', {}, { token: token2 })).exportMyData,
  ) as Record<string, unknown>;
  expect(exported.account).toMatchObject({ id: debtor.id });
  const tables = await tablesOfAPerson(debtor.id, await householdOf(t.deps.dataSource, debtor.id));
  const unexplained = [...tables.keys()].filter(
    (table) => !(table in EXPORT_KEY) && !NOT_EXPORTED.includes(table),
  );
  expect(unexplained).toEqual([]);
  for (const [table, key] of Object.entries(EXPORT_KEY)) {
    const [mine, id] = tables.get(table)!;
    const rows = await queryRows(t.deps.dataSource, `SELECT 1 FROM ${table} WHERE ${mine}`, [id]);
    const value = exported[key];
    const count = Array.isArray(value) ? value.length : value ? 1 : 0;
    expect({ table, count }).toEqual({ table, count: rows.length });
    expect({ table, rows: rows.length > 0 }).toEqual({ table, rows: true });
  }
  const exportText = JSON.stringify(exported);
  for (const secret of secrets) expect(exportText).not.toContain(secret);

  // Deletion: every row gone, the provider subscription cancelled, one secret-free audit event.
  const wrong = await gql('mutation { deleteAccount(password: "Wrong!Pass1") }', {}, { token: token2 });
  expect(wrong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  ok(
    await gql(
      'mutation($p: String!) { deleteAccount(password: $p) }',
      { p: NEW_PASSWORD },
      { token: token2 },
    ),
  );
  for (const [table, [mine, id]] of tables) {
    const rows = await queryRows(t.deps.dataSource, `SELECT 1 FROM ${table} WHERE ${mine}`, [id]);
    expect({ table, rows: rows.length }).toEqual({ table, rows: 0 });
  }
  expect(await queryRows(t.deps.dataSource, 'SELECT 1 FROM debtor WHERE id = $1', [debtor.id])).toEqual([]);
  expect(
    await queryRows(t.deps.dataSource, 'SELECT 1 FROM outbox_mail WHERE lower(to_address) = lower($1)', [
      debtor.email,
    ]),
  ).toEqual([]);
  const cancels = [
    ...double.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`),
    ...double
      .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
      .filter((r) => r.body.cancel_at_period_end === 'true'),
  ];
  expect(cancels.length).toBeGreaterThanOrEqual(1);
  const deletion = await queryRows(
    t.deps.dataSource,
    `SELECT 1 FROM audit_log WHERE event = 'account_deleted' AND details->>'formerDebtorId' = $1`,
    [String(debtor.id)],
  );
  expect(deletion).toHaveLength(1);
  // A token of the deleted account is no credential any more.
  expect((await gql('{ wallets { id } }', {}, { token: token2 })).errors?.[0]?.extensions?.code).toBe(
    'UNAUTHENTICATED',
  );

  // No audit row, of this user or any other, holds a secret or anything shaped like one.
  const audit = await queryRows<{ details: unknown; ip: string | null; event: string }>(
    t.deps.dataSource,
    'SELECT event, ip, details FROM audit_log',
  );
  const auditText = JSON.stringify(audit);
  for (const secret of secrets) expect(auditText).not.toContain(secret);
  expect(auditText).not.toMatch(/\$argon2|eyJ[A-Za-z0-9_-]{10,}|tn_[A-Za-z0-9_-]{10,}|[0-9a-f]{40,}/);
  expect(auditText).not.toMatch(/"(password|passwordHash|hash|token|code|secret)"\s*:/i);
});
