import { addDays, analyzeCashFlow, type CashFlowAnalysis, type IsoDate } from '@truenet/core';
import type { AppDeps } from '../../deps';
import { queryRows, type Queryable } from '../../db/sql';
import { notFound } from '../../graphql/errors';
import type { ActionPayload } from '../../generated/graphql';
import {
  analysisIncomeSource,
  INCOME_SOURCE_COLUMNS,
  type IncomeSourceRow,
} from '../income/income.presenter';
import {
  analysisLiability,
  LIABILITY_COLUMNS,
  presentLiability,
  type LiabilityRow,
} from '../liabilities/liabilities.presenter';
import { analysisWallet, presentWallet, WALLET_COLUMNS, type WalletRow } from '../wallets/wallets.presenter';
import { presentAnalysis } from './analysis.presenter';
import { rememberTimeZone, userToday, type ZonedUser } from './finance-input';

/**
 * The server side of the true net income (DESIGN.md §2): load the user's data in a fixed number
 * of statements, whatever the number of rows, and hand it to core's `analyzeCashFlow`.
 */

/**
 * How far back deposits matter: the analysis only asks whether each source's last pay (at most one
 * pay cycle, about a month, before today) was deposited. A bounded window keeps the query small.
 */
export const DEPOSIT_LOOKBACK_DAYS = 92;

export interface FinanceSnapshot {
  wallets: WalletRow[];
  incomeSources: IncomeSourceRow[];
  liabilities: LiabilityRow[];
}

/** Everything the analysis needs, in exactly 3 statements. */
export async function loadFinanceSnapshot(
  db: Queryable,
  debtorId: number,
  today: IsoDate,
): Promise<FinanceSnapshot> {
  const wallets = await queryRows<WalletRow>(
    db,
    `SELECT ${WALLET_COLUMNS} FROM wallet WHERE debtor_id = $1 ORDER BY id`,
    [debtorId],
  );
  const incomeSources = await queryRows<IncomeSourceRow>(
    db,
    `SELECT ${INCOME_SOURCE_COLUMNS},
            COALESCE(array_agg(d.occurrence_date::text ORDER BY d.occurrence_date)
                       FILTER (WHERE d.occurrence_date IS NOT NULL), '{}') AS deposited_dates
       FROM income_source s
       LEFT JOIN income_deposit d
         ON d.income_source_id = s.id AND d.debtor_id = s.debtor_id AND d.occurrence_date >= $2
      WHERE s.debtor_id = $1
      GROUP BY s.id
      ORDER BY s.id`,
    [debtorId, addDays(today, -DEPOSIT_LOOKBACK_DAYS)],
  );
  const liabilities = await queryRows<LiabilityRow>(
    db,
    `SELECT ${LIABILITY_COLUMNS} FROM liability l WHERE l.debtor_id = $1 ORDER BY l.due_date, l.id`,
    [debtorId],
  );
  return { wallets, incomeSources, liabilities };
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
    selectedWalletId: selectedWalletId === null ? null : String(selectedWalletId),
  });
}

/**
 * `cashFlowAnalysis(walletId, timeZone, asOf)`. "Today" is `asOf` when given, else the date in the
 * request's zone, else in the account's zone, else UTC. At most 4 statements: the zone (only when
 * it is needed or new) and the 3 loads.
 */
export async function cashFlowAnalysis(
  deps: AppDeps,
  user: ZonedUser,
  request: { walletId: number | null; timeZone: string | null; asOf: IsoDate | null },
): Promise<CashFlowAnalysis> {
  const db = deps.dataSource;
  let today: IsoDate;
  if (request.asOf) {
    if (request.timeZone) await rememberTimeZone(db, user, request.timeZone);
    today = request.asOf;
  } else {
    today = await userToday(db, deps.clock, user, request.timeZone);
  }
  const snapshot = await loadFinanceSnapshot(db, user.id, today);
  return analyzeSnapshot(snapshot, today, request.walletId);
}

/**
 * What a dashboard action answers (`ActionPayload`): the acting wallet, the liabilities and the
 * fresh analysis, read after the action committed, so one round trip re-renders the page.
 */
export async function actionPayload(
  db: Queryable,
  debtorId: number,
  walletId: number,
  today: IsoDate,
): Promise<ActionPayload> {
  const snapshot = await loadFinanceSnapshot(db, debtorId, today);
  const analysis = analyzeSnapshot(snapshot, today, walletId);
  const wallet = snapshot.wallets.find((row) => row.id === walletId);
  if (!wallet) throw notFound('Wallet');
  return {
    wallet: presentWallet(wallet),
    liabilities: snapshot.liabilities.map(presentLiability),
    analysis: presentAnalysis(analysis),
  };
}
