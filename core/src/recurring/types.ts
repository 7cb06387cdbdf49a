import type { Cents, IsoDate } from '../types';

export type RecurringKind = 'BILL' | 'INCOME';
export type RecurringFrequency =
  'WEEKLY' | 'BIWEEKLY' | 'TWICE_MONTHLY' | 'MONTHLY' | 'BIMONTHLY' | 'QUARTERLY' | 'TWICE_YEARLY' | 'YEARLY';
/** MATURE: enough occurrences to be sure; EARLY: two agreeing ones of a shorter cadence ('Maybe'). */
export type RecurringStatus = 'MATURE' | 'EARLY';

/** One row of a wallet's statement history: what the bank wrote, and what the import matched it to. */
export interface HistoryRow {
  walletId: string;
  date: IsoDate;
  /** Signed: deposits > 0, payments < 0. */
  amountCents: Cents;
  description: string;
  /** The bill this row paid through the import's matching, if any. */
  liabilityId: string | null;
  /** The pay source this row was deposited as, if any. */
  incomeSourceId: string | null;
}

export interface RecurringOccurrence {
  date: IsoDate;
  /** Positive, whichever the direction. */
  amountCents: Cents;
  description: string;
}

/** A payee's rows that recur on one cadence at about one amount. */
export interface RecurringStream {
  /** Stable while the stream's payee and first occurrence stay: what a suggestion's id is made of. */
  key: string;
  walletId: string;
  kind: RecurringKind;
  payeeKey: string;
  name: string;
  frequency: RecurringFrequency;
  /** The latest occurrence's amount. */
  amountCents: Cents;
  averageCents: Cents;
  /** The largest amount exceeds the smallest by more than 2%. */
  amountVaries: boolean;
  lastDate: IsoDate;
  nextDate: IsoDate;
  /** Twice monthly: the next date on the other usual day (the pay's second day). */
  secondDate: IsoDate | null;
  status: RecurringStatus;
  /** Oldest first. */
  occurrences: RecurringOccurrence[];
  /** The bills and pay sources that the stream's rows were matched to on import. */
  matchedLiabilityIds: string[];
  matchedIncomeSourceIds: string[];
}
