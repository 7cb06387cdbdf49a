import { randomUUID } from 'node:crypto';
import {
  type IsoDate,
  addDays,
  ENTITY_NAME_MAX,
  readSimplefinAnswer,
  SimplefinAnswerError,
  todayInZone,
  type SimplefinAccount,
  type SimplefinAnswer,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { execute, queryOne, queryRows, type Queryable } from '../../db/sql';
import { AppError, badUserInput, notFound } from '../../errors';
import type { UserDay } from '../../input/today';
import { openSecret, sealSecret } from '../../secret-box';
import { confirmImport, setWalletToBankBalance } from '../imports/confirm.service';
import type { PreviewRowData } from '../imports/imports.rows';
import { checkRows, storeRowsPreview } from '../imports/preview.service';
import {
  changeWalletBalance,
  findWallet,
  insertWallet,
  writeRegisterEntries,
} from '../wallets/wallets.service';
import {
  ACCOUNT_COLUMNS,
  CONNECTION_COLUMNS,
  type AccountRow,
  type BankConnectionStatus,
  type ConnectionRow,
  type ConnectionWithAccounts,
} from './bank.rows';
import {
  BridgeError,
  claimAccessUrl,
  claimUrlOf,
  fetchAccounts,
  type BridgeOptions,
} from './simplefin-client';

/**
 * Bank connections through SimpleFIN Bridge (docs/product-rules.md §15): a setup token claimed once,
 * its access URL sealed at rest, accounts linked to wallets, and syncs that import posted rows
 * through the statement import's engine (one dedupe, one matcher, one review screen). One
 * connection's or one account's failure never stops the others.
 */

export const MESSAGES = {
  notAToken: 'This is not a SimpleFIN setup token: copy the whole token from SimpleFIN Bridge.',
  usedToken:
    'This setup token was already used or is not valid. Make a new one at SimpleFIN Bridge; if you did not use it, it may have been seen by someone else.',
  revoked: 'The connection was revoked at SimpleFIN Bridge. Connect again with a new setup token.',
  payment: 'Your SimpleFIN Bridge subscription needs payment.',
  unavailable: 'SimpleFIN Bridge did not answer. TrueNet will try again.',
  running: 'This connection is syncing already. Look again in a minute.',
  disconnected: 'This connection was revoked at SimpleFIN Bridge. Connect again with a new setup token.',
} as const;

/** Each connection is synced this often by the job. */
export const SYNC_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** The bridge allows about 24 requests a day per connection; TrueNet keeps to 20. */
export const REQUESTS_PER_DAY = 20;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A sync that has not finished in this long is taken for dead (a crashed instance). */
const SYNC_CLAIM_MS = 5 * 60 * 1000;

export interface SyncResult {
  connection: ConnectionWithAccounts;
  imported: number;
  duplicates: number;
  pending: number;
  billsSettled: number;
  toReview: number;
  previewIds: string[];
}

function bridgeOptions(deps: AppDeps, signal?: AbortSignal): BridgeOptions {
  return { allowLoopbackHttp: deps.config.bank.allowLoopbackHttp, signal };
}

/**
 * What a failure to read the bridge says on screen, and the status it leaves the connection in (null:
 * unchanged, retried later); null for an error that is not the bridge's (it is thrown on).
 */
function failureState(error: unknown): { status: BankConnectionStatus | null; message: string } | null {
  if (error instanceof SimplefinAnswerError) return { status: null, message: MESSAGES.unavailable };
  if (!(error instanceof BridgeError)) return null;
  switch (error.failure.kind) {
    case 'revoked':
      return { status: 'DISCONNECTED', message: MESSAGES.revoked };
    case 'payment':
      return { status: 'NEEDS_ATTENTION', message: MESSAGES.payment };
    case 'refused':
      return { status: 'NEEDS_ATTENTION', message: error.failure.reason };
    default:
      return { status: null, message: MESSAGES.unavailable };
  }
}

export async function listConnections(db: Queryable, householdId: string): Promise<ConnectionWithAccounts[]> {
  const connections = await queryRows<ConnectionRow>(
    db,
    `SELECT ${CONNECTION_COLUMNS} FROM bank_connection c WHERE c.household_id = $1 ORDER BY c.created_at, c.id`,
    [householdId],
  );
  const accounts = await queryRows<AccountRow>(
    db,
    `SELECT ${ACCOUNT_COLUMNS} FROM bank_account a WHERE a.household_id = $1 ORDER BY a.org, a.name, a.id`,
    [householdId],
  );
  return connections.map((connection) => ({
    ...connection,
    accounts: accounts.filter((account) => account.connection_id === connection.id),
  }));
}

async function connectionById(
  db: Queryable,
  householdId: string,
  id: string,
): Promise<ConnectionWithAccounts> {
  const found = (await listConnections(db, householdId)).find((connection) => connection.id === id);
  if (!found) throw notFound('Bank connection');
  return found;
}

/** The bank's accounts as it reported them: new ones added, known ones updated (balances, names). */
async function saveAccounts(
  db: Queryable,
  householdId: string,
  connectionId: string,
  answer: SimplefinAnswer,
) {
  if (answer.accounts.length === 0) return;
  await queryRows(
    db,
    `INSERT INTO bank_account (connection_id, household_id, remote_id, org, name, currency, balance_cents, balance_date)
     SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::timestamptz[])
     ON CONFLICT (connection_id, remote_id) DO UPDATE
       SET org = EXCLUDED.org, name = EXCLUDED.name, currency = EXCLUDED.currency,
           balance_cents = EXCLUDED.balance_cents, balance_date = EXCLUDED.balance_date`,
    [
      connectionId,
      householdId,
      answer.accounts.map((account) => account.id),
      answer.accounts.map((account) => account.org),
      answer.accounts.map((account) => account.name),
      answer.accounts.map((account) => account.currency),
      answer.accounts.map((account) => account.balanceCents),
      answer.accounts.map((account) => account.balanceDate),
    ],
  );
}

/**
 * Counts a request to the bridge against the connection's 20 a day, or refuses it with the time
 * the oldest request of the last 24 hours leaves the window, in the person's zone.
 */
async function countRequest(deps: AppDeps, householdId: string, connectionId: string, timeZone: string) {
  const now = deps.clock.now();
  const window = await queryOne<{ count: number; oldest: Date | null }>(
    deps.dataSource,
    `SELECT count(*)::int AS count, min(requested_at) AS oldest FROM bank_request
      WHERE connection_id = $1 AND requested_at > $2`,
    [connectionId, new Date(now.getTime() - DAY_MS)],
  );
  if (window && window.count >= REQUESTS_PER_DAY && window.oldest) {
    const after = new Date(window.oldest.getTime() + DAY_MS);
    const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
      after,
    );
    throw new AppError(
      `Synced too often today: the bank allows about 24 syncs a day. Try again after ${time}.`,
      'RATE_LIMITED',
      { retryAfterSeconds: Math.max(1, Math.ceil((after.getTime() - now.getTime()) / 1000)) },
    );
  }
  await queryRows(
    deps.dataSource,
    'INSERT INTO bank_request (connection_id, household_id, requested_at) VALUES ($1, $2, $3)',
    [connectionId, householdId, now],
  );
}

