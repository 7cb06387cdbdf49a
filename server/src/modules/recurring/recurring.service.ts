import {
  addDays,
  defaultDebtType,
  payThatArrived,
  type DebtType,
  type IsoDate,
  type PlannedItem,
  type RecurringFrequency,
  type RecurringKind,
  type RecurringStream,
} from '@truenet/core';
import type { AppDeps } from '../../deps';
import type { Ledger } from '../auth/request-user';
import { queryRows, type Queryable } from '../../db/sql';
import { admitHeavy } from '../../heavy/admission';
import { runHeavy } from '../../heavy/heavy-pool';
import { notFound } from '../../errors';
import { rememberZone, type UserDay } from '../../input/today';
import { dollars } from '../../input/values';
import { incomeSourceFields } from '../income/income-source-fields';
import { insertIncomeSource } from '../income/income.service';
import type { IncomeSourceRow } from '../income/income.rows';
import { liabilityFields } from '../liabilities/liability-fields';
import { insertLiability } from '../liabilities/liabilities.service';
import type { LiabilityRow } from '../liabilities/liabilities.rows';

/**
 * Found in your bank (docs/product-rules.md §18): the household's statement history read for
 * recurring bills and pay (core's findRecurringStreams), less what its plan already has and what a
 * person said is not recurring. Three statements, whatever the size of the history.
 */

/** A suggestion as the API answers it: core's stream with the id it is accepted and dismissed by. */
export interface Suggestion extends RecurringStream {
  id: string;
}

/** What a person may change of a suggestion as they add it. */
export interface AcceptOverrides {
  name?: string | null;
  amountCents?: number | null;
  nextDate?: IsoDate | null;
  debtType?: DebtType | null;
  autoPay?: boolean | null;
}

export interface Accepted {
  liability: LiabilityRow | null;
  incomeSource: IncomeSourceRow | null;
}

const NO_LONGER = 'Recurring suggestion';

/** The id of a stream: its key, opaque to scripts, the same for as long as the stream lasts. */
function suggestionId(stream: RecurringStream): string {
  return Buffer.from(stream.key).toString('base64url');
}

/**
 * How far back the history is read: a yearly stream's last two occurrences, the latest at most a
 * year and a week old, span at most two years and three weeks. Older rows can make no stream active
 * today, and a household with years of history answers as fast as one with two.
 */
const HISTORY_DAYS = 760;

/**
 * The history as one JSON text, read by the heavy thread (heavy-tasks.ts historyOf): the request
 * thread only passes it on, instead of parsing 30,000 rows into objects and copying them over.
 */
async function readHistoryText(db: Queryable, householdId: string, today: IsoDate): Promise<string> {
  const [row] = await queryRows<{ history: string }>(
    db,
    `SELECT coalesce(json_agg(json_build_array(wallet_id::text, occurred_on::text, amount_cents::text, description,
                                               liability_id::text, income_source_id::text)), '[]')::text AS history
       FROM import_ledger
      WHERE household_id = $1 AND deleted_at IS NULL AND occurred_on >= $2`,
    [householdId, addDays(today, -HISTORY_DAYS)],
  );
  return row?.history ?? '[]';
}

/**
 * The household's bills and pay sources as the suggestions compare them, with the payee of the
 * stream each was added from (the statement import matches a payee's rows to its bill by it).
 */
export async function householdPlan(db: Queryable, householdId: string): Promise<PlannedItem[]> {
  const rows = await queryRows<{
    kind: RecurringKind;
    id: string;
    name: string;
    frequency: RecurringFrequency;
    payment_cents: string;
    active: boolean;
    payee_key: string | null;
  }>(
    db,
    `SELECT 'BILL' AS kind, id::text AS id, creditor_name AS name, frequency, payment_cents, true AS active, payee_key
       FROM liability WHERE household_id = $1
     UNION ALL
     SELECT 'INCOME', id::text, source_name, frequency, payment_cents, active, payee_key
       FROM income_source WHERE household_id = $1`,
    [householdId],
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    frequency: row.frequency,
    amountCents: Number(row.payment_cents),
    active: row.active,
    payeeKey: row.payee_key,
  }));
}

async function readDismissed(db: Queryable, householdId: string) {
  const rows = await queryRows<{
    wallet_id: string;
    kind: RecurringKind;
    payee_key: string;
    amount_cents: string;
  }>(
    db,
    `SELECT wallet_id::text AS wallet_id, kind, payee_key, amount_cents FROM recurring_dismissal WHERE household_id = $1`,
    [householdId],
  );
  return rows.map((row) => ({
    walletId: row.wallet_id,
    kind: row.kind,
    payeeKey: row.payee_key,
    amountCents: Number(row.amount_cents),
  }));
}

/**
 * The household's suggestions on `today`, of one wallet or of all. The whole household's history is
 * read either way: a transfer between two wallets is told apart only with both in view.
 */
