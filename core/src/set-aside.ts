import { fromDayNumber, toDayNumber, type DayNumber } from './day-numbers';
import { expenseSchedule } from './recurrence';
import { occurrenceOnOrBefore } from './schedules';
import type {
  Cents,
  ExpenseFrequency,
  IsoDate,
  LiabilityInput,
  LiabilityOccurrence,
  SetAsideBillShare,
} from './types';

/**
 * Set aside for the bills that come less often (docs/product-rules.md, set aside): a yearly $1,200
 * insurance counts as its share of every pay period instead of as a lump in the one it falls in.
 */

/** Bills that come less often than monthly: counted as shares, never as lumps. */
export const LESS_OFTEN: ReadonlySet<ExpenseFrequency> = new Set([
  'BIMONTHLY',
  'QUARTERLY',
  'TWICE_YEARLY',
  'YEARLY',
]);

/** shareThisPeriodCents: payment × the period's days / the bill's interval; heldNowCents: payment × days since its previous due date / interval, at most the payment. */
export type SetAsideBill = SetAsideBillShare;

export interface SetAside {
  bills: SetAsideBill[];
  setAsideThisPeriodCents: Cents;
  heldForBillsCents: Cents;
}

/** `cents × numerator / denominator`, in cents, half away from zero. */
function proportion(cents: Cents, numerator: number, denominator: number): Cents {
  const exact = (Math.abs(cents) * numerator) / denominator;
  return Math.sign(cents) * Math.floor(exact + 0.5);
}

/**
 * Each less-often bill's share of the pay period [periodStart, nextIncomeDate) and what should be
 * held for it by `today`. A bill's interval is its due date minus the due date before it (the
 * schedule's own step back: a quarterly bill due on the 31st steps back to the 30th or the 31st).
 * Without a next pay date there is no period, and no share.
 */
export function setAsideFor(
  liabilities: readonly LiabilityInput[],
  periodStart: IsoDate,
  nextIncomeDate: IsoDate | null,
  today: IsoDate,
): SetAside {
  const periodDays =
    nextIncomeDate === null ? 0 : Math.max(0, toDayNumber(nextIncomeDate) - toDayNumber(periodStart));
  const todayDay = toDayNumber(today);
  const bills = liabilities
    .filter((liability) => LESS_OFTEN.has(liability.frequency))
    .map((liability): SetAsideBill => {
      const due: DayNumber = toDayNumber(liability.dueDate);
      const previous = occurrenceOnOrBefore(
        expenseSchedule(liability.anchorDate, liability.frequency),
        due - 1,
      );
      const interval = due - previous;
      const elapsed = Math.min(interval, Math.max(0, todayDay - previous));
      return {
        liabilityId: liability.id,
        name: liability.creditorName,
        frequency: liability.frequency,
        nextDueDate: fromDayNumber(due),
        paymentCents: liability.paymentCents,
        shareThisPeriodCents: proportion(liability.paymentCents, periodDays, interval),
        heldNowCents: proportion(liability.paymentCents, elapsed, interval),
      };
    })
    .sort(
      (a, b) =>
        (a.nextDueDate < b.nextDueDate ? -1 : a.nextDueDate > b.nextDueDate ? 1 : 0) ||
        (a.name < b.name ? -1 : 1),
    );
  return {
    bills,
    setAsideThisPeriodCents: bills.reduce((total, bill) => total + bill.shareThisPeriodCents, 0),
    heldForBillsCents: bills.reduce((total, bill) => total + bill.heldNowCents, 0),
  };
}

/**
 * True net income with the less-often bills as shares: the period's pay, less the period's bills
 * that are not less often, less every less-often bill's share.
 */
export function netIncomeAfterSetAside(
  lastIncomeTotalCents: Cents,
  obligations: readonly LiabilityOccurrence[],
  liabilities: readonly LiabilityInput[],
  setAside: SetAside,
): Cents {
  const lessOften = new Set(
    liabilities.filter((liability) => LESS_OFTEN.has(liability.frequency)).map((liability) => liability.id),
  );
  const regular = obligations.reduce(
    (total, occurrence) => total + (lessOften.has(occurrence.liabilityId) ? 0 : occurrence.amountCents),
    0,
  );
  return lastIncomeTotalCents - regular - setAside.setAsideThisPeriodCents;
}

const FREQUENCY_WORDS: Readonly<Record<string, string>> = {
  BIMONTHLY: 'every-two-months',
  QUARTERLY: 'quarterly',
  TWICE_YEARLY: 'twice-yearly',
  YEARLY: 'yearly',
};

/** A less-often frequency in words, as the hero and the payday digest say it: 'yearly'. */
export function lessOftenWord(frequency: string): string {
  return FREQUENCY_WORDS[frequency] ?? frequency.toLowerCase();
}

/** 'yearly and quarterly bills': the kinds of the bills set aside, longest first, one per kind. */
export function lessOftenKinds(frequencies: readonly string[]): string {
  const order = ['YEARLY', 'TWICE_YEARLY', 'QUARTERLY', 'BIMONTHLY'];
  const words = order.filter((code) => frequencies.includes(code)).map(lessOftenWord);
  const joined =
    words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `${joined} ${frequencies.length === 1 ? 'bill' : 'bills'}`;
}

/** The sentence that explains true net income with the shares, the same in the hero and in the digest. */
export function setAsideSentence(frequencies: readonly string[]): string {
  return `Counting your ${lessOftenKinds(frequencies)} as a share of each period`;
}
