import { randomUUID } from 'node:crypto';
import {
  amountChangeLine,
  billOccurrenceKey,
  planReminders,
  type BillOccurrence,
  type IsoDate,
  type ReminderKind,
  type ReminderPlan,
} from '@truenet/core';
import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../../deps';
import { execute, queryRows } from '../../db/sql';
import {
  snapshotOf,
  snapshotSince,
  type FinanceSnapshot,
  type FinanceSnapshotRow,
} from '../analysis/analysis.service';
import { paymentRecord } from '../liabilities/payments.rows';
import { analysisIncomeSource } from '../income/income.rows';
import { analysisLiability } from '../liabilities/liabilities.rows';
import { analysisWallet } from '../wallets/wallets.rows';
import { amountChangesOf, type AmountChangeRow } from '../recurring/amount-changes.service';
import {
  insertBudgetNotices,
  loadBudgetNews,
  type BudgetNews,
  type BudgetNewsReader,
  type BudgetNoticeRow,
} from './budget-news';
import {
  billsDueSoonMail,
  budgetAlertReminder,
  newsLine,
  pastDueMail,
  paydayDigestMail,
  type HouseholdPart,
  type ReminderMailContent,
  type ReminderNews,
} from './reminder-mails';
import type { ReminderQueue } from './reminder-queue';
import { settingsOfRow, SETTINGS_COLUMNS, type ReminderSettingsRow } from './reminder-settings.service';
import { signUnsubscribeToken } from './unsubscribe-token';

/**
 * The reminder scan (docs/product-rules.md §9), run at start-up and every REMINDER_SCAN_SECONDS by every
 * instance. Accounts are claimed in batches with SELECT … FOR UPDATE SKIP LOCKED on their
 * reminder_settings row, only when their local hour has reached their send hour and their local
 * date is past `last_scan_on`; so two instances scanning at once split the accounts, and a restart
 * or the next scan finds nothing left to do today. In the claiming transaction the batch's data is
 * read (a fixed number of statements per batch), core decides what to send, and the mails, the
 * reminded occurrences, the delivery jobs and the new `last_scan_on` are written together: a crash
 * before the commit leaves nothing, after it the jobs deliver. The unique keys (account, kind, day)
 * on reminder_mail and (account, kind, liability, due date) on reminder_occurrence are the last
 * guard: a conflicting row is never written twice.
 */

export const SCAN_BATCH_SIZE = 500;
const LIVE_SUBSCRIPTIONS = ['trialing', 'active', 'past_due'];

export interface ScanResult {
  accounts: number;
  queued: number;
  batches: number;
}

interface ClaimedAccount extends ReminderSettingsRow {
  debtor_id: number;
  email: string;
  first_name: string;
  local_date: string;
}

/** Which accounts a scan looks at: all of them, or only these (tests share one database). */
export interface ScanScope {
  debtorIds?: number[];
}

/** Creates the settings row (defaults) of verified accounts that have none, so they can be claimed. */
async function ensureSettingsRows(deps: AppDeps, scope: ScanScope): Promise<void> {
  await execute(
    deps.dataSource,
    `INSERT INTO reminder_settings (debtor_id)
     SELECT d.id FROM debtor d
      WHERE d.status < 999 AND ($1::int[] IS NULL OR d.id = ANY($1))
        AND NOT EXISTS (SELECT 1 FROM reminder_settings r WHERE r.debtor_id = d.id)
      ORDER BY d.id
     ON CONFLICT (debtor_id) DO NOTHING`,
    [scope.debtorIds ?? null],
  );
}

export async function runReminderScan(
  deps: AppDeps,
  queue: Pick<ReminderQueue, 'enqueue'>,
  scope: ScanScope = {},
  batchSize = SCAN_BATCH_SIZE,
): Promise<ScanResult> {
  await ensureSettingsRows(deps, scope);
  const now = deps.clock.now();
  const result: ScanResult = { accounts: 0, queued: 0, batches: 0 };
  let afterId = 0;
  for (;;) {
    const batch = await deps.dataSource.transaction((m) =>
      scanBatch(deps, queue, m, { now, afterId, batchSize, debtorIds: scope.debtorIds ?? null }),
    );
    result.batches += 1;
    result.accounts += batch.accounts;
    result.queued += batch.queued;
    if (batch.accounts < batchSize) return result;
    afterId = batch.lastId;
  }
}