export async function recurringSuggestions(
  db: Queryable,
  householdId: string,
  today: IsoDate,
  walletId: number | null = null,
): Promise<Suggestion[]> {
  return admitHeavy(householdId, async () => {
    // One after the other: `db` may be a transaction's single connection.
    const history = await readHistoryText(db, householdId, today);
    const plan = await householdPlan(db, householdId);
    const dismissed = await readDismissed(db, householdId);
    // Core's reading of the streams holds a thread for a quarter second on 30,000 rows: not this one.
    const streams = await runHeavy('recurringSuggestions', { history, today, plan, dismissed });
    return streams
      .filter((stream) => walletId === null || stream.walletId === String(walletId))
      .map((stream) => ({ ...stream, id: suggestionId(stream) }));
  });
}

async function suggestionById(
  db: Queryable,
  householdId: string,
  id: string,
  today: IsoDate,
): Promise<Suggestion> {
  const found = (await recurringSuggestions(db, householdId, today)).find(
    (suggestion) => suggestion.id === id,
  );
  if (!found) throw notFound(NO_LONGER);
  return found;
}

/**
 * Twice monthly pay keeps its two days apart: the second is the stream's other usual day, or, when
 * the person moved the first on or past it, the same distance after the new first.
 */
function secondPayDate(stream: Suggestion, nextDate: IsoDate): IsoDate | null {
  if (stream.secondDate === null) return null;
  if (nextDate < stream.secondDate) return stream.secondDate;
  return addDays(nextDate, 15);
}

/**
 * Adds a suggestion as a bill or a pay source, in one transaction: the household is locked so two
 * accepts of one suggestion add it once; the suggestion is read again inside it; the input
 * overrides its values and is checked as the add forms check theirs; the new row keeps the payee.
 */
export async function acceptRecurringSuggestion(
  deps: AppDeps,
  ledger: Ledger,
  id: string,
  overrides: AcceptOverrides,
  day: UserDay,
): Promise<Accepted> {
  return deps.dataSource.transaction(async (m) => {
    await rememberZone(m, ledger.memberId, day);
    await queryRows(m, 'SELECT id FROM household WHERE id = $1 FOR UPDATE', [ledger.householdId]);
    const stream = await suggestionById(m, ledger.householdId, id, day.today);
    const name = overrides.name ?? stream.name;
    const cents = overrides.amountCents ?? stream.amountCents;
    const nextDate = overrides.nextDate ?? stream.nextDate;
    if (stream.kind === 'BILL') {
      const fields = liabilityFields(
        {
          creditorName: name,
          debtType: overrides.debtType ?? defaultDebtType(stream),
          frequency: stream.frequency,
          dueDate: nextDate,
          payment: dollars(cents),
          autoPay: overrides.autoPay ?? false,
          walletId: stream.walletId,
        },
        day.today,
        { creditorName: 'name', payment: 'amount', dueDate: 'nextDate' },
      );
      return { liability: await insertLiability(m, ledger, fields, stream.payeeKey), incomeSource: null };
    }
    // Pay added from the bank counts the pay that already arrived (core's payThatArrived).
    const secondDate = secondPayDate(stream, nextDate);
    const arrived = payThatArrived({ ...stream, nextDate, secondDate }, day.today);
    const fields = incomeSourceFields(
      {
        sourceName: name,
        incomeFrequency: stream.frequency,
        // The form's 'Last Pay Date': the pay that arrived when the bank shows it, else the next.
        nextPmtDate: arrived ?? nextDate,
        biMonthlyPayDate: arrived && secondDate !== null ? nextDate : secondDate,
        paymentAmount: dollars(cents),
        walletId: stream.walletId,
      },
      day.today,
      { sourceName: 'name', paymentAmount: 'amount', nextPmtDate: 'nextDate' },
    );
    const incomeSource = await insertIncomeSource(m, ledger, fields, stream.payeeKey);
    if (arrived) {
      // No money moves: the payment is in the wallet's history already.
      await queryRows(
        m,
        `INSERT INTO income_deposit (income_source_id, occurrence_date, household_id, wallet_id, amount_cents)
         VALUES ($1, $2, $3, $4, $5)`,
        [incomeSource.id, arrived, ledger.householdId, Number(stream.walletId), stream.amountCents],
      );
    }
    return { liability: null, incomeSource };
  });
}

/**
 * 'Not recurring': the payee is kept as dismissed in its wallet and direction, with the amount it
 * has now (a later dismissal of it replaces the amount).
 */
export async function dismissRecurringSuggestion(
  deps: AppDeps,
  ledger: Ledger,
  id: string,
  today: IsoDate,
): Promise<void> {
  const stream = await suggestionById(deps.dataSource, ledger.householdId, id, today);
  await queryRows(
    deps.dataSource,
    `INSERT INTO recurring_dismissal (household_id, wallet_id, kind, payee_key, amount_cents, entered_by)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (household_id, wallet_id, kind, payee_key)
     DO UPDATE SET amount_cents = EXCLUDED.amount_cents, dismissed_at = now(), entered_by = EXCLUDED.entered_by`,
    [
      ledger.householdId,
      Number(stream.walletId),
      stream.kind,
      stream.payeeKey,
      stream.amountCents,
      ledger.memberId,
    ],
  );
}