/**
 * `connectBank`: claims the setup token (once: a used one is refused by the bridge), seals the
 * access URL and reads the accounts once with their balances only, importing nothing. The first
 * sync is 'Sync now' or the job, 6 hours later. A claim whose account read fails is still kept,
 * with its error: the token cannot be claimed twice.
 */
export async function connectBank(
  deps: AppDeps,
  ledger: Ledger,
  setupToken: string,
  day: UserDay,
  timeZone: string,
) {
  const claimUrl = claimUrlOf(setupToken);
  if (!claimUrl) throw badUserInput(MESSAGES.notAToken, 'setupToken');
  let accessUrl: string;
  try {
    accessUrl = await claimAccessUrl(claimUrl, bridgeOptions(deps));
  } catch (error) {
    if (error instanceof BridgeError && error.failure.kind === 'revoked')
      throw badUserInput(MESSAGES.usedToken, 'setupToken');
    if (error instanceof BridgeError)
      throw badUserInput(failureState(error)?.message ?? MESSAGES.unavailable, 'setupToken');
    throw error;
  }
  const id = randomUUID();
  const now = deps.clock.now();
  await queryRows(
    deps.dataSource,
    `INSERT INTO bank_connection (id, household_id, label, access_url_sealed, next_sync_at, created_at, entered_by)
     VALUES ($1, $2, 'SimpleFIN Bridge', $3, $4, $5, $6)`,
    [
      id,
      ledger.householdId,
      sealSecret(deps.config.bank.secretsKey, accessUrl, id),
      new Date(now.getTime() + SYNC_INTERVAL_MS),
      now,
      ledger.memberId,
    ],
  );
  const zone = timeZone;
  try {
    await countRequest(deps, ledger.householdId, id, zone);
    const body = await fetchAccounts(accessUrl, { balancesOnly: true }, bridgeOptions(deps));
    const answer = readSimplefinAnswer(body, zone, day.today);
    await saveAccounts(deps.dataSource, ledger.householdId, id, answer);
    const orgs = [...new Set(answer.accounts.map((account) => account.org))];
    await queryRows(
      deps.dataSource,
      `UPDATE bank_connection SET label = $2, status = $3, last_error = $4 WHERE id = $1`,
      [
        id,
        orgs.length > 0 ? orgs.join(', ') : 'SimpleFIN Bridge',
        answer.messages.length > 0 ? 'NEEDS_ATTENTION' : 'OK',
        answer.messages[0] ?? null,
      ],
    );
  } catch (error) {
    const state = failureState(error);
    if (!state) throw error;
    await queryRows(
      deps.dataSource,
      'UPDATE bank_connection SET status = $2, last_error = $3 WHERE id = $1',
      [id, state.status ?? 'NEEDS_ATTENTION', state.message],
    );
  }
  return connectionById(deps.dataSource, ledger.householdId, id);
}

