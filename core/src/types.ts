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
   * What a deposit brought, by its occurrence date, where it was not the schedule's amount (a pay
   * matched to a bank row): that occurrence's income is the amount that arrived. Absent dates, or
   * an absent map, count the schedule's `paymentCents`.
   */
  depositedAmounts?: Readonly<Record<IsoDate, Cents>>;
  /**
   * For an inactive source, the day it was set inactive: its last pay is the latest one on or
   * before that day. Absent or null: the anchor (its 'Last Pay Date') is taken as its last pay.
   */
  inactiveSince?: IsoDate | null;
  /** The wallet its pay goes into ('Deposits to'); absent or null: the default wallet. Feeds the forecast only. */
  walletId?: string | null;
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
  /** The wallet it is paid from ('Paid from'); absent or null: the default wallet. Feeds the forecast only. */
  walletId?: string | null;
}

export type PaymentKind = 'PAID' | 'SKIPPED';

/**
 * One settled or skipped occurrence of a liability, kept for good in the payment history
 * (docs/product-rules.md §7-§8). `paidOn` is the person's "today" when it was settled.
 */
export interface PaymentRecord {
  id: string;
  liabilityId: string;
  creditorName: string;
  debtType: DebtType;
  dueDate: IsoDate;
  amountCents: Cents;
  walletId: string | null;
  paidOn: IsoDate;
  kind: PaymentKind;
}

export interface AnalysisInput {
  today: IsoDate;
  wallets: WalletInput[];
  incomeSources: IncomeSourceInput[];
  liabilities: LiabilityInput[];
  /** The wallet selected on the dashboard; null means the default (else the first) wallet. */
  selectedWalletId: string | null;
  /**
   * The payment history's recent rows (at least those paid since the period's start): settled
   * payments stay this period's obligations. Absent: none.
   */
  payments?: PaymentRecord[];
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
  /** A settled occurrence kept in this period's obligations: paid and cleared, from the payment history. */
  settled: boolean;
  /** Settled rows: the day it was paid, the amount paid and the history row; null otherwise. */
  paidOn: IsoDate | null;
  amountPaidCents: Cents | null;
  paymentId: string | null;
}

export interface WalletSummary {
  walletId: string;
  walletName: string;
  balanceCents: Cents;
  availableBalanceCents: Cents;
  defaultWallet: boolean;
  lastUpdate: string | null;
}

/** Mirrors the GraphQL type `CashFlowAnalysis` (docs/product-rules.md §11), in cents. */
export interface CashFlowAnalysis {
  asOf: IsoDate;
  /** S: the first day of the current pay period (the earliest last pay received; today when none). */
  periodStart: IsoDate;
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
  /** The bills that come less often, as shares of this period (set-aside.ts). */
  setAsideThisPeriodCents: Cents;
  netIncomeAfterSetAsideCents: Cents;
  heldForBillsCents: Cents;
  setAsideBills: SetAsideBillShare[];
}

/** A less-often bill's share of the period and what should be held for it by today. */
export interface SetAsideBillShare {
  liabilityId: string;
  name: string;
  frequency: ExpenseFrequency;
  nextDueDate: IsoDate;
  paymentCents: Cents;
  shareThisPeriodCents: Cents;
  heldNowCents: Cents;
}

/** One changed row of 'Save Paid Info'. */
export interface PaidInfoChange {
  liabilityId: string;
  paid: boolean;
  cleared: boolean;
  /** What was actually paid, when it differs from the scheduled payment; only for a row that settles. */
  amountCents?: Cents | null;
}

/** What the server must write for one liability when 'Save Paid Info' is applied. */
export interface LiabilityUpdatePlan {
  liabilityId: string;
  /** True when the row became paid and cleared: money leaves the wallet and the due date moves on. */
  settled: boolean;
  /** Amount taken from the paying wallet (0 unless settled). */
  spentCents: Cents;
  /** How much the liability's balance went down (0 unless settled with a balance): what an undo gives back. */
  balanceReducedCents: Cents;
  /** The due date of the occurrence this plan settles (its payment history row); null unless settled. */
  settledDueDate: IsoDate | null;
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
