import { addDays, analyzeCashFlow, type CashFlowAnalysis, type IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { answerForHousehold, wallsItself } from '../../db/household-wall';
import { queryOne, type Queryable } from '../../db/sql';
import { notFound } from '../../errors';
import { analysisIncomeSource, type IncomeSourceRow } from '../income/income.rows';
import { analysisLiability, type LiabilityRow } from '../liabilities/liabilities.rows';
import { paymentRecord, type PaymentRow } from '../liabilities/payments.rows';
import { analysisWallet, type WalletRow } from '../wallets/wallets.rows';
import { rememberZone, userDay, type ZonedUser } from '../../input/today';
import { notAMember, provenAccount, type RequestUser } from '../auth/request-user';

/**
 * The server side of the true net income (docs/product-rules.md §1-§6): load the user's data in a fixed number
 * of statements, whatever the number of rows, and hand it to core's `analyzeCashFlow`.
 */

/**
 * How far back deposits matter: the analysis only asks whether each source's last pay (at most one
 * pay cycle, about a month, before today) was deposited. A bounded window keeps the query small.
 */
const DEPOSIT_LOOKBACK_DAYS = 92;

/** The first day whose deposits and payments a snapshot for `today` reads (`finance_snapshot`'s `since`). */
export const snapshotSince = (today: IsoDate): IsoDate => addDays(today, -DEPOSIT_LOOKBACK_DAYS);

/** A liability row with its payments paid since the lookback. */
type LiabilityWithPayments = LiabilityRow & { recent_payments: PaymentRow[] };

export interface FinanceSnapshot {
  wallets: WalletRow[];
  incomeSources: IncomeSourceRow[];
  liabilities: LiabilityRow[];
  /** Payment history rows paid since today − DEPOSIT_LOOKBACK_DAYS: enough for any pay period's start. */
  payments: PaymentRow[];
}

/** A payment history row as JSON, for loads that bring recent settlements with their liability. */
export const PAYMENT_JSON = `'id', p.id::text, 'due_date', p.due_date::text, 'kind', p.kind,
  'amount_cents', p.amount_cents, 'balance_reduced_cents', p.balance_reduced_cents, 'wallet_id', p.wallet_id,
  'paid_on', p.paid_on::text`;

/**
 * The snapshot's one statement: `finance_snapshot` (its migrations) answers each table's rows as a
 * JSON array (the columns of WALLET_COLUMNS, INCOME_SOURCE_COLUMNS with the deposited dates, and
 * LIABILITY_COLUMNS with the recent payments as PAYMENT_JSON), so the analysis costs one round trip
 * whatever the number of rows, and PostgreSQL plans it once per connection rather than on every
 * call. A row's JSON keeps its types, except that a timestamp arrives as text (wallet's `last_update`).
 * Given an account, `finance_snapshot` reads through the account's row and its membership of the
 * household (an API token's, or the account's current one), which also answers the stored zone,
 * and answers no row when the account no longer exists: so a read by a session whose account is
 * not yet proven needs no separate check (policies.ts `requireCaller`), one round trip for the
 * dashboard's analysis. Given no account, it reads a household the caller was already checked
 * against.
 */
const CALLER_SNAPSHOT_SQL = `SELECT time_zone, household_id, wallets, income_sources, liabilities
  FROM finance_snapshot($1, $2, $3)`;
const HOUSEHOLD_SNAPSHOT_SQL =
  'SELECT wallets, income_sources, liabilities FROM finance_snapshot(NULL, $1, $2)';

/** The three JSON columns of a `finance_snapshot` row: one household's finances. */
export interface FinanceSnapshotRow {
  wallets: (Omit<WalletRow, 'last_update'> & { last_update: string | null })[];
  income_sources: IncomeSourceRow[];
  /** With the payments paid since the lookback (for this pay period's obligations). */
  liabilities: LiabilityWithPayments[];
}

/** Everything the analysis needs of a household, in exactly 1 statement. */
export async function loadFinanceSnapshot(
  db: Queryable,
  householdId: string,
  today: IsoDate,
): Promise<FinanceSnapshot> {
  const row = await queryOne<FinanceSnapshotRow>(db, HOUSEHOLD_SNAPSHOT_SQL, [
    householdId,
    snapshotSince(today),
  ]);
  if (!row) throw new Error('The snapshot statement answered no row');
  return snapshotOf(row);
}

/**
 * The snapshot of the caller's household and the account's stored zone in 1 statement; null when
 * the account no longer exists (or is no longer a member of that household).
 */
export async function loadCallerSnapshot(
  db: Queryable,
  caller: RequestUser,
  today: IsoDate,
): Promise<{ storedZone: string | null; snapshot: FinanceSnapshot } | null> {
  const row = await queryOne<FinanceSnapshotRow & { time_zone: string | null; household_id: string }>(
    db,
    CALLER_SNAPSHOT_SQL,
    [caller.id, caller.namedHouseholdId ?? null, snapshotSince(today)],
  );
  if (!row) return null;
  // The statement proved the membership: what the request does next answers for that household.
  answerForHousehold(row.household_id);
  return { storedZone: row.time_zone, snapshot: snapshotOf(row) };
}

/** A `finance_snapshot` row as the analysis reads it (the reminder scan reads its batch's the same way). */
export function snapshotOf(row: FinanceSnapshotRow): FinanceSnapshot {
  const wallets = row.wallets.map((wallet) => ({
    ...wallet,
    last_update: wallet.last_update === null ? null : new Date(wallet.last_update),
  }));
  const incomeSources = row.income_sources;
  const rows = row.liabilities;
  const liabilities: LiabilityRow[] = [];
  const payments: PaymentRow[] = [];
  for (const { recent_payments, ...liability } of rows) {
    liabilities.push(liability);
    for (const payment of recent_payments) {
      payments.push({
        ...payment,
        liability_id: liability.id,
        creditor_name: liability.creditor_name,
        debt_type: liability.debt_type,
      });
    }
  }
  return { wallets, incomeSources, liabilities, payments };
}

/** Core's analysis of a loaded snapshot; a selected wallet that is not the user's is NOT_FOUND. */
export function analyzeSnapshot(
  snapshot: FinanceSnapshot,
  today: IsoDate,
  selectedWalletId: number | null,
): CashFlowAnalysis {
  if (selectedWalletId !== null && !snapshot.wallets.some((wallet) => wallet.id === selectedWalletId)) {
    throw notFound('Wallet');
  }
  return analyzeCashFlow({
    today,
    wallets: snapshot.wallets.map(analysisWallet),
    incomeSources: snapshot.incomeSources.map(analysisIncomeSource),
    liabilities: snapshot.liabilities.map(analysisLiability),
    payments: snapshot.payments.map(paymentRecord),
    selectedWalletId: selectedWalletId === null ? null : String(selectedWalletId),
  });
}

/** What a read such as the analysis or the forecast says of its day. */
export interface DayRequest {
  timeZone: string | null;
  asOf: IsoDate | null;
}

/**
 * `cashFlowAnalysis(walletId, timeZone, asOf)`. "Today" is `asOf` when given, else the date in the
 * request's zone, else in the account's zone, else UTC. One statement when the request names its
 * day and the account already stores its zone (the web client's case), 2 otherwise.
 */
export async function cashFlowAnalysis(
  deps: AppDeps,
  caller: RequestUser,
  request: DayRequest & { walletId: number | null },
): Promise<CashFlowAnalysis> {
  const { today, snapshot } = await todaysSnapshot(deps, caller, request);
  return analyzeSnapshot(snapshot, today, request.walletId);
}

/**
 * "Today" and the snapshot of a read (the analysis, the forecast) by a caller whose account may not
 * be proven yet. When the request names its day, the snapshot's own statement proves the account
 * and answers its stored zone, and a new zone is remembered after it. Otherwise the day needs the
 * account's zone first: the account is proven (reading its zone) and the snapshot follows.
 * `refuse(today)` throws for a request out of its limits, before anything is read.
 */
export async function todaysSnapshot(
  deps: AppDeps,
  caller: RequestUser,
  request: DayRequest,
  refuse: (today: IsoDate) => void = () => {},
): Promise<{ today: IsoDate; snapshot: FinanceSnapshot }> {
  const db = deps.dataSource;
  // The zone sent is checked here, with no statement.
  const day = request.timeZone ? await userDay(db, deps.clock, caller, request.timeZone) : null;
  const namedDay = request.asOf ?? day?.today;
  if (caller.accountChecked || !namedDay) {
    const user = await provenAccount(db, caller);
    if (!user.household) throw notAMember();
    const today = await requestToday(deps, user, request);
    refuse(today);
    return { today, snapshot: await loadFinanceSnapshot(db, user.household.id, today) };
  }
  refuse(namedDay);
  const loaded = await wallsItself(() => loadCallerSnapshot(db, caller, namedDay));
  if (!loaded) {
    // No row: the account is gone (proving it says so), or it is not in the household the request
    // names (a tab still showing a household its person has left).
    await provenAccount(db, caller);
    throw notAMember();
  }
  if (day?.newZone && day.newZone !== loaded.storedZone) await rememberZone(db, caller.id, day);
  return { today: namedDay, snapshot: loaded.snapshot };
}

/**
 * The "today" of a read such as the analysis or the forecast: `asOf` when given (a good zone is
 * still remembered), else the date in the request's zone, else in the account's zone, else UTC.
 * At most 1 statement.
 */
export async function requestToday(deps: AppDeps, user: ZonedUser, request: DayRequest): Promise<IsoDate> {
  if (request.asOf && !request.timeZone) return request.asOf;
  const day = await userDay(deps.dataSource, deps.clock, user, request.timeZone);
  await rememberZone(deps.dataSource, user.id, day);
  return request.asOf ?? day.today;
}

/** The rows a dashboard action answers with (presented as `ActionPayload` by analysis.presenter.ts). */
export interface ActionResult {
  wallet: WalletRow;
  liabilities: LiabilityRow[];
  analysis: CashFlowAnalysis;
}

/**
 * What a dashboard action answers: the acting wallet, the liabilities and the fresh analysis,
 * read after the action committed, so one round trip re-renders the page.
 */
export async function actionResult(
  db: Queryable,
  householdId: string,
  walletId: number,
  today: IsoDate,
): Promise<ActionResult> {
  const snapshot = await loadFinanceSnapshot(db, householdId, today);
  const analysis = analyzeSnapshot(snapshot, today, walletId);
  const wallet = snapshot.wallets.find((row) => row.id === walletId);
  if (!wallet) throw notFound('Wallet');
  return { wallet, liabilities: snapshot.liabilities, analysis };
}

/** The rows 'Skip' and 'Undo' answer with (presented as `LiabilityActionPayload`). */
export interface LiabilityActionResult {
  payment: PaymentRow;
  wallets: WalletRow[];
  liabilities: LiabilityRow[];
  analysis: CashFlowAnalysis;
}

/**
 * What 'Skip' and 'Undo' answer: the history row, the wallets, the liabilities and the fresh
 * analysis (for the wallet the dashboard shows), read after the change committed.
 */
export async function liabilityActionResult(
  db: Queryable,
  householdId: string,
  walletId: number | null,
  today: IsoDate,
  payment: PaymentRow,
): Promise<LiabilityActionResult> {
  const snapshot = await loadFinanceSnapshot(db, householdId, today);
  return {
    payment,
    wallets: snapshot.wallets,
    liabilities: snapshot.liabilities,
    analysis: analyzeSnapshot(snapshot, today, walletId),
  };
}