/** Where a bank account's rows go: an existing wallet, none, or a new wallet made for it. */
export interface AccountWallet {
  walletId: number | null;
  newWallet: boolean;
  /** What becomes of the wallet the account filled until now, when it moves to another. */
  previousWallet?: 'KEEP' | 'REMOVE' | null;
}

/**
 * A bank account moved from the wallet it filled to another (docs/product-rules.md §15): no total
 * may count the bank account twice. KEEP: the old wallet stays, kept by hand, without the bank's
 * money (its balance moves by the bank balance, explained by a 'Balance updated' entry). REMOVE:
 * the old wallet's rows (register, statement history and imports, pay and bill payments, the
 * bills and pay it was named by, rules) move to the new one and the old wallet is deleted; the new
 * one is the default if the old one was.
 */
async function leavePreviousWallet(
  m: Queryable,
  ledger: Ledger,
  account: AccountRow,
  previous: number,
  next: number,
  choice: 'KEEP' | 'REMOVE',
  today: IsoDate,
): Promise<void> {
  const household = ledger.householdId;
  if (choice === 'KEEP') {
    const bankCents = account.balance_cents === null ? 0 : Number(account.balance_cents);
    if (bankCents === 0) return;
    await changeWalletBalance(m, household, previous, -bankCents);
    await writeRegisterEntries(m, ledger, [
      {
        walletId: previous,
        direction: bankCents > 0 ? 'spent' : 'deposited',
        amountCents: Math.abs(bankCents),
        kind: 'adjustment',
        description: 'Balance updated',
        occurredOn: today,
      },
    ]);
    return;
  }
  // The same row twice in the two wallets' statement histories (or two dismissals of one payee): the old one goes.
  await execute(
    m,
    `DELETE FROM import_ledger o USING import_ledger n
      WHERE o.wallet_id = $1 AND n.wallet_id = $2 AND o.key = n.key AND o.household_id = $3`,
    [previous, next, household],
  );
  await execute(
    m,
    `DELETE FROM recurring_dismissal o USING recurring_dismissal n
      WHERE o.wallet_id = $1 AND n.wallet_id = $2 AND o.kind = n.kind AND o.payee_key = n.payee_key
        AND o.household_id = $3`,
    [previous, next, household],
  );
  for (const [table, column] of [
    ['register_entry', 'wallet_id'],
    ['import_ledger', 'wallet_id'],
    ['import_batch', 'wallet_id'],
    ['import_preview', 'wallet_id'],
    ['income_deposit', 'wallet_id'],
    ['liability_payment', 'wallet_id'],
    ['liability', 'wallet_id'],
    ['liability', 'paid_wallet_id'],
    ['income_source', 'wallet_id'],
    ['recurring_dismissal', 'wallet_id'],
    ['category_rule', 'wallet_id'],
  ] as const) {
    await execute(m, `UPDATE ${table} SET ${column} = $2 WHERE ${column} = $1 AND household_id = $3`, [
      previous,
      next,
      household,
    ]);
  }
  const removed = await queryOne<{ is_default: boolean }>(
    m,
    'DELETE FROM wallet WHERE id = $1 AND household_id = $2 RETURNING is_default',
    [previous, household],
  );
  if (removed?.is_default) {
    await execute(m, 'UPDATE wallet SET is_default = true WHERE id = $1 AND household_id = $2', [
      next,
      household,
    ]);
  }
}

