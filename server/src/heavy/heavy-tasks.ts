import {
  findRecurringStreams,
  suggestRecurring,
  type DismissedPayee,
  type HistoryRow,
  type IsoDate,
  type PlannedItem,
  type RecurringStream,
} from '@truenet/core';

/**
 * The work that holds a thread for a tenth of a second and more on a large household: core's pure
 * functions, run by heavy-worker.ts off the request thread (heavy-pool.ts). Each takes and answers
 * plain data (what a worker can be sent), and each is the one place its rule is applied.
 */
export const HEAVY_TASKS = {
  /**
   * Found in your bank: the streams of a household's history (the statement history as the JSON
   * text recurring.service reads), less its plan and what it dismissed.
   */
  recurringSuggestions(input: {
    history: string;
    today: IsoDate;
    plan: readonly PlannedItem[];
    dismissed: readonly DismissedPayee[];
  }): RecurringStream[] {
    return suggestRecurring(
      findRecurringStreams(historyOf(input.history), input.today),
      input.plan,
      input.dismissed,
    );
  },
};

/** [wallet, date, cents, description, bill, pay] arrays, as the history is read, into core's rows. */
export function historyOf(text: string): HistoryRow[] {
  const rows = JSON.parse(text) as [string, string, string, string | null, string | null, string | null][];
  return rows.map(([walletId, date, cents, description, liabilityId, incomeSourceId]) => ({
    walletId,
    date,
    amountCents: Number(cents),
    description: description ?? '',
    liabilityId,
    incomeSourceId,
  }));
}

export type HeavyTaskName = keyof typeof HEAVY_TASKS;
export type HeavyInput<T extends HeavyTaskName> = Parameters<(typeof HEAVY_TASKS)[T]>[0];
export type HeavyOutput<T extends HeavyTaskName> = ReturnType<(typeof HEAVY_TASKS)[T]>;
