/**
 * The plain data the domain works on. Money is integer cents (`number`, always a safe integer);
 * calendar dates are `YYYY-MM-DD` strings (`IsoDate`). No Date objects cross this boundary.
 */
export type Cents = number;
export type IsoDate = string;

export type IncomeFrequency = 'WEEKLY' | 'BIWEEKLY' | 'TWICE_MONTHLY' | 'MONTHLY';
export type ExpenseFrequency =
  'WEEKLY' | 'BIWEEKLY' | 'MONTHLY' | 'BIMONTHLY' | 'QUARTERLY' | 'TWICE_YEARLY' | 'YEARLY';
export type DebtType =
  | 'MORTGAGE_RENT'
  | 'CAR_LOAN'
  | 'GENERAL_LOAN'
  | 'CREDIT_CARD'
  | 'INSURANCE'
  | 'MOBILE_PHONE'
  | 'SUBSCRIPTION'
  | 'UTILITY'
  | 'MISC_BILL';
export type PlanCode = 'QUARTERLY' | 'YEARLY';

export interface WalletInput {
  id: string;
  walletName: string;
  balanceCents: Cents;
  defaultWallet: boolean;
  /** ISO-8601 instant or null. Passed through to summaries. */
  lastUpdate: string | null;
}

export interface IncomeSourceInput {
  id: string;
  sourceName: string;
  frequency: IncomeFrequency;
  /** The anchor pay date (the form's 'Last Pay Date'). */
  nextPmtDate: IsoDate;
  /** Second day of a Twice Monthly source; null otherwise. */
  biMonthlyPayDate: IsoDate | null;
  paymentCents: Cents;
  active: boolean;
  /** Occurrence dates of this source already deposited. */
  depositedDates: IsoDate[];
  /**
   * For an inactive source, the day it was set inactive: its last pay is the latest one on or
   * before that day. Absent or null: the anchor (its 'Last Pay Date') is taken as its last pay.
   */
  inactiveSince?: IsoDate | null;
}

export interface LiabilityInput {
  id: string;
  creditorName: string;
  debtType: DebtType;
  frequency: ExpenseFrequency;
  /** The date the user first entered; later due dates are computed from it, never chained. */
  anchorDate: IsoDate;
  /** Due date of the current (oldest unsettled) occurrence. */
  dueDate: IsoDate;
  paymentCents: Cents;
  balanceCents: Cents | null;
  autoPay: boolean;
  currentPaid: boolean;
  currentCleared: boolean;
  paidFromWalletId: string | null;
}

export interface AnalysisInput {
  today: IsoDate;
  wallets: WalletInput[];
  incomeSources: IncomeSourceInput[];
  liabilities: LiabilityInput[];
  /** The wallet selected on the dashboard; null means the default (else the first) wallet. */
  selectedWalletId: string | null;
}

export interface IncomeOccurrence {
  incomeSourceId: string;
  sourceName: string;
  date: IsoDate;
  amountCents: Cents;
  deposited: boolean;
  active: boolean;
}

export interface LiabilityOccurrence {
  liabilityId: string;
  creditorName: string;
  debtType: DebtType;
  dueDate: IsoDate;
  amountCents: Cents;
  current: boolean;
  paid: boolean;
  cleared: boolean;
  pastDue: boolean;
  autoPaid: boolean;
  paidFromWalletId: string | null;
}

export interface WalletSummary {
  walletId: string;
  walletName: string;
  balanceCents: Cents;
  availableBalanceCents: Cents;
  defaultWallet: boolean;
  lastUpdate: string | null;
}

/** Mirrors the GraphQL type `CashFlowAnalysis` (DESIGN.md §3), in cents. */
export interface CashFlowAnalysis {
  asOf: IsoDate;
  nextIncomeDate: IsoDate | null;
  nextIncomeTotalCents: Cents;
  lastIncomeTotalCents: Cents;
  obligationsTotalCents: Cents;
  netIncomeThisPeriodCents: Cents;
  availableCashCents: Cents;
  walletAvailableBalanceCents: Cents | null;
  selectedWalletId: string | null;
  lastIncomeReceived: IncomeOccurrence[];
  nextIncome: IncomeOccurrence[];
  obligations: LiabilityOccurrence[];
  comingDue: LiabilityOccurrence[];
  wallets: WalletSummary[];
}

/** One changed row of 'Save Paid Info'. */
export interface PaidInfoChange {
  liabilityId: string;
  paid: boolean;
  cleared: boolean;
}

/** What the server must write for one liability when 'Save Paid Info' is applied. */
export interface LiabilityUpdatePlan {
  liabilityId: string;
  /** True when the row became paid and cleared: money leaves the wallet and the due date moves on. */
  settled: boolean;
  /** Amount taken from the paying wallet (0 unless settled). */
  spentCents: Cents;
  /**
   * The wallet the settled payment leaves: the one it was marked paid from earlier, else the
   * wallet selected for this save. Null unless settled.
   */
  spentFromWalletId: string | null;
  /** New state of the liability after the change. */
  next: {
    dueDate: IsoDate;
    balanceCents: Cents | null;
    currentPaid: boolean;
    currentCleared: boolean;
    paidFromWalletId: string | null;
  };
}

export interface DepositPlan {
  /** Occurrences to record as deposited, with their amounts. */
  occurrences: { incomeSourceId: string; date: IsoDate; amountCents: Cents }[];
  totalCents: Cents;
}