async function scanBatch(
  deps: AppDeps,
  queue: Pick<ReminderQueue, 'enqueue'>,
  m: EntityManager,
  batch: { now: Date; afterId: number; batchSize: number; debtorIds: number[] | null },
): Promise<{ accounts: number; queued: number; lastId: number }> {
  const { now, afterId, batchSize } = batch;
  const accounts = await queryRows<ClaimedAccount>(
    m,
    `SELECT r.debtor_id, ${SETTINGS_COLUMNS.split(', ')
      .map((column) => `r.${column}`)
      .join(', ')}, d.email, d.first_name, (($1::timestamptz AT TIME ZONE z.zone)::date)::text AS local_date
       FROM reminder_settings r
       JOIN debtor d ON d.id = r.debtor_id
       CROSS JOIN LATERAL (SELECT COALESCE(d.time_zone, 'UTC') AS zone) z
      WHERE r.debtor_id > $2
        AND d.status < 999
        -- A household of theirs whose owner's subscription is live: a member needs none of their own.
        AND EXISTS (SELECT 1 FROM household_member m
                      JOIN household_member o ON o.household_id = m.household_id AND o.role = 'OWNER'
                      JOIN subscription s ON s.debtor_id = o.debtor_id
                     WHERE m.debtor_id = r.debtor_id AND s.status = ANY($4))
        AND (r.bill_reminders OR r.past_due_notices OR r.payday_digest OR r.budget_alerts)
        AND extract(hour FROM $1::timestamptz AT TIME ZONE z.zone) >= r.send_hour
        AND (r.last_scan_on IS NULL OR r.last_scan_on < ($1::timestamptz AT TIME ZONE z.zone)::date)
        AND ($5::int[] IS NULL OR r.debtor_id = ANY($5))
      ORDER BY r.debtor_id
      LIMIT $3
      FOR UPDATE OF r SKIP LOCKED`,
    [now, afterId, batchSize, LIVE_SUBSCRIPTIONS, batch.debtorIds],
  );
  if (accounts.length === 0) return { accounts: 0, queued: 0, lastId: afterId };
  const ids = accounts.map((account) => account.debtor_id);
  const earliest = accounts.reduce(
    (min, account) => (account.local_date < min ? account.local_date : min),
    '9999-12-31',
  );
  const latest = accounts.reduce(
    (max, account) => (account.local_date > max ? account.local_date : max),
    '0000-01-01',
  );
  const data = await loadBatch(m, ids, earliest, latest);

  const mails: MailRow[] = [];
  const occurrences: OccurrenceRow[] = [];
  const notices: NoticeRow[] = [];
  const budgetNotices: BudgetNoticeRow[] = [];
  for (const account of accounts) {
    const today = account.local_date;
    const settings = settingsOfRow(account);
    const households = data.households.get(account.debtor_id) ?? [];
    // Named in the mail only when the person is reminded of more than one household.
    const named = households.length > 1;
    // Amounts that changed at the bank and were not told to this person yet: the first mail
    // of this scan carries them (and its push), once.
    const told = data.told.get(account.debtor_id) ?? new Set<string>();
    let untold = households.flatMap((household) =>
      (data.changes.get(household.household_id) ?? [])
        .filter((change) => !told.has(noticeKey(household.household_id, change)))
        .map((change) => ({ household, change })),
    );
    // Budgets that reached 80% or all of their month and were not told to this person: they ride
    // in the first mail of this scan too; with no mail, a push of their own, or the next mail.
    let untoldBudgets: { household: BatchHousehold; news: BudgetNews }[] = settings.budgetAlerts
      ? households.flatMap((household) =>
          data.budgets
            .untold(account.debtor_id, household.household_id, today)
            .map((news) => ({ household, news })),
        )
      : [];
    const plans = households.map(({ name, finances }) => ({
      householdName: named ? name : null,
      plan: planReminders({
        today,
        settings,
        wallets: finances.wallets.map(analysisWallet),
        incomeSources: finances.incomeSources.map(analysisIncomeSource),
        liabilities: finances.liabilities.map(analysisLiability),
        alreadyReminded: data.reminded.get(account.debtor_id) ?? new Set(),
        payments: finances.payments.map(paymentRecord),
      }),
    }));
    const partsOf = <T>(content: (plan: ReminderPlan) => T | null): HouseholdPart<T>[] =>
      plans.flatMap(({ householdName, plan }) => {
        const own = content(plan);
        return own === null ? [] : [{ householdName, content: own }];
      });
    const add = (
      kind: ReminderKind,
      content: (links: MailLinks, news: ReminderNews) => ReminderMailContent,
      bills: BillOccurrence[],
    ) => {
      const id = randomUUID();
      const links = mailLinks(deps, account.debtor_id, kind, now);
      const prefix = (household: BatchHousehold) => (named ? `${household.name}: ` : '');
      // A budget alert of its own carries only the budgets: the bank's news waits for a mail.
      const bankTold = kind === 'BUDGET_ALERT' ? [] : untold;
      const news: ReminderNews = {
        bank: bankTold.map(
          ({ household, change }) =>
            `${prefix(household)}${amountChangeLine(change.name, change.scheduledCents, change.actualCents)}`,
        ),
        budgets: untoldBudgets.map(({ household, news: budget }) => `${prefix(household)}${budget.line}`),
      };
      mails.push({
        id,
        debtorId: account.debtor_id,
        kind,
        localDate: today,
        to: account.email,
        links,
        pushBody: newsLine(news),
        pushOnly: kind === 'BUDGET_ALERT',
        ...content(links, news),
      });
      for (const bill of bills) occurrences.push({ reminderId: id, debtorId: account.debtor_id, kind, bill });
      for (const { household, change } of bankTold) {
        notices.push({
          reminderId: id,
          debtorId: account.debtor_id,
          householdId: household.household_id,
          change,
        });
      }
      for (const { news: budget } of untoldBudgets) {
        budgetNotices.push({ reminderId: id, debtorId: account.debtor_id, news: budget });
      }
      if (kind !== 'BUDGET_ALERT') untold = [];
      untoldBudgets = [];
    };
    const dueSoon = partsOf((plan) => (plan.billsDueSoon.length > 0 ? plan.billsDueSoon : null));
    if (dueSoon.length > 0)
      add(
        'BILLS_DUE_SOON',
        (links, news) => billsDueSoonMail(account.first_name, dueSoon, links, news),
        dueSoon.flatMap((part) => part.content),
      );
    const pastDue = partsOf((plan) => (plan.pastDue.length > 0 ? plan.pastDue : null));
    if (pastDue.length > 0)
      add(
        'PAST_DUE',
        (links, news) => pastDueMail(account.first_name, pastDue, links, news),
        pastDue.flatMap((part) => part.content),
      );
    const digests = partsOf((plan) => plan.payday);
    if (digests.length > 0)
      add('PAYDAY_DIGEST', (links, news) => paydayDigestMail(account.first_name, digests, links, news), []);
    // No mail today: pushed where the person has a device, else told in the next reminder e-mail.
    if (untoldBudgets.length > 0 && account.push && (data.devices.get(account.debtor_id) ?? 0) > 0) {
      add('BUDGET_ALERT', (links, news) => budgetAlertReminder(account.first_name, news.budgets, links), []);
    }
  }

  const queuedIds = await insertMails(m, mails);
  const queued = new Set(queuedIds);
  await insertBudgetNotices(
    m,
    budgetNotices.filter((notice) => queued.has(notice.reminderId)),
  );
  await insertOccurrences(
    m,
    occurrences.filter((occurrence) => queued.has(occurrence.reminderId)),
  );
  await insertNotices(
    m,
    notices.filter((notice) => queued.has(notice.reminderId)),
  );
  const pushOnly = new Set(mails.filter((mail) => mail.pushOnly).map((mail) => mail.id));
  await queue.enqueue(
    m,
    queuedIds.filter((id) => !pushOnly.has(id)),
    queuedIds.filter((id) => pushOnly.has(id)),
  );
  await execute(
    m,
    `UPDATE reminder_settings r SET last_scan_on = v.local_date
       FROM unnest($1::int[], $2::date[]) AS v(debtor_id, local_date)
      WHERE r.debtor_id = v.debtor_id`,
    [ids, accounts.map((account) => account.local_date)],
  );
  return { accounts: accounts.length, queued: queuedIds.length, lastId: ids[ids.length - 1] as number };
}