/**
 * Links an account to one of the person's wallets (null: unlinked), or to a new wallet made for it
 * in the same transaction, and whether the wallet is kept equal to the bank's balance. Linking
 * never syncs.
 */
export async function linkBankAccount(
  deps: AppDeps,
  ledger: Ledger,
  accountId: string,
  target: AccountWallet,
  keepBalance: boolean,
  today: IsoDate,
): Promise<AccountRow> {
  return deps.dataSource.transaction(async (m) => {
    const account = await queryOne<AccountRow>(
      m,
      `SELECT ${ACCOUNT_COLUMNS} FROM bank_account a WHERE a.id = $1 AND a.household_id = $2 FOR UPDATE`,
      [accountId, ledger.householdId],
    );
    if (!account) throw notFound('Bank account');
    // Another household's wallet answers as one that does not exist, before anything else is said.
    if (target.walletId !== null) await findWallet(m, ledger.householdId, target.walletId);
    if (target.newWallet && target.walletId !== null) {
      throw badUserInput('Choose a wallet or a new one, not both.', 'walletId');
    }
    const previous = account.wallet_id;
    const moving =
      previous !== null && (target.newWallet || (target.walletId !== null && target.walletId !== previous));
    if (moving && !target.previousWallet) {
      const old = await findWallet(m, ledger.householdId, previous);
      throw badUserInput(
        `${account.name} fills ${old.name} now: say whether ${old.name} stays as a wallet you keep by hand, without the bank's money, or is removed, its rows moving with the account.`,
        'previousWallet',
      );
    }
    let walletId = target.walletId;
    if (target.newWallet) {
      // A household that starts from its bank has no wallet yet: the account's own, at the bank's
      // balance, named as the bank names it.
      const wallet = await insertWallet(m, ledger, {
        walletName: account.name.trim().slice(0, ENTITY_NAME_MAX) || 'Bank account',
        walletDescription: account.org,
        balanceCents: account.balance_cents === null ? 0 : Number(account.balance_cents),
      });
      walletId = wallet.id;
    }
    if (moving && walletId !== null && previous !== null) {
      await leavePreviousWallet(
        m,
        ledger,
        account,
        previous,
        walletId,
        target.previousWallet as 'KEEP' | 'REMOVE',
        today,
      );
    }
    return (await queryOne<AccountRow>(
      m,
      `UPDATE bank_account a SET wallet_id = $3, keep_balance = $4 WHERE a.id = $1 AND a.household_id = $2
       RETURNING ${ACCOUNT_COLUMNS}`,
      [accountId, ledger.householdId, walletId, keepBalance],
    )) as AccountRow;
  });
}

