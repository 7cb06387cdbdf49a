import {
  REMINDER_DEFAULTS,
  REMINDER_KIND_SETTING,
  reminderSettingsErrors,
  type ReminderKind,
  type ReminderSettings,
} from '@truenet/core';
import { execute, queryOne, type Queryable } from '../../db/sql';
import { assertNoFieldErrors } from '../../input/field-errors';

export interface ReminderSettingsRow {
  bill_reminders: boolean;
  bill_lead_days: number;
  past_due_notices: boolean;
  payday_digest: boolean;
  budget_alerts: boolean;
  send_hour: number;
  push: boolean;
}

export const SETTINGS_COLUMNS =
  'bill_reminders, bill_lead_days, past_due_notices, payday_digest, budget_alerts, send_hour, push';

/** The settings with whether reminders also go to the account's devices (docs/product-rules.md §17). */
export type AccountReminderSettings = ReminderSettings & { push: boolean };

export function settingsOfRow(row: ReminderSettingsRow): ReminderSettings {
  return {
    billReminders: row.bill_reminders,
    billLeadDays: row.bill_lead_days,
    pastDueNotices: row.past_due_notices,
    paydayDigest: row.payday_digest,
    budgetAlerts: row.budget_alerts,
    sendHour: row.send_hour,
  };
}

/** The account's reminder settings; the defaults of docs/product-rules.md §9 until it changes them. */
export async function getReminderSettings(db: Queryable, debtorId: number): Promise<AccountReminderSettings> {
  const row = await queryOne<ReminderSettingsRow>(
    db,
    `SELECT ${SETTINGS_COLUMNS} FROM reminder_settings WHERE debtor_id = $1`,
    [debtorId],
  );
  return row ? { ...settingsOfRow(row), push: row.push } : { ...REMINDER_DEFAULTS, push: true };
}

/**
 * Stores the settings after core's checks (lead days 0..14, hour 0..23, each with its own message);
 * bad input changes nothing. One statement (an upsert), so it is its own transaction.
 */
export async function updateReminderSettings(
  db: Queryable,
  debtorId: number,
  settings: Omit<ReminderSettings, 'budgetAlerts'> & {
    budgetAlerts?: boolean | null;
    push?: boolean | null;
  },
): Promise<AccountReminderSettings> {
  assertNoFieldErrors(reminderSettingsErrors({ ...settings, budgetAlerts: settings.budgetAlerts ?? true }));
  // `budgetAlerts` and `push` omitted: unchanged (on for a new row).
  const row = (await queryOne<ReminderSettingsRow>(
    db,
    `INSERT INTO reminder_settings (debtor_id, ${SETTINGS_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, COALESCE($8, true), $6, COALESCE($7, true))
     ON CONFLICT (debtor_id) DO UPDATE SET
       bill_reminders = EXCLUDED.bill_reminders, bill_lead_days = EXCLUDED.bill_lead_days,
       past_due_notices = EXCLUDED.past_due_notices, payday_digest = EXCLUDED.payday_digest,
       budget_alerts = COALESCE($8, reminder_settings.budget_alerts),
       send_hour = EXCLUDED.send_hour, push = COALESCE($7, reminder_settings.push), updated_at = now()
     RETURNING ${SETTINGS_COLUMNS}`,
    [
      debtorId,
      settings.billReminders,
      settings.billLeadDays,
      settings.pastDueNotices,
      settings.paydayDigest,
      settings.sendHour,
      settings.push ?? null,
      settings.budgetAlerts ?? null,
    ],
  )) as ReminderSettingsRow;
  return { ...settingsOfRow(row), push: row.push };
}

const KIND_COLUMN: Record<ReminderKind, string> = {
  BILLS_DUE_SOON: 'bill_reminders',
  PAST_DUE: 'past_due_notices',
  PAYDAY_DIGEST: 'payday_digest',
  BUDGET_ALERT: 'budget_alerts',
};

/** Turns one kind of reminder off (the one-click unsubscribe); the other settings stay. */
export async function turnOffReminderKind(
  db: Queryable,
  debtorId: number,
  kind: ReminderKind,
): Promise<void> {
  const column = KIND_COLUMN[kind];
  await execute(
    db,
    `INSERT INTO reminder_settings (debtor_id, ${column}) SELECT id, false FROM debtor WHERE id = $1
     ON CONFLICT (debtor_id) DO UPDATE SET ${column} = false, updated_at = now()`,
    [debtorId],
  );
}

/** Whether the account still wants this kind (checked again when a queued mail is delivered). */
export function kindEnabled(settings: ReminderSettings, kind: ReminderKind): boolean {
  return settings[REMINDER_KIND_SETTING[kind]] as boolean;
}
