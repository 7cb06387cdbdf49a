import type { Cents, DebtType } from '../types';
import { OCCURRENCES_A_YEAR } from './cadence';
import type { RecurringFrequency, RecurringKind, RecurringStream } from './types';

/** A bill or pay source the household already has, as the suggestions compare it. */
export interface PlannedItem {
  id: string;
  kind: RecurringKind;
  name: string;
  frequency: RecurringFrequency;
  amountCents: Cents;
  active: boolean;
  /** The payee key of the stream it was accepted from, if it was. */
  payeeKey: string | null;
}

/** A payee a person said is not recurring, with the amount it had then. */
export interface DismissedPayee {
  walletId: string;
  kind: RecurringKind;
  payeeKey: string;
  amountCents: Cents;
}

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** Within `share` of `expected` (0.5: half of it either way), in whole cents. */
function near(actual: Cents, expected: Cents, share: number): boolean {
  return Math.abs(actual - expected) <= expected * share;
}

/**
 * Already in the plan: its rows were matched to a bill or pay of the household on import, it was
 * accepted before (same payee key, an amount within 50%: one payee's $0.99 and $9.99 plans stay
 * apart), or an active item of its kind and frequency has a name that contains, or is contained
 * in, its name and an amount within 10%.
 */
function tracked(stream: RecurringStream, plan: readonly PlannedItem[]): boolean {
  const matched = stream.kind === 'BILL' ? stream.matchedLiabilityIds : stream.matchedIncomeSourceIds;
  const name = fold(stream.name);
  return plan.some((item) => {
    if (item.kind !== stream.kind) return false;
    if (matched.includes(item.id)) return true;
    if (item.payeeKey === stream.payeeKey && near(stream.amountCents, item.amountCents, 0.5)) return true;
    const other = fold(item.name);
    const named = other !== '' && (other.includes(name) || name.includes(other));
    return (
      item.active &&
      item.frequency === stream.frequency &&
      named &&
      near(stream.amountCents, item.amountCents, 0.1)
    );
  });
}

/** Dismissed, unless the payee's amount has since moved more than 25% away from the dismissed one. */
function dismissed(stream: RecurringStream, payees: readonly DismissedPayee[]): boolean {
  return payees.some(
    (payee) =>
      payee.walletId === stream.walletId &&
      payee.kind === stream.kind &&
      payee.payeeKey === stream.payeeKey &&
      Math.abs(stream.amountCents - payee.amountCents) * 4 <= payee.amountCents,
  );
}

/** The streams worth proposing: neither tracked nor dismissed; sure ones first, then by next date. */
export function suggestRecurring(
  streams: readonly RecurringStream[],
  plan: readonly PlannedItem[],
  payees: readonly DismissedPayee[],
): RecurringStream[] {
  return streams
    .filter((stream) => !tracked(stream, plan) && !dismissed(stream, payees))
    .sort(
      (a, b) =>
        (a.status === b.status ? 0 : a.status === 'MATURE' ? -1 : 1) ||
        (a.nextDate < b.nextDate ? -1 : a.nextDate > b.nextDate ? 1 : 0) ||
        (a.key < b.key ? -1 : 1),
    );
}

/**
 * The kind of bill a stream becomes when accepted: a subscription when it costs at most $100 a
 * month (its amount times its occurrences a year, over 12), a misc bill otherwise.
 */
export function defaultDebtType(stream: Pick<RecurringStream, 'amountCents' | 'frequency'>): DebtType {
  return stream.amountCents * OCCURRENCES_A_YEAR[stream.frequency] <= 100_00 * 12
    ? 'SUBSCRIPTION'
    : 'MISC_BILL';
}