export async function removeBankConnection(deps: AppDeps, householdId: string, id: string): Promise<void> {
  const removed = await queryRows(
    deps.dataSource,
    'DELETE FROM bank_connection WHERE id = $1 AND household_id = $2 RETURNING id',
    [id, householdId],
  );
  if (removed.length === 0) throw notFound('Bank connection');
}

/**
 * Where a sync starts: 90 days back the first time (what is older than 30 days feeds the statement
 * history only), else 7 days before the last posted row, at most 90.
 */
export function syncStartEpoch(nowMs: number, lastPostedEpoch: number | null): number {
  const nowSeconds = Math.floor(nowMs / 1000);
  const earliest = nowSeconds - 90 * 86_400;
  if (lastPostedEpoch === null) return earliest;
  return Math.max(earliest, lastPostedEpoch - 7 * 86_400);
}

/**
 * A first sync reads, besides its 90 days, this many older windows of 90 days (the bridge answers
 * at most 90 days a request) for the statement history: 15 months in all, so that yearly bills can
 * be found. Each counts toward the day's requests; a window that fails ends the reading quietly.
 */
const HISTORY_WINDOWS = 4;
const WINDOW_SECONDS = 90 * 86_400;

/** Older windows' posted rows added to the first sync's answer, each account's rows by bank id once. */
async function withOlderHistory(
  deps: AppDeps,
  householdId: string,
  connectionId: string,
  accessUrl: string,
  answer: SimplefinAnswer,
  start: number,
  timeZone: string,
  today: string,
): Promise<SimplefinAnswer> {
  const posted = new Map(answer.accounts.map((account) => [account.id, [...account.posted]]));
  for (let window = 1; window <= HISTORY_WINDOWS; window += 1) {
    try {
      await countRequest(deps, householdId, connectionId, timeZone);
      const body = await fetchAccounts(
        accessUrl,
        { startDate: start - window * WINDOW_SECONDS, endDate: start - (window - 1) * WINDOW_SECONDS },
        bridgeOptions(deps),
      );
      const older = readSimplefinAnswer(body, timeZone, today);
      if (older.accounts.every((account) => account.posted.length === 0)) break;
      for (const account of older.accounts) {
        const rows = posted.get(account.id);
        if (!rows) continue;
        const known = new Set(rows.map((row) => row.bankId));
        rows.push(...account.posted.filter((row) => !known.has(row.bankId)));
      }
    } catch (error) {
      deps.logger.info({ err: error, connectionId }, 'older bank history not read');
      break;
    }
  }
  return {
    ...answer,
    accounts: answer.accounts.map((account) => ({
      ...account,
      posted: posted.get(account.id) ?? account.posted,
    })),
  };
}

/** Rows older than this many days go to the statement history only, never to the register. */
const HISTORY_ONLY_AFTER_DAYS = 30;

/**
 * A new row older than 30 days, as a first sync brings them: the balance the bank states already
 * holds it, so it feeds the statement history (what recurring bills are found in) and nothing else.
 */
function asHistoryOnly(row: PreviewRowData, today: string): PreviewRowData | null {
  if (row.status !== 'NEW' && row.status !== 'POSSIBLE_DUPLICATE') return null;
  if (row.date >= addDays(today, -HISTORY_ONLY_AFTER_DAYS)) return null;
  return {
    ...row,
    status: 'NEW',
    selected: true,
    similarTransactionId: null,
    bill: null,
    pay: null,
    contested: false,
    historyOnly: true,
  };
}

/**
 * A row the sync imports at once: new, with no match or one of exactly the expected amount that no
 * other bill, pay or row could have had. A sync never guesses between bills: a person does.
 */