type MailLinks = ReturnType<typeof mailLinks>;

function mailLinks(deps: AppDeps, debtorId: number, kind: ReminderKind, now: Date) {
  const base = deps.config.appUrl;
  const token = signUnsubscribeToken(deps.config.jwtSecret, debtorId, kind, now);
  return {
    dashboardUrl: `${base}/#/userhome`,
    manageUrl: `${base}/#/manageaccount`,
    unsubscribeUrl: `${base}/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
  };
}

interface MailRow extends ReminderMailContent {
  id: string;
  debtorId: number;
  kind: ReminderKind;
  localDate: IsoDate;
  to: string;
  links: MailLinks;
  /** What its push says beneath the title, when it carries news. */
  pushBody: string | null;
  /** Pushed to the account's devices alone, never e-mailed (a budget alert on a day with no mail). */
  pushOnly: boolean;
}

interface NoticeRow {
  reminderId: string;
  debtorId: number;
  householdId: string;
  change: AmountChangeRow;
}

/** An amount change as told to a person: its household, bill or pay, and the amount. */
function noticeKey(
  householdId: string,
  change: Pick<AmountChangeRow, 'kind' | 'itemId' | 'actualCents'>,
): string {
  return `${householdId}/${change.kind}/${change.itemId}/${change.actualCents}`;
}

async function insertNotices(m: EntityManager, notices: NoticeRow[]): Promise<void> {
  if (notices.length === 0) return;
  await execute(
    m,
    `INSERT INTO amount_change_notice (debtor_id, household_id, kind, item_id, amount_cents, reminder_id)
     SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::int[], $5::bigint[], $6::uuid[])
     ON CONFLICT DO NOTHING`,
    [
      notices.map((notice) => notice.debtorId),
      notices.map((notice) => notice.householdId),
      notices.map((notice) => notice.change.kind),
      notices.map((notice) => notice.change.itemId),
      notices.map((notice) => notice.change.actualCents),
      notices.map((notice) => notice.reminderId),
    ],
  );
}

interface OccurrenceRow {
  reminderId: string;
  debtorId: number;
  kind: ReminderKind;
  bill: BillOccurrence;
}

/** One statement for the batch's mails; answers the ids actually written (not already sent today). */
async function insertMails(m: EntityManager, mails: MailRow[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    m,
    `INSERT INTO reminder_mail (id, debtor_id, kind, local_date, to_address, subject, text_body, html_body, unsubscribe_url,
                                push_body, status)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::date[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                          $10::text[], $11::text[])
     ON CONFLICT (debtor_id, kind, local_date) DO NOTHING
     RETURNING id`,
    [
      mails.map((mail) => mail.id),
      mails.map((mail) => mail.debtorId),
      mails.map((mail) => mail.kind),
      mails.map((mail) => mail.localDate),
      mails.map((mail) => mail.to),
      mails.map((mail) => mail.subject),
      mails.map((mail) => mail.text),
      mails.map((mail) => mail.html),
      mails.map((mail) => mail.links.unsubscribeUrl),
      mails.map((mail) => mail.pushBody),
      mails.map((mail) => (mail.pushOnly ? 'push_only' : 'queued')),
    ],
  );
  return rows.map((row) => row.id);
}

async function insertOccurrences(m: EntityManager, occurrences: OccurrenceRow[]): Promise<void> {
  if (occurrences.length === 0) return;
  await execute(
    m,
    `INSERT INTO reminder_occurrence (reminder_id, debtor_id, kind, liability_id, due_date)
     SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::int[], $5::date[])
     ON CONFLICT DO NOTHING`,
    [
      occurrences.map((row) => row.reminderId),
      occurrences.map((row) => row.debtorId),
      occurrences.map((row) => row.kind),
      occurrences.map((row) => Number(row.bill.liabilityId)),
      occurrences.map((row) => row.bill.dueDate),
    ],
  );
}

/** A household one of the batch's accounts is reminded of, with its finances. */
interface BatchHousehold {
  debtor_id: number;
  household_id: string;
  name: string;
  finances: FinanceSnapshot;
}

interface BatchData {
  /** Each account's households, its own first. */
  households: Map<number, BatchHousehold[]>;
  /** Per account: the bills it was reminded of, whichever household they are in. */
  reminded: Map<number, Set<string>>;
  /** Per household: its amount changes (recurring/amount-changes.service). */
  changes: Map<string, AmountChangeRow[]>;
  /** Per account: the amount changes already told (noticeKey). */
  told: Map<number, Set<string>>;
  /** The households' budgets that reached a threshold, and who was told. */
  budgets: BudgetNewsReader;
  /** Per account: how many devices it has for pushes. */
  devices: Map<number, number>;
}

function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * Every household each account of the batch belongs to whose owner's subscription is live: the
 * bills it is reminded of (docs/product-rules.md §16).
 */
const BATCH_HOUSEHOLDS = `WITH batch AS (
  SELECT m.debtor_id, m.household_id AS batch_household
    FROM household_member m
    JOIN household_member o ON o.household_id = m.household_id AND o.role = 'OWNER'
    JOIN subscription s ON s.debtor_id = o.debtor_id
   WHERE m.debtor_id = ANY($1) AND s.status IN (${LIVE_SUBSCRIPTIONS.map((status) => `'${status}'`).join(', ')}))`;

/**
 * The batch's households with their finances, already-reminded occurrences, amount changes and the
 * ones already told, in 4 statements whatever its size. Each household's finances are the
 * dashboard's own read (`finance_snapshot`, called for a household: it reads as the scan does,
 * across households), so a digest's numbers are the dashboard's.
 */
async function loadBatch(
  m: EntityManager,
  ids: number[],
  earliestToday: IsoDate,
  latestToday: IsoDate,
): Promise<BatchData> {
  const households = await queryRows<
    FinanceSnapshotRow & { debtor_id: number; household_id: string; name: string }
  >(
    m,
    `${BATCH_HOUSEHOLDS}
     SELECT batch.debtor_id, h.id AS household_id, h.name, f.wallets, f.income_sources, f.liabilities
       FROM batch
       JOIN household h ON h.id = batch.batch_household
      CROSS JOIN LATERAL finance_snapshot(NULL, batch.batch_household, $2) f
      ORDER BY batch.debtor_id, h.personal_of IS DISTINCT FROM batch.debtor_id, h.name, h.id`,
    [ids, snapshotSince(earliestToday)],
  );
  const reminded = await queryRows<{ debtor_id: number; liability_id: number; due_date: string }>(
    m,
    `SELECT debtor_id, liability_id, due_date::text AS due_date FROM reminder_occurrence
      WHERE debtor_id = ANY($1) AND kind = 'BILLS_DUE_SOON' AND due_date >= $2`,
    [ids, earliestToday],
  );
  const remindedKeys = new Map<number, Set<string>>();
  for (const row of reminded) {
    const keys = remindedKeys.get(row.debtor_id) ?? new Set<string>();
    keys.add(billOccurrenceKey({ liabilityId: String(row.liability_id), dueDate: row.due_date }));
    remindedKeys.set(row.debtor_id, keys);
  }
  const changes = await amountChangesOf(m, [...new Set(households.map((row) => row.household_id))]);
  const toldRows = await queryRows<{
    debtor_id: number;
    household_id: string;
    kind: AmountChangeRow['kind'];
    item_id: number;
    amount_cents: string;
  }>(
    m,
    'SELECT debtor_id, household_id, kind, item_id, amount_cents FROM amount_change_notice WHERE debtor_id = ANY($1)',
    [ids],
  );
  const told = new Map<number, Set<string>>();
  for (const row of toldRows) {
    const keys = told.get(row.debtor_id) ?? new Set<string>();
    keys.add(
      noticeKey(row.household_id, {
        kind: row.kind,
        itemId: row.item_id,
        actualCents: Number(row.amount_cents),
      }),
    );
    told.set(row.debtor_id, keys);
  }
  const budgets = await loadBudgetNews(
    m,
    [...new Set(households.map((row) => row.household_id))],
    latestToday,
  );
  const devices = await queryRows<{ debtor_id: number; devices: number }>(
    m,
    'SELECT debtor_id, count(*)::int AS devices FROM push_device WHERE debtor_id = ANY($1) GROUP BY debtor_id',
    [ids],
  );
  return {
    changes: groupBy(changes, (change) => change.householdId),
    told,
    budgets,
    devices: new Map(devices.map((row) => [row.debtor_id, row.devices])),
    households: groupBy(
      households.map(({ debtor_id, household_id, name, ...finances }) => ({
        debtor_id,
        household_id,
        name,
        finances: snapshotOf(finances),
      })),
      (row) => row.debtor_id,
    ),
    reminded: remindedKeys,
  };
}