function importsAtOnce(row: PreviewRowData): boolean {
  if (row.status !== 'NEW' || row.contested) return false;
  if (row.bill) return -row.amountCents === row.bill.scheduledCents;
  if (row.pay) return row.amountCents === row.pay.expectedCents;
  return true;
}

interface AccountOutcome {
  imported: number;
  duplicates: number;
  billsSettled: number;
  toReview: number;
  previewIds: string[];
}

/** Bank ids already waiting for a person in this wallet's open reviews: never offered twice. */
async function waitingBankIds(db: Queryable, walletId: number): Promise<Set<string>> {
  const rows = await queryRows<{ bank_id: string }>(
    db,
    `SELECT DISTINCT r->>'bankId' AS bank_id FROM import_preview p, jsonb_array_elements(p.rows) r
      WHERE p.wallet_id = $1 AND p.review AND p.batch_id IS NULL AND r->>'bankId' IS NOT NULL`,
    [walletId],
  );
  return new Set(rows.map((row) => row.bank_id));
}

/**
 * One linked account's posted rows through the import engine: what imports at once is confirmed
 * (with the bank's balance when the wallet is kept equal to it); what needs a person's eye waits in
 * an open review; duplicates are counted and left.
 */
async function importAccount(
  deps: AppDeps,
  ledger: Ledger,
  account: AccountRow,
  bank: SimplefinAccount,
  day: UserDay,
  timeZone: string,
): Promise<AccountOutcome> {
  const walletId = account.wallet_id as number;
  const checked = await checkRows(deps.dataSource, ledger.householdId, walletId, bank.posted, day.today);
  const history: PreviewRowData[] = [];
  const rows: PreviewRowData[] = [];
  for (const row of checked) {
    const old = asHistoryOnly(row, day.today);
    if (old) history.push(old);
    else rows.push(row);
  }
  const waiting = await waitingBankIds(deps.dataSource, walletId);
  const now = [...history, ...rows.filter(importsAtOnce)];
  const review = rows.filter(
    (row) =>
      !importsAtOnce(row) &&
      (row.status === 'NEW' || row.status === 'POSSIBLE_DUPLICATE') &&
      !(row.bankId && waiting.has(row.bankId)),
  );
  const name = `${bank.org} ${bank.name}`;
  const keep = account.keep_balance && bank.balanceCents !== null;
  const balanceDate = bank.balanceDate ? todayInZone(new Date(bank.balanceDate), timeZone) : day.today;
  const outcome: AccountOutcome = {
    imported: 0,
    duplicates: rows.filter((row) => row.status === 'DUPLICATE').length,
    billsSettled: 0,
    toReview: review.length,
    previewIds: [],
  };
  if (now.length > 0) {
    const preview = await storeRowsPreview(deps, deps.dataSource, ledger, {
      walletId,
      fileName: name,
      format: 'SIMPLEFIN',
      rows: now,
      statementBalanceCents: keep ? bank.balanceCents : null,
      statementBalanceDate: keep ? balanceDate : null,
      review: false,
      balanceKept: false,
    });
    const batch = await confirmImport(deps, ledger, preview.id, [], keep, day);
    outcome.imported = batch.imported_count;
    outcome.billsSettled = batch.bills_settled;
  } else if (keep) {
    await setWalletToBankBalance(
      deps,
      ledger,
      walletId,
      { balanceCents: bank.balanceCents as number, balanceDate },
      day.today,
    );
  }
  if (review.length > 0) {
    const preview = await storeRowsPreview(deps, deps.dataSource, ledger, {
      walletId,
      fileName: name,
      format: 'SIMPLEFIN',
      rows: review,
      statementBalanceCents: null,
      statementBalanceDate: null,
      review: true,
      balanceKept: keep,
    });
    outcome.previewIds.push(preview.id);
  }
  return outcome;
}

/**
 * Claims the connection for one sync (none other of it runs meanwhile, on any instance); null when
 * one is under way.
 */
async function claimSync(
  deps: AppDeps,
  householdId: string,
  id: string,
): Promise<{ sealed: string; lastPosted: number | null; status: string; neverSynced: boolean } | null> {
  const now = deps.clock.now();
  const claimed = await queryOne<{
    access_url_sealed: string;
    last_posted_epoch: string | null;
    status: string;
    never_synced: boolean;
  }>(
    deps.dataSource,
    `UPDATE bank_connection SET sync_started_at = $3
      WHERE id = $1 AND household_id = $2 AND (sync_started_at IS NULL OR sync_started_at < $4)
      RETURNING access_url_sealed, last_posted_epoch, status, last_sync_at IS NULL AS never_synced`,
    [id, householdId, now, new Date(now.getTime() - SYNC_CLAIM_MS)],
  );
  if (!claimed) return null;
  return {
    sealed: claimed.access_url_sealed,
    lastPosted: claimed.last_posted_epoch === null ? null : Number(claimed.last_posted_epoch),
    status: claimed.status,
    neverSynced: claimed.never_synced,
  };
}

/**
 * One sync of one connection: one request for all its accounts (posted since the start, and
 * pending), every account updated, each linked account imported on its own (a failure in one is
 * said on the connection and stops no other), pending charges replaced, and the next sync set.
 */
export async function syncBankConnection(
  deps: AppDeps,
  ledger: Ledger,
  id: string,
  day: UserDay,
  timeZone: string,
  /** A person is waiting (Sync now): the bridge's first answer within this long, or 'did not answer'. */
  deadlineMs?: number,
): Promise<SyncResult> {
  const exists = await queryOne<{ status: string }>(
    deps.dataSource,
    'SELECT status FROM bank_connection WHERE id = $1 AND household_id = $2',
    [id, ledger.householdId],
  );
  if (!exists) throw notFound('Bank connection');
  if (exists.status === 'DISCONNECTED') throw badUserInput(MESSAGES.disconnected, 'id');
  const claim = await claimSync(deps, ledger.householdId, id);
  if (!claim) throw new AppError(MESSAGES.running, 'RATE_LIMITED', { retryAfterSeconds: 60 });
  const result = {
    imported: 0,
    duplicates: 0,
    pending: 0,
    billsSettled: 0,
    toReview: 0,
    previewIds: [] as string[],
  };
  let status: BankConnectionStatus = 'OK';
  let lastError: string | null = null;
  let failed = false;
  let lastPosted = claim.lastPosted;
  try {
    await countRequest(deps, ledger.householdId, id, timeZone);
    let answer: SimplefinAnswer;
    let accessUrl: string;
    const start = syncStartEpoch(deps.clock.now().getTime(), claim.lastPosted);
    try {
      accessUrl = openSecret(deps.config.bank.secretsKey, claim.sealed, id);
      const deadline = deadlineMs === undefined ? undefined : AbortSignal.timeout(deadlineMs);
      const body = await fetchAccounts(
        accessUrl,
        { startDate: start, pending: true },
        bridgeOptions(deps, deadline),
      );
      answer = readSimplefinAnswer(body, timeZone, day.today);
    } catch (error) {
      const state = failureState(error);
      if (!state) throw error;
      failed = state.status === null;
      status = state.status ?? (claim.status as BankConnectionStatus);
      lastError = state.message;
      return await finish();
    }
    if (claim.neverSynced && answer.messages.length === 0) {
      answer = await withOlderHistory(
        deps,
        ledger.householdId,
        id,
        accessUrl,
        answer,
        start,
        timeZone,
        day.today,
      );
    }
    await saveAccounts(deps.dataSource, ledger.householdId, id, answer);
    if (answer.messages.length > 0) {
      status = 'NEEDS_ATTENTION';
      lastError = answer.messages.join(' ').slice(0, 200);
    }
    const accounts = await queryRows<AccountRow>(
      deps.dataSource,
      `SELECT ${ACCOUNT_COLUMNS} FROM bank_account a WHERE a.connection_id = $1 AND a.household_id = $2`,
      [id, ledger.householdId],
    );
    for (const bank of answer.accounts) {
      const account = accounts.find((candidate) => candidate.remote_id === bank.id);
      if (!account) continue;
      if (bank.lastPostedEpoch !== null) lastPosted = Math.max(lastPosted ?? 0, bank.lastPostedEpoch);
      await queryRows(deps.dataSource, 'UPDATE bank_account SET pending = $2 WHERE id = $1', [
        account.id,
        JSON.stringify(bank.pending),
      ]);
      if (account.wallet_id === null) continue;
      result.pending += bank.pending.length;
      try {
        const outcome = await importAccount(deps, ledger, account, bank, day, timeZone);
        result.imported += outcome.imported;
        result.duplicates += outcome.duplicates;
        result.billsSettled += outcome.billsSettled;
        result.toReview += outcome.toReview;
        result.previewIds.push(...outcome.previewIds);
      } catch (error) {
        deps.logger.error({ err: error, connectionId: id }, 'bank account import failed');
        status = 'NEEDS_ATTENTION';
        lastError = `${bank.org} ${bank.name} could not be imported this time. TrueNet will try again.`;
      }
    }
    return await finish();
  } finally {
    await queryRows(deps.dataSource, 'UPDATE bank_connection SET sync_started_at = NULL WHERE id = $1', [id]);
  }

  async function finish(): Promise<SyncResult> {
    const now = deps.clock.now().getTime();
    // Backoff spaces only the job's retries: 15 minutes, doubling, never beyond the usual 6 hours.
    const failures = failed ? 1 : 0;
    await queryRows(
      deps.dataSource,
      `UPDATE bank_connection
          SET status = $2, last_error = $3, last_sync_at = CASE WHEN $4 THEN last_sync_at ELSE $5 END,
              last_posted_epoch = $6, failures = CASE WHEN $4 THEN failures + $7 ELSE 0 END,
              next_sync_at = CASE WHEN $4
                THEN $5::timestamptz + least(interval '6 hours', interval '15 minutes' * power(2, failures))
                ELSE $8 END
        WHERE id = $1`,
      [id, status, lastError, failed, new Date(now), lastPosted, failures, new Date(now + SYNC_INTERVAL_MS)],
    );
    return { connection: await connectionById(deps.dataSource, ledger.householdId, id), ...result };
  }
}

/**
 * The job's part: connections whose next sync has come, claimed a few at a time (FOR UPDATE SKIP
 * LOCKED pushes their next sync on, so another instance takes others), each synced in the
 * account's own zone; a failure is recorded on its connection and the next one goes on.
 */
export async function syncDueConnections(deps: AppDeps, limit = 20): Promise<number> {
  const now = deps.clock.now();
  // Rows a sync brings are credited to the member who connected the bank (the owner once they are
  // gone), and "today" is the household owner's.
  const due = await queryRows<{
    id: string;
    household_id: string;
    member_id: number;
    time_zone: string | null;
  }>(
    deps.dataSource,
    `UPDATE bank_connection c SET next_sync_at = $2
       FROM household_member o JOIN debtor d ON d.id = o.debtor_id
      WHERE c.id IN (SELECT id FROM bank_connection
                      WHERE next_sync_at <= $1 AND status <> 'DISCONNECTED'
                      ORDER BY next_sync_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        AND o.household_id = c.household_id AND o.role = 'OWNER'
      RETURNING c.id, c.household_id, COALESCE(c.entered_by, o.debtor_id) AS member_id, d.time_zone`,
    [now, new Date(now.getTime() + 30 * 60 * 1000), limit],
  );
  for (const connection of due) {
    const zone = connection.time_zone ?? 'UTC';
    try {
      await syncBankConnection(
        deps,
        { householdId: connection.household_id, memberId: connection.member_id },
        connection.id,
        { today: todayInZone(now, zone), newZone: null },
        zone,
      );
    } catch (error) {
      deps.metrics.job('bank_sync', 'connection_failed');
      deps.logger.warn({ err: error, connectionId: connection.id }, 'bank sync skipped');
    }
  }
  return due.length;
}
