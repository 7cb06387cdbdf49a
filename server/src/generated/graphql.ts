import { GraphQLResolveInfo, GraphQLScalarType, GraphQLScalarTypeConfig } from 'graphql';
import { PresentedLiability } from '../modules/liabilities/liabilities.presenter';
import { PresentedIncomeSource } from '../modules/income/income.presenter';
import { GraphQLContext } from '../graphql/context';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  Date: { input: string; output: string; }
  DateTime: { input: string; output: string; }
  Money: { input: number; output: number; }
};

/** What to change of a suggestion as it is added; anything left out keeps the suggestion's value. */
export type AcceptRecurringInput = {
  amount?: InputMaybe<Scalars['Money']['input']>;
  autoPay?: InputMaybe<Scalars['Boolean']['input']>;
  /** A bill's type; default SUBSCRIPTION up to $100 a month, else MISC_BILL. */
  debtType?: InputMaybe<DebtType>;
  name?: InputMaybe<Scalars['String']['input']>;
  nextDate?: InputMaybe<Scalars['Date']['input']>;
};

/** The bill or the pay source a suggestion became. */
export type AcceptedRecurring = {
  __typename?: 'AcceptedRecurring';
  incomeSource: Maybe<IncomeSource>;
  liability: Maybe<Liability>;
};

/** What a dashboard action changed, with the fresh analysis, so one round trip re-renders the page. */
export type ActionPayload = {
  __typename?: 'ActionPayload';
  analysis: CashFlowAnalysis;
  liabilities: Array<Liability>;
  wallet: Wallet;
};

export type ActivityEntry = {
  __typename?: 'ActivityEntry';
  action: Scalars['String']['output'];
  at: Scalars['DateTime']['output'];
  summary: Scalars['String']['output'];
  /** The member's first name; empty once their account is deleted. */
  who: Scalars['String']['output'];
};

/** A bill or pay whose latest payments from the bank agree on another amount than the plan's. */
export type AmountChange = {
  __typename?: 'AmountChange';
  /** What the bank shows, twice in a row. */
  actual: Scalars['Money']['output'];
  id: Scalars['ID']['output'];
  incomeSourceId: Maybe<Scalars['ID']['output']>;
  kind: RecurringKind;
  liabilityId: Maybe<Scalars['ID']['output']>;
  name: Scalars['String']['output'];
  /** The plan's amount. */
  scheduled: Scalars['Money']['output'];
  /** The first of the two payments. */
  since: Scalars['Date']['output'];
};

export type ApiToken = {
  __typename?: 'ApiToken';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
  scope: ApiTokenScope;
};

export type ApiTokenScope =
  | 'READ'
  | 'READ_WRITE';

export type AuthPayload = {
  __typename?: 'AuthPayload';
  accessToken: Scalars['String']['output'];
  accountStatus: Scalars['Int']['output'];
  email: Scalars['String']['output'];
  firstName: Scalars['String']['output'];
  lastName: Scalars['String']['output'];
  name: Scalars['String']['output'];
  role: Scalars['String']['output'];
  uid: Scalars['Int']['output'];
  /** The username (the specification's refresh response calls it `user`). */
  user: Scalars['String']['output'];
};

export type BalanceForecast = {
  __typename?: 'BalanceForecast';
  /** The "today" of the forecast, its first day. */
  asOf: Scalars['Date']['output'];
  /** One per day, asOf through horizon. */
  days: Array<ForecastDay>;
  /** The first day whose end-of-day balance is below zero, if any. */
  firstNegativeDate: Maybe<Scalars['Date']['output']>;
  /** The last day: asOf + days - 1. */
  horizon: Scalars['Date']['output'];
  /** The lowest end-of-day balance of the horizon, and its earliest date. */
  lowestBalance: Scalars['Money']['output'];
  lowestDate: Scalars['Date']['output'];
  nextIncomeDate: Maybe<Scalars['Date']['output']>;
  /**
   * What the wallets can lose today and still cover every bill before payday: max(0, the lowest
   * end-of-day balance from asOf through the day before nextIncomeDate, or through asOf + 30 days
   * without one), whatever the number of days drawn. For all wallets with no what-ifs it equals
   * max(0, CashFlowAnalysis.availableCash); it never exceeds max(0, startBalance).
   */
  safeToSpend: Scalars['Money']['output'];
  /** Available balance(s) today (balance minus paid-but-not-cleared payments), before today's events. */
  startBalance: Scalars['Money']['output'];
  /** This period's pay not deposited yet (of the forecast's wallet, with walletId): a to-do for Deposit Pay, never counted. */
  undepositedIncome: Array<IncomeOccurrence>;
  /** The wallet forecast; null: all wallets together. */
  walletId: Maybe<Scalars['ID']['output']>;
};

export type BankAccount = {
  __typename?: 'BankAccount';
  balance: Maybe<Scalars['Money']['output']>;
  balanceDate: Maybe<Scalars['DateTime']['output']>;
  currency: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** The wallet is set to the bank's balance at each sync. */
  keepBalance: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  org: Scalars['String']['output'];
  /** Charges pending at the bank (status PENDING): shown, never applied; replaced at each sync. */
  pending: Array<ImportRow>;
  /** The wallet it fills; null: unlinked. */
  walletId: Maybe<Scalars['ID']['output']>;
};

export type BankConnection = {
  __typename?: 'BankConnection';
  accounts: Array<BankAccount>;
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The banks it reaches, as the bridge names them. */
  label: Scalars['String']['output'];
  /** What went wrong last, in words, with what to do; null when the last sync went well. */
  lastError: Maybe<Scalars['String']['output']>;
  lastSyncAt: Maybe<Scalars['DateTime']['output']>;
  status: BankConnectionStatus;
};

export type BankConnectionStatus =
  | 'DISCONNECTED'
  | 'NEEDS_ATTENTION'
  | 'OK';

export type BankSyncResult = {
  __typename?: 'BankSyncResult';
  billsSettled: Scalars['Int']['output'];
  connection: BankConnection;
  duplicates: Scalars['Int']['output'];
  imported: Scalars['Int']['output'];
  pending: Scalars['Int']['output'];
  previewIds: Array<Scalars['ID']['output']>;
  /** Rows of this sync waiting for a person. */
  toReview: Scalars['Int']['output'];
};

export type BillMatch = {
  __typename?: 'BillMatch';
  creditorName: Scalars['String']['output'];
  dueDate: Scalars['Date']['output'];
  liabilityId: Scalars['ID']['output'];
  scheduled: Scalars['Money']['output'];
};

export type Budget = {
  __typename?: 'Budget';
  category: Category;
  id: Scalars['ID']['output'];
  monthly: Scalars['Money']['output'];
  /** What is left (or overspent) at a month's end carries into the next, from the month it was set. */
  rollover: Scalars['Boolean']['output'];
};

export type BudgetProgress = {
  __typename?: 'BudgetProgress';
  budget: Budget;
  /** Last month's left, with rollover (negative when overspent); 0 without. */
  carried: Scalars['Money']['output'];
  /** monthly + carried - spent */
  left: Scalars['Money']['output'];
  /** left / the days remaining in the month, today included; 0 when nothing is left. */
  leftPerDay: Scalars['Money']['output'];
  month: Scalars['String']['output'];
  /** The category's spending (children included) that month: outflows minus refunds. */
  spent: Scalars['Money']['output'];
  status: BudgetStatus;
};

/** NEAR: at least 80% of what the month holds is spent; OVER: more than it holds. */
export type BudgetStatus =
  | 'NEAR'
  | 'OVER'
  | 'UNDER';

export type BudgetSuggestion = {
  __typename?: 'BudgetSuggestion';
  category: Category;
  /** The median of the last three complete months, rounded up to $5. */
  monthly: Scalars['Money']['output'];
  months: Scalars['Int']['output'];
};

export type CalendarFeed = {
  __typename?: 'CalendarFeed';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  includeAmounts: Scalars['Boolean']['output'];
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
};

export type CalendarFeedSecret = {
  __typename?: 'CalendarFeedSecret';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The feed's address, with its secret: shown once; only a hash is stored. */
  url: Scalars['String']['output'];
};

export type CashFlowAnalysis = {
  __typename?: 'CashFlowAnalysis';
  asOf: Scalars['Date']['output'];
  /**
   * The cash no bill before the next payday has a claim on: all wallet balances, minus payments marked
   * paid that have not cleared yet, minus every unpaid bill due before nextIncomeDate (asOf + 30 days
   * without one). Pay not deposited yet is not counted. Equals safe to spend when not negative.
   */
  availableCash: Scalars['Money']['output'];
  comingDue: Array<LiabilityOccurrence>;
  /** What should be held by today for the less-often bills: the sum of their heldNow. */
  heldForBills: Scalars['Money']['output'];
  lastIncomeReceived: Array<IncomeOccurrence>;
  lastIncomeTotal: Scalars['Money']['output'];
  /**
   * True net income with the less-often bills as shares: this period's pay, minus this period's bills
   * that are not less often, minus every less-often bill's share (never its lump).
   */
  netIncomeAfterSetAside: Scalars['Money']['output'];
  /** True net income: this period's pay (lastIncomeTotal) minus this period's bills (obligationsTotal). */
  netIncomeThisPeriod: Scalars['Money']['output'];
  nextIncome: Array<IncomeOccurrence>;
  nextIncomeDate: Maybe<Scalars['Date']['output']>;
  nextIncomeTotal: Scalars['Money']['output'];
  obligations: Array<LiabilityOccurrence>;
  obligationsTotal: Scalars['Money']['output'];
  /** The first day of the current pay period: the earliest last pay received (asOf when none). */
  periodStart: Scalars['Date']['output'];
  setAsideBills: Array<SetAsideBill>;
  /** The shares of this period of every bill that comes less often than monthly (bimonthly to yearly). */
  setAsideThisPeriod: Scalars['Money']['output'];
  walletAvailableBalance: Maybe<Scalars['Money']['output']>;
  wallets: Array<WalletSummary>;
};

export type CategorizeResult = {
  __typename?: 'CategorizeResult';
  /** Earlier rows of the payee moved too (applyToPast). */
  alsoChanged: Scalars['Int']['output'];
  row: LedgerRow;
};

export type Category = {
  __typename?: 'Category';
  archived: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  key: Maybe<CategoryKey>;
  name: Scalars['String']['output'];
  parentId: Maybe<Scalars['ID']['output']>;
};

/** A built-in category's key; a household's own categories have none. */
export type CategoryKey =
  | 'CASH'
  | 'DEBT_PAYMENTS'
  | 'DINING'
  | 'EDUCATION_CHILDCARE'
  | 'ENTERTAINMENT'
  | 'FEES'
  | 'GIVING'
  | 'GROCERIES'
  | 'HEALTH'
  | 'HOUSING'
  | 'INCOME'
  | 'INSURANCE'
  | 'OTHER'
  | 'PERSONAL_CARE'
  | 'PETS'
  | 'SHOPPING'
  | 'SUBSCRIPTIONS'
  | 'TAXES'
  | 'TRANSFERS'
  | 'TRANSPORT'
  | 'TRAVEL'
  | 'UTILITIES';

export type CategoryRule = {
  __typename?: 'CategoryRule';
  amountMax: Maybe<Scalars['Money']['output']>;
  amountMin: Maybe<Scalars['Money']['output']>;
  category: Category;
  descriptionContains: Maybe<Scalars['String']['output']>;
  direction: Maybe<Direction>;
  id: Scalars['ID']['output'];
  /** Ledger rows in its category because of it. */
  matches: Scalars['Int']['output'];
  payee: Maybe<Scalars['String']['output']>;
  walletId: Maybe<Scalars['ID']['output']>;
};

/** A rule: every condition given must hold. At least one condition; bounds inclusive. */
export type CategoryRuleInput = {
  amountMax?: InputMaybe<Scalars['Money']['input']>;
  amountMin?: InputMaybe<Scalars['Money']['input']>;
  /** Also puts the earlier rows it matches that no person chose in its category. */
  applyToPast?: InputMaybe<Scalars['Boolean']['input']>;
  categoryId: Scalars['ID']['input'];
  descriptionContains?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Direction>;
  payee?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};

/** What chose a row's category, strongest first. */
export type CategorySource =
  | 'BUILT_IN'
  | 'LEARNED'
  | 'PERSON'
  | 'PLAN'
  | 'RULE'
  | 'TRANSFER';

export type CategorySpending = {
  __typename?: 'CategorySpending';
  /** Null for spending no category holds yet. */
  category: Maybe<Category>;
  count: Scalars['Int']['output'];
  previousAverage: Scalars['Money']['output'];
  spent: Scalars['Money']['output'];
};

export type ContactMessageInput = {
  honeypot?: InputMaybe<Scalars['String']['input']>;
  message: Scalars['String']['input'];
  senderEmail: Scalars['String']['input'];
  senderName: Scalars['String']['input'];
};

export type CreatedApiToken = {
  __typename?: 'CreatedApiToken';
  /** Shown once; only its hash is stored. */
  secret: Scalars['String']['output'];
  token: ApiToken;
};

export type CreditorSuggestion = {
  __typename?: 'CreditorSuggestion';
  creditorName: Scalars['String']['output'];
  creditorUrl: Maybe<Scalars['String']['output']>;
};

export type CsvMapping = {
  __typename?: 'CsvMapping';
  amountColumn: Maybe<Scalars['Int']['output']>;
  creditColumn: Maybe<Scalars['Int']['output']>;
  dateColumn: Scalars['Int']['output'];
  dateOrder: DateOrder;
  debitColumn: Maybe<Scalars['Int']['output']>;
  decimalComma: Scalars['Boolean']['output'];
  delimiter: Maybe<Scalars['String']['output']>;
  descriptionColumn: Scalars['Int']['output'];
  idColumn: Maybe<Scalars['Int']['output']>;
  negate: Scalars['Boolean']['output'];
  skipRows: Scalars['Int']['output'];
};

/** Columns count from 0. `skipRows`: lines before the first transaction (the header included). */
export type CsvMappingInput = {
  /** A signed amount; or give debitColumn and creditColumn. */
  amountColumn?: InputMaybe<Scalars['Int']['input']>;
  creditColumn?: InputMaybe<Scalars['Int']['input']>;
  dateColumn: Scalars['Int']['input'];
  dateOrder: DateOrder;
  debitColumn?: InputMaybe<Scalars['Int']['input']>;
  /** 1.234,56 rather than 1,234.56. */
  decimalComma?: InputMaybe<Scalars['Boolean']['input']>;
  /** Detected when absent: one of , ; tab |. */
  delimiter?: InputMaybe<Scalars['String']['input']>;
  descriptionColumn: Scalars['Int']['input'];
  /** The bank's own id of each row, when the file has one. */
  idColumn?: InputMaybe<Scalars['Int']['input']>;
  /** For card exports that show charges as positive amounts. */
  negate?: InputMaybe<Scalars['Boolean']['input']>;
  skipRows?: InputMaybe<Scalars['Int']['input']>;
};

/** How a file writes its dates: month/day/year, day/month/year or year-month-day. */
export type DateOrder =
  | 'DMY'
  | 'MDY'
  | 'YMD';

export type DebtMonth = {
  __typename?: 'DebtMonth';
  /** The total balance after the month's payments. */
  balance: Scalars['Money']['output'];
  interest: Scalars['Money']['output'];
  month: Scalars['String']['output'];
};

export type DebtPayoff = {
  __typename?: 'DebtPayoff';
  apr: Maybe<Scalars['Float']['output']>;
  liabilityId: Scalars['ID']['output'];
  monthlyPayment: Scalars['Money']['output'];
  months: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  neverPaidOff: Scalars['Boolean']['output'];
  payoffMonth: Maybe<Scalars['String']['output']>;
  startBalance: Scalars['Money']['output'];
  totalInterest: Scalars['Money']['output'];
};

export type DebtPlan = {
  __typename?: 'DebtPlan';
  /** One entry a month from startMonth, until debt-free or 600 entries. */
  balances: Array<DebtMonth>;
  /** 'YYYY-MM' of the last payment; null when a debt is never paid off within 50 years. */
  debtFreeMonth: Maybe<Scalars['String']['output']>;
  debts: Array<DebtPayoff>;
  /** 0 for MINIMUMS. */
  extraPayment: Scalars['Money']['output'];
  interestSavedVsMinimums: Scalars['Money']['output'];
  months: Maybe<Scalars['Int']['output']>;
  monthsSavedVsMinimums: Scalars['Int']['output'];
  /** 'YYYY-MM': the month after today's. */
  startMonth: Scalars['String']['output'];
  strategy: DebtStrategy;
  totalInterest: Scalars['Money']['output'];
  totalPaid: Scalars['Money']['output'];
};

/** How the debt plan's pool (the extra a month and freed payments) is spent. */
export type DebtStrategy =
  /** Highest APR first: the least interest. */
  | 'AVALANCHE'
  /** The order given. */
  | 'CUSTOM'
  /** No pool: each debt on its own payment. */
  | 'MINIMUMS'
  /** Smallest balance first: the quickest wins. */
  | 'SNOWBALL';

export type DebtType =
  | 'CAR_LOAN'
  | 'CREDIT_CARD'
  | 'GENERAL_LOAN'
  | 'INSURANCE'
  | 'MISC_BILL'
  | 'MOBILE_PHONE'
  | 'MORTGAGE_RENT'
  | 'SUBSCRIPTION'
  | 'UTILITY';

export type Debtor = {
  __typename?: 'Debtor';
  accountStatus: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  email: Scalars['String']['output'];
  firstName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lastName: Scalars['String']['output'];
  /** Recovery codes not used yet (0 when two-factor sign-in is off). */
  recoveryCodesLeft: Scalars['Int']['output'];
  role: Scalars['String']['output'];
  subscription: Maybe<Subscription>;
  timeZone: Maybe<Scalars['String']['output']>;
  /** Whether signing in needs a code from an authenticator app after the password. */
  twoFactorEnabled: Scalars['Boolean']['output'];
  userName: Scalars['String']['output'];
};

export type DeletePayload = {
  __typename?: 'DeletePayload';
  deleted: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
};

export type Direction =
  | 'DEPOSITED'
  | 'SPENT';

export type ExpenseFrequency =
  | 'BIMONTHLY'
  | 'BIWEEKLY'
  | 'MONTHLY'
  | 'QUARTERLY'
  | 'TWICE_YEARLY'
  | 'WEEKLY'
  | 'YEARLY';

export type ForecastDay = {
  __typename?: 'ForecastDay';
  /** End-of-day balance. */
  balance: Scalars['Money']['output'];
  date: Scalars['Date']['output'];
  events: Array<ForecastEvent>;
  /** Sum of the day's incoming events. */
  inflow: Scalars['Money']['output'];
  /** Sum of the day's outgoing events, as a positive amount. */
  outflow: Scalars['Money']['output'];
};

export type ForecastEvent = {
  __typename?: 'ForecastEvent';
  /** Signed: income > 0, bills and what-ifs < 0. */
  amount: Scalars['Money']['output'];
  kind: ForecastEventKind;
  /** The source's, the creditor's or the what-if's name ('What if' without a description). */
  name: Scalars['String']['output'];
  /** A bill whose due date passed unpaid (counted today). */
  pastDue: Scalars['Boolean']['output'];
  /**
   * Always false: pay not deposited yet is no money in a wallet and is never an event (see BalanceForecast.undepositedIncome).
   * @deprecated Always false. Pay not deposited yet is listed in BalanceForecast.undepositedIncome and never counted.
   */
  pending: Scalars['Boolean']['output'];
};

export type ForecastEventKind =
  | 'BILL'
  | 'INCOME'
  | 'WHAT_IF';

export type Household = {
  __typename?: 'Household';
  /** Whether I may change its finance data now: a role above viewer, and its owner's subscription active. */
  canWrite: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  /** Pending invitations; the owner's eyes only (empty for other members). */
  invitations: Array<HouseholdInvitation>;
  members: Array<HouseholdMember>;
  myRole: HouseholdRole;
  name: Scalars['String']['output'];
  /** The account's own household, made with it. */
  personal: Scalars['Boolean']['output'];
};

export type HouseholdInvitation = {
  __typename?: 'HouseholdInvitation';
  email: Scalars['String']['output'];
  expiresAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  /** The inviting member's first name. */
  invitedBy: Scalars['String']['output'];
  role: HouseholdRole;
};

export type HouseholdMember = {
  __typename?: 'HouseholdMember';
  /** Shown to the household's owner only. */
  email: Maybe<Scalars['String']['output']>;
  firstName: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  joinedAt: Scalars['DateTime']['output'];
  lastName: Scalars['String']['output'];
  role: HouseholdRole;
};

export type HouseholdMembership = {
  __typename?: 'HouseholdMembership';
  current: Scalars['Boolean']['output'];
  household: Household;
  role: HouseholdRole;
};

export type HouseholdRole =
  | 'EDITOR'
  | 'OWNER'
  | 'VIEWER';

export type ImportBatch = {
  __typename?: 'ImportBatch';
  /** The balance the statement set the wallet to, when asked. */
  balanceSetTo: Maybe<Scalars['Money']['output']>;
  billsSettled: Scalars['Int']['output'];
  createdAt: Scalars['DateTime']['output'];
  depositsMarked: Scalars['Int']['output'];
  /** The first name of the member who imported it; null when unknown. */
  enteredBy: Maybe<Scalars['String']['output']>;
  fileName: Scalars['String']['output'];
  format: ImportFormat;
  id: Scalars['ID']['output'];
  importedCount: Scalars['Int']['output'];
  skippedCount: Scalars['Int']['output'];
  undoneAt: Maybe<Scalars['DateTime']['output']>;
  walletId: Scalars['ID']['output'];
};

export type ImportFormat =
  | 'CAMT053'
  | 'CSV'
  | 'OFX'
  | 'QIF'
  | 'SIMPLEFIN';

export type ImportPreview = {
  __typename?: 'ImportPreview';
  csvHeader: Maybe<Array<Scalars['String']['output']>>;
  csvSample: Maybe<Array<Array<Scalars['String']['output']>>>;
  duplicateCount: Scalars['Int']['output'];
  /** The text encoding detected: UTF-8, UTF-16LE, UTF-16BE or WINDOWS-1252. */
  encoding: Scalars['String']['output'];
  expiresAt: Maybe<Scalars['DateTime']['output']>;
  fileName: Scalars['String']['output'];
  format: ImportFormat;
  id: Scalars['ID']['output'];
  newCount: Scalars['Int']['output'];
  rows: Array<ImportRow>;
  savedMapping: Maybe<CsvMapping>;
  /** The closing balance the statement states, with its date. */
  statementBalance: Maybe<Scalars['Money']['output']>;
  statementBalanceDate: Maybe<Scalars['Date']['output']>;
  walletId: Scalars['ID']['output'];
};

export type ImportRow = {
  __typename?: 'ImportRow';
  /** Signed: deposits positive, payments negative. */
  amount: Scalars['Money']['output'];
  bankId: Maybe<Scalars['String']['output']>;
  billMatch: Maybe<BillMatch>;
  date: Scalars['Date']['output'];
  description: Scalars['String']['output'];
  incomeMatch: Maybe<IncomeMatch>;
  index: Scalars['Int']['output'];
  selected: Scalars['Boolean']['output'];
  /** The hand-typed register entry it looks like (POSSIBLE_DUPLICATE). */
  similarTransactionId: Maybe<Scalars['ID']['output']>;
  status: ImportRowStatus;
};

/** One row's choice at confirmation; rows not named keep their preview selection. */
export type ImportRowChoice = {
  import: Scalars['Boolean']['input'];
  index: Scalars['Int']['input'];
  /** Record the matched pay of this source as deposited by the row (a deposit). */
  markIncomeSourceId?: InputMaybe<Scalars['ID']['input']>;
  /** Settle this bill's current occurrence with the row (a payment). */
  settleLiabilityId?: InputMaybe<Scalars['ID']['input']>;
};

export type ImportRowStatus =
  /** Imported before, then deleted from the register: not selected. */
  | 'DELETED_BEFORE'
  /** Its bank id or fingerprint is already in the wallet's import ledger: not selected. */
  | 'DUPLICATE'
  /** Not in the wallet yet: selected. */
  | 'NEW'
  /** A bank connection's pending row: never applied. */
  | 'PENDING'
  /** Looks like an entry typed by hand (same direction and amount within 7 days): not selected. */
  | 'POSSIBLE_DUPLICATE';

export type IncomeFrequency =
  | 'BIWEEKLY'
  | 'MONTHLY'
  | 'TWICE_MONTHLY'
  | 'WEEKLY';

export type IncomeMatch = {
  __typename?: 'IncomeMatch';
  date: Scalars['Date']['output'];
  expected: Scalars['Money']['output'];
  incomeSourceId: Scalars['ID']['output'];
  sourceName: Scalars['String']['output'];
};

export type IncomeOccurrence = {
  __typename?: 'IncomeOccurrence';
  active: Scalars['Boolean']['output'];
  amount: Scalars['Money']['output'];
  date: Scalars['Date']['output'];
  deposited: Scalars['Boolean']['output'];
  incomeSourceId: Scalars['ID']['output'];
  sourceName: Scalars['String']['output'];
};

export type IncomeOccurrenceInput = {
  date: Scalars['Date']['input'];
  incomeSourceId: Scalars['ID']['input'];
};

export type IncomeSource = {
  __typename?: 'IncomeSource';
  /** Second pay date of a Twice Monthly source ('Enter Next Pay Date'). */
  biMonthlyPayDate: Maybe<Scalars['Date']['output']>;
  /** The category its deposits take; null: Income. */
  categoryId: Maybe<Scalars['ID']['output']>;
  id: Scalars['ID']['output'];
  incomeFrequency: IncomeFrequency;
  /** Anchor pay date (the form's 'Last Pay Date'). */
  nextPmtDate: Scalars['Date']['output'];
  paymentAmount: Scalars['Money']['output'];
  sourceDescription: Maybe<Scalars['String']['output']>;
  sourceName: Scalars['String']['output'];
  sourceStatus: Scalars['Boolean']['output'];
  sourceUrl: Maybe<Scalars['String']['output']>;
  /** The wallet its pay goes into ('Deposits to'); null: the default wallet. Feeds the forecast only. */
  walletId: Maybe<Scalars['ID']['output']>;
};

export type IncomeSourceInput = {
  biMonthlyPayDate?: InputMaybe<Scalars['Date']['input']>;
  /** One of the household's categories; null: Income; omitted on update: unchanged. */
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  incomeFrequency: IncomeFrequency;
  nextPmtDate: Scalars['Date']['input'];
  paymentAmount: Scalars['Money']['input'];
  sourceDescription?: InputMaybe<Scalars['String']['input']>;
  sourceName: Scalars['String']['input'];
  sourceStatus?: InputMaybe<Scalars['Boolean']['input']>;
  sourceUrl?: InputMaybe<Scalars['String']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** 'Deposits to': one of the user's wallets; null: the default wallet; omitted on update: unchanged. */
  walletId?: InputMaybe<Scalars['ID']['input']>;
};

export type IncomeSourceSuggestion = {
  __typename?: 'IncomeSourceSuggestion';
  id: Maybe<Scalars['ID']['output']>;
  sourceName: Scalars['String']['output'];
  sourceUrl: Maybe<Scalars['String']['output']>;
};

export type InvitationPreview = {
  __typename?: 'InvitationPreview';
  email: Scalars['String']['output'];
  /** True when the link can no longer be used: expired, revoked or already accepted. */
  expired: Scalars['Boolean']['output'];
  householdName: Scalars['String']['output'];
  invitedBy: Scalars['String']['output'];
  role: HouseholdRole;
};

export type LedgerPage = {
  __typename?: 'LedgerPage';
  /** Pass as `after` for the next page; null on the last. */
  nextCursor: Maybe<Scalars['String']['output']>;
  rows: Array<LedgerRow>;
  /** Rows matching the filters, on every page. */
  total: Scalars['Int']['output'];
};

export type LedgerRow = {
  __typename?: 'LedgerRow';
  /** Always positive; the direction gives the sign. */
  amount: Scalars['Money']['output'];
  /** Null when uncategorized or split. */
  category: Maybe<Category>;
  categorySource: Maybe<CategorySource>;
  date: Scalars['Date']['output'];
  description: Scalars['String']['output'];
  direction: Direction;
  id: Scalars['ID']['output'];
  /** The payee the description names, as found in your bank reads it. */
  payee: Scalars['String']['output'];
  /** The parts of a split row (positive, adding up to the row); empty when not split. */
  splits: Array<LedgerSplit>;
  /** Its register entry, if it still has one. */
  transactionId: Maybe<Scalars['ID']['output']>;
  walletId: Scalars['ID']['output'];
};

export type LedgerSplit = {
  __typename?: 'LedgerSplit';
  amount: Scalars['Money']['output'];
  category: Category;
};

export type Liability = {
  __typename?: 'Liability';
  /** A debt's annual percentage rate (0-100, 2 decimals); null: not known (the debt plan counts 0). */
  apr: Maybe<Scalars['Float']['output']>;
  autoPay: Scalars['Boolean']['output'];
  balance: Maybe<Scalars['Money']['output']>;
  /** The category its payments take; null: its type's (Mortgage/Rent Housing, loans and cards Debt payments, ...). */
  categoryId: Maybe<Scalars['ID']['output']>;
  creditorDescription: Maybe<Scalars['String']['output']>;
  creditorName: Scalars['String']['output'];
  creditorUrl: Maybe<Scalars['String']['output']>;
  currentCleared: Scalars['Boolean']['output'];
  currentPaid: Scalars['Boolean']['output'];
  debtType: DebtType;
  /** Due date of the current (oldest unsettled) occurrence. */
  dueDate: Scalars['Date']['output'];
  frequency: ExpenseFrequency;
  id: Scalars['ID']['output'];
  paidFromWalletId: Maybe<Scalars['ID']['output']>;
  payment: Scalars['Money']['output'];
  /** The wallet it is paid from ('Paid from'); null: the default wallet. Feeds the forecast only. */
  walletId: Maybe<Scalars['ID']['output']>;
};

/** What skip and undo answer: the history row, and everything the dashboard re-renders, read after the change. */
export type LiabilityActionPayload = {
  __typename?: 'LiabilityActionPayload';
  analysis: CashFlowAnalysis;
  liabilities: Array<Liability>;
  payment: LiabilityPayment;
  wallets: Array<Wallet>;
};

export type LiabilityInput = {
  /** A debt's APR, 0-100 with at most 2 decimals; null: not known; omitted on update: unchanged. */
  apr?: InputMaybe<Scalars['Float']['input']>;
  autoPay?: InputMaybe<Scalars['Boolean']['input']>;
  balance?: InputMaybe<Scalars['Money']['input']>;
  /** One of the household's categories; null: its type's; omitted on update: unchanged. */
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  creditorDescription?: InputMaybe<Scalars['String']['input']>;
  creditorName: Scalars['String']['input'];
  creditorUrl?: InputMaybe<Scalars['String']['input']>;
  debtType: DebtType;
  dueDate: Scalars['Date']['input'];
  frequency: ExpenseFrequency;
  payment: Scalars['Money']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
  /** 'Paid from': one of the user's wallets; null: the default wallet; omitted on update: unchanged. */
  walletId?: InputMaybe<Scalars['ID']['input']>;
};

export type LiabilityOccurrence = {
  __typename?: 'LiabilityOccurrence';
  amount: Scalars['Money']['output'];
  /** Settled rows: what was actually paid; null otherwise. */
  amountPaid: Maybe<Scalars['Money']['output']>;
  autoPaid: Scalars['Boolean']['output'];
  cleared: Scalars['Boolean']['output'];
  creditorName: Scalars['String']['output'];
  /** The current occurrence carries the switches; projected ones are upcoming only. */
  current: Scalars['Boolean']['output'];
  debtType: DebtType;
  dueDate: Scalars['Date']['output'];
  liabilityId: Scalars['ID']['output'];
  paid: Scalars['Boolean']['output'];
  paidFromWalletId: Maybe<Scalars['ID']['output']>;
  /** Settled rows: the day it was paid; null otherwise. */
  paidOn: Maybe<Scalars['Date']['output']>;
  pastDue: Scalars['Boolean']['output'];
  /** Settled rows: the payment history row (for undo); null otherwise. */
  paymentId: Maybe<Scalars['ID']['output']>;
  /** A settled occurrence kept in this period's obligations (paid from this period's money). */
  settled: Scalars['Boolean']['output'];
};

/** One settled or skipped occurrence of a liability, from the payment history. */
export type LiabilityPayment = {
  __typename?: 'LiabilityPayment';
  /** What was paid; 0 for a skipped occurrence. */
  amount: Scalars['Money']['output'];
  creditorName: Scalars['String']['output'];
  dueDate: Scalars['Date']['output'];
  /** The first name of the member who settled or skipped it; null when unknown. */
  enteredBy: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  kind: LiabilityPaymentKind;
  /** Null once the liability was deleted (its name is kept). */
  liabilityId: Maybe<Scalars['ID']['output']>;
  /** The person's "today" when it was settled or skipped. */
  paidOn: Scalars['Date']['output'];
  /** The wallet it was paid from; null for a skip or once that wallet was deleted. */
  walletId: Maybe<Scalars['ID']['output']>;
};

export type LiabilityPaymentKind =
  | 'PAID'
  | 'SKIPPED';

/**
 * What `login` answers: the fields of AuthPayload once signed in, or, with two-factor sign-in on,
 * only `twoFactorRequired: true` and the `twoFactorToken` for `completeTwoFactorLogin`.
 */
export type LoginPayload = {
  __typename?: 'LoginPayload';
  accessToken: Maybe<Scalars['String']['output']>;
  accountStatus: Maybe<Scalars['Int']['output']>;
  email: Maybe<Scalars['String']['output']>;
  firstName: Maybe<Scalars['String']['output']>;
  lastName: Maybe<Scalars['String']['output']>;
  name: Maybe<Scalars['String']['output']>;
  role: Maybe<Scalars['String']['output']>;
  twoFactorRequired: Scalars['Boolean']['output'];
  twoFactorToken: Maybe<Scalars['String']['output']>;
  uid: Maybe<Scalars['Int']['output']>;
  user: Maybe<Scalars['String']['output']>;
};

export type MonthFlow = {
  __typename?: 'MonthFlow';
  /** What the payment history paid to bills that month. */
  bills: Scalars['Money']['output'];
  /** Money in that is Income (a child of Income too). */
  income: Scalars['Money']['output'];
  /** 'YYYY-MM', in the person's zone. */
  month: Scalars['String']['output'];
  /** income − bills − spending. */
  net: Scalars['Money']['output'];
  /** Every other outflow less refunds; Transfers and the bills' own payments left out. */
  spending: Scalars['Money']['output'];
  /** The five categories spent most in, then Other holding the rest. */
  topCategories: Array<CategorySpending>;
};

export type Mutation = {
  __typename?: 'Mutation';
  /** Joins the household of the invitation (a verified account with the invited address) and makes it current. */
  acceptInvitation: Household;
  /**
   * Adds a suggestion to the plan in one step: a bill (BILL) or a pay source (INCOME) with the
   * suggestion's name, frequency, amount, next date and wallet, each overridable in `input` and
   * checked as the add forms check them. The new bill or pay keeps the payee, so later rows of it
   * match even after a price change. A suggestion gone meanwhile: NOT_FOUND.
   */
  acceptRecurringSuggestion: AcceptedRecurring;
  /** A category of the household's own, at the top or under a top-level category. */
  addCategory: Category;
  addCategoryRule: CategoryRule;
  addIncomeSource: IncomeSource;
  addLiability: Liability;
  addWallet: Wallet;
  /** Follows the bank: the bill's or pay's amount becomes the new one from its next unsettled occurrence on (the history keeps what was paid). */
  applyAmountChange: AmountChange;
  /** Archives a category (and its children); with `moveTo`, its rows, rules and what was learned go there. */
  archiveCategory: Scalars['Boolean']['output'];
  /** Starts adding a passkey: WebAuthn creation options for the browser (single use, 5 minutes). */
  beginPasskeyRegistration: PasskeyChallenge;
  /** Starts a sign-in with a passkey: WebAuthn request options for the browser (single use, 5 minutes). */
  beginPasskeySignIn: PasskeyChallenge;
  /** Starts setting up an authenticator app (again): a new secret, pending until confirmed. */
  beginTotpEnrollment: TotpEnrollment;
  cancelSubscription: Subscription;
  /**
   * Puts a ledger row in a category (null: clears the person's choice, and the row is categorized
   * again). `remember` teaches the payee for later rows; `applyToPast` also moves the payee's earlier
   * rows that no person chose (`alsoChanged` counts them).
   */
  categorize: CategorizeResult;
  /** Makes a member an editor or a viewer; the owner only (ownership moves with transferOwnership). */
  changeMemberRole: HouseholdMember;
  changePassword: AuthPayload;
  /**
   * The second step of a sign-in with two-factor on: the token `login` gave (single use, 5 minutes)
   * and a code from the authenticator app or an unused recovery code. Answers as `login` does when
   * signed in. Wrong codes count toward the sign-in limits.
   */
  completeTwoFactorLogin: AuthPayload;
  /**
   * Imports a preview's chosen rows in one transaction: a register entry each, the balance moved by
   * their sum, bills settled and pays marked deposited from their rows (the wallet moves once, by the
   * row), and with `applyStatementBalance` the wallet set to the statement's closing balance. Rows not
   * named in `rows` keep their preview selection. A preview is confirmed at most once: a second
   * confirm answers the first's batch. Expired (after 1 hour): PREVIEW_EXPIRED.
   */
  confirmImport: ImportBatch;
  /** Turns two-factor sign-in on with the app's first code; answers the 10 recovery codes, shown once. */
  confirmTotpEnrollment: TwoFactorConfirmation;
  /**
   * Claims a SimpleFIN Bridge setup token (once) and reads the bank's accounts with their balances;
   * nothing is imported until a sync. A used or revoked token: BAD_USER_INPUT with what to do.
   */
  connectBank: BankConnection;
  createApiToken: CreatedApiToken;
  /** A secret calendar URL (at most 5 per account); the URL is shown once. */
  createCalendarFeed: CalendarFeedSecret;
  /** Starts a new hosted checkout for an account whose subscription is still incomplete. */
  createCheckoutSession: RegisterPayload;
  createPortalSession: Scalars['String']['output'];
  deleteAccount: Scalars['Boolean']['output'];
  deleteCategoryRule: Scalars['Boolean']['output'];
  deleteIncomeSource: DeletePayload;
  deleteLiability: DeletePayload;
  /**
   * Removes a register entry and reverses its amount on the wallet's balance, in one transaction. A row
   * that came from a statement stays known to the import ledger, so importing it again offers it as
   * DELETED_BEFORE, unselected.
   */
  deleteTransaction: Wallet;
  deleteWallet: DeletePayload;
  /** Adds the checked income occurrences to the wallet, once each, in one transaction. */
  depositPay: ActionPayload;
  /** Turns two-factor sign-in off: the password and a current code (or a recovery code). */
  disableTwoFactor: Debtor;
  /** Keeps the plan's amount: the change is hidden until yet another amount appears. */
  dismissAmountChange: Scalars['Boolean']['output'];
  /** Not recurring: that payee (in that wallet and direction) is not suggested again unless its amount moves more than 25%. */
  dismissRecurringSuggestion: Scalars['Boolean']['output'];
  /** Keeps the browser's new passkey (the JSON of its registration response) under a name (1 to 60 characters). */
  finishPasskeyRegistration: Passkey;
  /**
   * Signs in with a passkey instead of the password and code (the JSON of the browser's authentication
   * response). Answers as `login` does when signed in; tries count toward the sign-in limits.
   */
  finishPasskeySignIn: AuthPayload;
  /**
   * Invites a person by e-mail to the current household (its owner only): a link valid 7 days, for
   * that address only. At most 6 members and 10 pending invitations.
   */
  inviteMember: HouseholdInvitation;
  /** Leaves the current household (never the owner); answers the personal household, now current. */
  leaveHousehold: Household;
  /**
   * Links a bank account to a wallet (null: unlinked); linking never syncs. `newWallet: true` makes a
   * wallet for it first, named as the bank names the account, at the bank's balance, in the same
   * transaction (then `walletId` must be left out): how a household that starts from its bank gets its
   * first wallet.
   */
  linkBankAccount: BankAccount;
  /**
   * Signs in. With two-factor sign-in on, the answer has no access token and sets no cookie:
   * `twoFactorRequired` is true and `twoFactorToken` goes to `completeTwoFactorLogin` with a code.
   */
  login: LoginPayload;
  logout: Scalars['Boolean']['output'];
  /**
   * Reads a bank statement (OFX, QFX, QIF, CSV or camt.053; `contentBase64` is the file's bytes) for
   * a wallet and answers every row with its status and its bill or pay match; nothing is imported
   * yet. A CSV file without `csv` answers its header, 5 sample rows and the wallet's saved mapping,
   * with no rows. Kept 1 hour for `confirmImport`; at most 20 previews an hour per account.
   * Errors: BAD_USER_INPUT with `reason` DATE_ORDER_NEEDED (give `qifDateOrder`),
   * ACCOUNT_CHOICE_NEEDED (give `statementAccount`, one of `accounts`), UNKNOWN_FORMAT or BAD_FILE
   * (the message names the line).
   */
  previewImport: ImportPreview;
  /** Rotates the refresh cookie and returns a new access token. */
  refreshSession: AuthPayload;
  /** Creates the account (status 999) and a hosted checkout session; returns where to send the browser. */
  register: RegisterPayload;
  /** Keeps a browser's push subscription (the same endpoint again updates it); at most 10 devices. */
  registerPushDevice: PushDevice;
  removeBankConnection: Scalars['Boolean']['output'];
  removeBudget: Scalars['Boolean']['output'];
  /** Removes a member: the rows they entered stay, credited to them by name. */
  removeMember: Scalars['Boolean']['output'];
  /** Removes one of the account's passkeys; the password is asked again. */
  removePasskey: Scalars['Boolean']['output'];
  removePushDevice: Scalars['Boolean']['output'];
  renameCategory: Category;
  /** Renames the current household (1 to 60 characters); its owner only. */
  renameHousehold: Household;
  /** Always answers the same text whether or not an account matches. */
  requestPasswordReset: Scalars['String']['output'];
  resendVerificationCode: Scalars['Boolean']['output'];
  revokeApiToken: Scalars['Boolean']['output'];
  revokeCalendarFeed: Scalars['Boolean']['output'];
  revokeInvitation: Scalars['Boolean']['output'];
  /** Stores paid/cleared switches; a row both paid and cleared is settled from the wallet. */
  savePaidInfo: ActionPayload;
  sendContactMessage: Scalars['Boolean']['output'];
  /** Sends a test notification to one device; false when the push service did not take it. */
  sendTestPush: Scalars['Boolean']['output'];
  /** Sets (or changes) a category's monthly budget: $0.00 to $1,000,000.00. */
  setBudget: Budget;
  setDefaultWallet: Array<Wallet>;
  /**
   * The current occurrence (due `dueDate`) does not come this time: its due date advances one step, no
   * money moves, and the history keeps it as SKIPPED. `walletId` picks the wallet the returned analysis
   * shows (the default wallet when omitted).
   */
  skipLiabilityOccurrence: LiabilityActionPayload;
  /** Splits a row between categories: parts above 0 that add up to the row, at most 20; [] removes the split. */
  splitRow: LedgerRow;
  /** Makes another household the account belongs to its current one: every query then answers for it. */
  switchHousehold: Household;
  /**
   * Asks the bridge now (one request for all the connection's accounts; at most 20 a day): posted rows
   * of linked accounts are imported through the statement import, what needs a person waits in a
   * review, pending ones are listed and never applied.
   */
  syncBankConnection: BankSyncResult;
  /** Makes another member the owner (the owner's password confirms it); the former owner becomes an editor. */
  transferOwnership: Household;
  /**
   * Reverses a whole import in one transaction: its entries, the balance, the balance it set, the bills
   * it settled (refused when a later payment of that bill exists) and the pays it marked; its rows can
   * then be imported again.
   */
  undoImportBatch: ImportBatch;
  /**
   * Reverses the latest settlement (or skip) of a liability: the wallet gets the amount back with a
   * register entry, the liability's balance is restored and its current occurrence is the undone one
   * again, unpaid. An older payment of the same liability cannot be undone.
   */
  undoLiabilityPayment: LiabilityActionPayload;
  updateAccount: Debtor;
  updateCategoryRule: CategoryRule;
  updateIncomeSource: IncomeSource;
  updateLiability: Liability;
  /** billLeadDays 0..14, sendHour 0..23 in the account's time zone. */
  updateReminderSettings: ReminderSettings;
  updateWallet: Wallet;
  /** Sets a new balance (an adjustment entry is written) and/or applies a spent or deposited transaction. */
  updateWalletBalance: Wallet;
  verifyEmail: Debtor;
};


export type MutationAcceptInvitationArgs = {
  token: Scalars['String']['input'];
};


export type MutationAcceptRecurringSuggestionArgs = {
  id: Scalars['ID']['input'];
  input?: InputMaybe<AcceptRecurringInput>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationAddCategoryArgs = {
  name: Scalars['String']['input'];
  parentId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationAddCategoryRuleArgs = {
  input: CategoryRuleInput;
};


export type MutationAddIncomeSourceArgs = {
  input: IncomeSourceInput;
};


export type MutationAddLiabilityArgs = {
  input: LiabilityInput;
};


export type MutationAddWalletArgs = {
  input: WalletInput;
};


export type MutationApplyAmountChangeArgs = {
  id: Scalars['ID']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationArchiveCategoryArgs = {
  id: Scalars['ID']['input'];
  moveTo?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCategorizeArgs = {
  applyToPast?: InputMaybe<Scalars['Boolean']['input']>;
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  remember?: InputMaybe<Scalars['Boolean']['input']>;
  rowId: Scalars['ID']['input'];
};


export type MutationChangeMemberRoleArgs = {
  memberId: Scalars['ID']['input'];
  role: HouseholdRole;
};


export type MutationChangePasswordArgs = {
  honeypot?: InputMaybe<Scalars['String']['input']>;
  newPassword: Scalars['String']['input'];
  oldPassword: Scalars['String']['input'];
};


export type MutationCompleteTwoFactorLoginArgs = {
  code: Scalars['String']['input'];
  twoFactorToken: Scalars['String']['input'];
};


export type MutationConfirmImportArgs = {
  applyStatementBalance?: InputMaybe<Scalars['Boolean']['input']>;
  previewId: Scalars['ID']['input'];
  rows?: InputMaybe<Array<ImportRowChoice>>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationConfirmTotpEnrollmentArgs = {
  code: Scalars['String']['input'];
};


export type MutationConnectBankArgs = {
  setupToken: Scalars['String']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationCreateApiTokenArgs = {
  name: Scalars['String']['input'];
  scope?: InputMaybe<ApiTokenScope>;
};


export type MutationCreateCalendarFeedArgs = {
  includeAmounts?: InputMaybe<Scalars['Boolean']['input']>;
};


export type MutationCreateCheckoutSessionArgs = {
  plan?: InputMaybe<PlanCode>;
};


export type MutationCreatePortalSessionArgs = {
  returnUrl?: InputMaybe<Scalars['String']['input']>;
};


export type MutationDeleteAccountArgs = {
  password: Scalars['String']['input'];
};


export type MutationDeleteCategoryRuleArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteIncomeSourceArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteLiabilityArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteTransactionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteWalletArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDepositPayArgs = {
  occurrences: Array<IncomeOccurrenceInput>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId: Scalars['ID']['input'];
};


export type MutationDisableTwoFactorArgs = {
  code: Scalars['String']['input'];
  password: Scalars['String']['input'];
};


export type MutationDismissAmountChangeArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDismissRecurringSuggestionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationFinishPasskeyRegistrationArgs = {
  challengeId: Scalars['String']['input'];
  name: Scalars['String']['input'];
  responseJson: Scalars['String']['input'];
};


export type MutationFinishPasskeySignInArgs = {
  challengeId: Scalars['String']['input'];
  responseJson: Scalars['String']['input'];
};


export type MutationInviteMemberArgs = {
  email: Scalars['String']['input'];
  role: HouseholdRole;
};


export type MutationLinkBankAccountArgs = {
  bankAccountId: Scalars['ID']['input'];
  keepBalance?: InputMaybe<Scalars['Boolean']['input']>;
  newWallet?: InputMaybe<Scalars['Boolean']['input']>;
  previousWallet?: InputMaybe<PreviousWallet>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationLoginArgs = {
  honeypot?: InputMaybe<Scalars['String']['input']>;
  userName: Scalars['String']['input'];
  userPassword: Scalars['String']['input'];
};


export type MutationPreviewImportArgs = {
  contentBase64: Scalars['String']['input'];
  csv?: InputMaybe<CsvMappingInput>;
  fileName: Scalars['String']['input'];
  qifDateOrder?: InputMaybe<DateOrder>;
  statementAccount?: InputMaybe<Scalars['String']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId: Scalars['ID']['input'];
};


export type MutationRegisterArgs = {
  input: RegisterInput;
};


export type MutationRegisterPushDeviceArgs = {
  input: PushDeviceInput;
};


export type MutationRemoveBankConnectionArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveBudgetArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRemoveMemberArgs = {
  memberId: Scalars['ID']['input'];
};


export type MutationRemovePasskeyArgs = {
  id: Scalars['ID']['input'];
  password: Scalars['String']['input'];
};


export type MutationRemovePushDeviceArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRenameCategoryArgs = {
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};


export type MutationRenameHouseholdArgs = {
  name: Scalars['String']['input'];
};


export type MutationRequestPasswordResetArgs = {
  email: Scalars['String']['input'];
  honeypot?: InputMaybe<Scalars['String']['input']>;
};


export type MutationRevokeApiTokenArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeCalendarFeedArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRevokeInvitationArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSavePaidInfoArgs = {
  changes: Array<PaidInfoInput>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId: Scalars['ID']['input'];
};


export type MutationSendContactMessageArgs = {
  input: ContactMessageInput;
};


export type MutationSendTestPushArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSetBudgetArgs = {
  categoryId: Scalars['ID']['input'];
  monthly: Scalars['Money']['input'];
  rollover?: InputMaybe<Scalars['Boolean']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationSetDefaultWalletArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSkipLiabilityOccurrenceArgs = {
  dueDate: Scalars['Date']['input'];
  liabilityId: Scalars['ID']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationSplitRowArgs = {
  parts: Array<SplitPartInput>;
  rowId: Scalars['ID']['input'];
};


export type MutationSwitchHouseholdArgs = {
  id: Scalars['ID']['input'];
};


export type MutationSyncBankConnectionArgs = {
  id: Scalars['ID']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationTransferOwnershipArgs = {
  memberId: Scalars['ID']['input'];
  password: Scalars['String']['input'];
};


export type MutationUndoImportBatchArgs = {
  id: Scalars['ID']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type MutationUndoLiabilityPaymentArgs = {
  paymentId: Scalars['ID']['input'];
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationUpdateAccountArgs = {
  input: UpdateAccountInput;
};


export type MutationUpdateCategoryRuleArgs = {
  id: Scalars['ID']['input'];
  input: CategoryRuleInput;
};


export type MutationUpdateIncomeSourceArgs = {
  id: Scalars['ID']['input'];
  input: IncomeSourceInput;
};


export type MutationUpdateLiabilityArgs = {
  id: Scalars['ID']['input'];
  input: LiabilityInput;
};


export type MutationUpdateReminderSettingsArgs = {
  input: ReminderSettingsInput;
};


export type MutationUpdateWalletArgs = {
  id: Scalars['ID']['input'];
  input: WalletInput;
};


export type MutationUpdateWalletBalanceArgs = {
  input: UpdateWalletBalanceInput;
};


export type MutationVerifyEmailArgs = {
  code: Scalars['String']['input'];
  honeypot?: InputMaybe<Scalars['String']['input']>;
};

export type NetWorthPoint = {
  __typename?: 'NetWorthPoint';
  /** A month's last day, or today. */
  date: Scalars['Date']['output'];
  debts: Scalars['Money']['output'];
  netWorth: Scalars['Money']['output'];
  wallets: Scalars['Money']['output'];
};

export type PaidInfoInput = {
  /** What was actually paid (> 0), for a row that settles; default the scheduled payment. */
  amount?: InputMaybe<Scalars['Money']['input']>;
  cleared: Scalars['Boolean']['input'];
  /**
   * The due date of the occurrence these switches were set on, as the client showed it. When given
   * and the expense has moved on meanwhile (another save settled it), the change is refused, so a
   * double submit never pays a bill twice.
   */
  dueDate?: InputMaybe<Scalars['Date']['input']>;
  liabilityId: Scalars['ID']['input'];
  paid: Scalars['Boolean']['input'];
};

export type Passkey = {
  __typename?: 'Passkey';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastUsedAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

/** A WebAuthn ceremony to run in the browser: its options as JSON and the id that finishes it. */
export type PasskeyChallenge = {
  __typename?: 'PasskeyChallenge';
  challengeId: Scalars['String']['output'];
  optionsJson: Scalars['String']['output'];
};

export type PeriodResult = {
  __typename?: 'PeriodResult';
  /** What the payment history paid to bills in the period. */
  bills: Scalars['Money']['output'];
  end: Scalars['Date']['output'];
  /** What was actually left: pay − bills − other spending. */
  leftAtEnd: Scalars['Money']['output'];
  otherSpending: Scalars['Money']['output'];
  /** The pay recorded in the period. */
  pay: Scalars['Money']['output'];
  start: Scalars['Date']['output'];
  /** The pay less the bills the period owed: paid in it, or due in it and still not paid. */
  trueNetIncome: Scalars['Money']['output'];
};

export type Plan = {
  __typename?: 'Plan';
  code: PlanCode;
  intervalMonths: Scalars['Int']['output'];
  isDefault: Scalars['Boolean']['output'];
  label: Scalars['String']['output'];
  paymentLink: Maybe<Scalars['String']['output']>;
  price: Scalars['Money']['output'];
  priceId: Scalars['String']['output'];
  tagline: Maybe<Scalars['String']['output']>;
};

export type PlanCode =
  | 'QUARTERLY'
  | 'YEARLY';

/** What becomes of the wallet a bank account filled when it moves to another (no total counts it twice). */
export type PreviousWallet =
  /** It stays, kept by hand, without the bank's money (its balance moves by the bank balance). */
  | 'KEEP'
  /** It is removed: its rows, pay and bills move with the account to the new wallet. */
  | 'REMOVE';

export type PushDevice = {
  __typename?: 'PushDevice';
  createdAt: Scalars['DateTime']['output'];
  id: Scalars['ID']['output'];
  lastSuccessAt: Maybe<Scalars['DateTime']['output']>;
  name: Scalars['String']['output'];
};

/** A browser's push subscription: its endpoint (https) and the keys it gave. */
export type PushDeviceInput = {
  auth: Scalars['String']['input'];
  endpoint: Scalars['String']['input'];
  /** What the person calls it ('Ada's phone'); default 'This device'. */
  name?: InputMaybe<Scalars['String']['input']>;
  p256dh: Scalars['String']['input'];
};

export type Query = {
  __typename?: 'Query';
  /**
   * Bills and pay whose two latest payments matched from the bank agree on another amount than the
   * plan's (at least 1% away): 'Netflix went up: $15.49 → $17.99'.
   */
  amountChanges: Array<AmountChange>;
  apiTokens: Array<ApiToken>;
  /**
   * Where the balance goes, day by day, from "today" (as for `cashFlowAnalysis`) through
   * today + days - 1 (1..366): the lowest balance, the first day below zero and what is safe to
   * spend before the next payday. `whatIf` (at most 20, dated inside the horizon) adds planned
   * spends and changes nothing stored. Without `walletId`, all wallets together.
   */
  balanceForecast: BalanceForecast;
  /** The account's bank connections with their accounts; access URLs are never answered. */
  bankConnections: Array<BankConnection>;
  /** Each budget's month ('YYYY-MM', default this month in the zone): carried, spent, left, left a day. */
  budgetProgress: Array<BudgetProgress>;
  /** A monthly amount for each category spent in at least two of the last three complete months. */
  budgetSuggestions: Array<BudgetSuggestion>;
  /** The household's monthly budgets, one per category. */
  budgets: Array<Budget>;
  /** The account's live calendar feeds (their URLs are shown only when created). */
  calendarFeeds: Array<CalendarFeed>;
  /**
   * The true net income. `timeZone` (IANA) decides "today" unless `asOf` fixes it;
   * without either, the account's last known zone is used.
   */
  cashFlowAnalysis: CashFlowAnalysis;
  /** Each month's income, spending, bills and net, oldest first, this month last (months: 1 to 36). */
  cashFlowByMonth: Array<MonthFlow>;
  /** The current household's categories: the built-ins first, then its own, each child after its parent. */
  categories: Array<Category>;
  /** The household's category rules, newest first (the first that matches a row decides). */
  categoryRules: Array<CategoryRule>;
  creditorSuggestions: Array<CreditorSuggestion>;
  /**
   * The debt payoff plan: the household's debts (its bills with a balance above 0) paid month by month
   * from the month after today (in `timeZone`, else the account's zone), each with its monthly payment
   * and the strategy's order for the pool (`extraPayment` a month, 0 to 1,000,000, plus what paid-off
   * debts free). CUSTOM needs `order`: every debt's id exactly once. Compared with the minimums only.
   */
  debtPlan: DebtPlan;
  /** Everything stored about the signed-in user, as JSON. */
  exportMyData: Scalars['String']['output'];
  /** Liveness of the API itself. */
  health: Scalars['String']['output'];
  /** The household the account works in now (its personal one unless it switched). */
  household: Household;
  /** Changes to the current household's finance data and membership, newest first. */
  householdActivity: Array<ActivityEntry>;
  /** Every household the account belongs to. */
  households: Array<HouseholdMembership>;
  /** Confirmed statement imports, newest first: of one wallet, or of all the account's wallets. */
  importBatches: Array<ImportBatch>;
  /** Bank transactions waiting for a person: the open reviews bank syncs left, oldest first. */
  importReviews: Array<ImportPreview>;
  incomeSourceSuggestions: Array<IncomeSourceSuggestion>;
  incomeSources: Array<IncomeSource>;
  /** Who invites whom to what, before anyone signs in: the invitation page's first read. */
  invitation: InvitationPreview;
  /**
   * Every movement of the household's money once, newest first: register entries and statement-history
   * rows (a history row and its register entry are one row). `categoryId` includes its children;
   * `uncategorized` keeps rows with no category; `search` looks in the description. `first` at most 500.
   */
  ledger: LedgerPage;
  liabilities: Array<Liability>;
  /**
   * The payment history: every settled or skipped occurrence, kept for good, newest first. Filters:
   * one liability, and `paidOn` from `from` through `to` (inclusive).
   */
  liabilityPayments: Array<LiabilityPayment>;
  /** The signed-in account. */
  me: Debtor;
  /** The wallets less the debts at each month's end, and today (months: 1 to 36). */
  netWorth: Array<NetWorthPoint>;
  /** The account's passkeys, oldest first. */
  passkeys: Array<Passkey>;
  /** The pay periods that have ended, newest last, back to the first pay recorded (periods: 1 to 36). */
  payPeriodHistory: Array<PeriodResult>;
  /** The subscription plans on sale. */
  plans: Array<Plan>;
  /** The account's devices that receive notifications. */
  pushDevices: Array<PushDevice>;
  /** The VAPID public key browsers subscribe with (unpadded base64url of the P-256 point). */
  pushPublicKey: Scalars['String']['output'];
  /**
   * Found in your bank: the bills, subscriptions and pay that recur in the current household's
   * statement history (imported files and bank syncs) and are not in its plan yet, sure ones first.
   * `walletId` keeps one wallet's; `timeZone` decides "today" (which streams are still active).
   */
  recurringSuggestions: Array<RecurringSuggestion>;
  /** The reminder e-mails the account receives (docs/product-rules.md §9); defaults until changed. */
  reminderSettings: ReminderSettings;
  /**
   * Spending per category from `from` to `to` (inclusive): outflows minus refunds, children rolled into
   * their parent, income and transfers left out, splits counted per part; `previousAverage` over the
   * three equally long ranges just before.
   */
  spendingByCategory: Array<CategorySpending>;
  /** The wallet's register entries of the last 28 days, newest first. */
  walletRegister: Array<Transaction>;
  wallets: Array<Wallet>;
};


export type QueryAmountChangesArgs = {
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryBalanceForecastArgs = {
  asOf?: InputMaybe<Scalars['Date']['input']>;
  days?: InputMaybe<Scalars['Int']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
  whatIf?: InputMaybe<Array<WhatIfInput>>;
};


export type QueryBudgetProgressArgs = {
  month?: InputMaybe<Scalars['String']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryBudgetSuggestionsArgs = {
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryCashFlowAnalysisArgs = {
  asOf?: InputMaybe<Scalars['Date']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryCashFlowByMonthArgs = {
  months?: InputMaybe<Scalars['Int']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryDebtPlanArgs = {
  extraPayment?: InputMaybe<Scalars['Money']['input']>;
  order?: InputMaybe<Array<Scalars['ID']['input']>>;
  strategy: DebtStrategy;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryHouseholdActivityArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryImportBatchesArgs = {
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryInvitationArgs = {
  token: Scalars['String']['input'];
};


export type QueryLedgerArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  from?: InputMaybe<Scalars['Date']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  to?: InputMaybe<Scalars['Date']['input']>;
  uncategorized?: InputMaybe<Scalars['Boolean']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryLiabilityPaymentsArgs = {
  from?: InputMaybe<Scalars['Date']['input']>;
  liabilityId?: InputMaybe<Scalars['ID']['input']>;
  to?: InputMaybe<Scalars['Date']['input']>;
};


export type QueryNetWorthArgs = {
  months?: InputMaybe<Scalars['Int']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryPayPeriodHistoryArgs = {
  periods?: InputMaybe<Scalars['Int']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
};


export type QueryRecurringSuggestionsArgs = {
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type QuerySpendingByCategoryArgs = {
  from: Scalars['Date']['input'];
  to: Scalars['Date']['input'];
  walletId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryWalletRegisterArgs = {
  walletId: Scalars['ID']['input'];
};

export type RecurringFrequency =
  | 'BIMONTHLY'
  | 'BIWEEKLY'
  | 'MONTHLY'
  | 'QUARTERLY'
  | 'TWICE_MONTHLY'
  | 'TWICE_YEARLY'
  | 'WEEKLY'
  | 'YEARLY';

export type RecurringKind =
  | 'BILL'
  | 'INCOME';

export type RecurringOccurrence = {
  __typename?: 'RecurringOccurrence';
  /** Positive, whichever the direction. */
  amount: Scalars['Money']['output'];
  date: Scalars['Date']['output'];
  /** As the bank wrote it. */
  description: Scalars['String']['output'];
};

/** MATURE: enough occurrences to be sure. EARLY: two agreeing ones of a shorter cadence ('Maybe'). */
export type RecurringStatus =
  | 'EARLY'
  | 'MATURE';

export type RecurringSuggestion = {
  __typename?: 'RecurringSuggestion';
  /** The latest occurrence's amount. */
  amount: Scalars['Money']['output'];
  /** The largest amount is more than 2% above the smallest. */
  amountVaries: Scalars['Boolean']['output'];
  averageAmount: Scalars['Money']['output'];
  frequency: RecurringFrequency;
  id: Scalars['ID']['output'];
  kind: RecurringKind;
  lastDate: Scalars['Date']['output'];
  /** The payee as people write it ('Netflix.com'), at most 60 characters. */
  name: Scalars['String']['output'];
  nextDate: Scalars['Date']['output'];
  /** The evidence, oldest first. */
  occurrences: Array<RecurringOccurrence>;
  status: RecurringStatus;
  walletId: Scalars['ID']['output'];
};

export type RegisterInput = {
  email: Scalars['String']['input'];
  firstName: Scalars['String']['input'];
  honeypot?: InputMaybe<Scalars['String']['input']>;
  /**
   * An invitation's token: the account is made without a checkout (the household's access follows
   * its owner's subscription), for the invited address only; it joins once its e-mail is verified.
   */
  invitationToken?: InputMaybe<Scalars['String']['input']>;
  lastName: Scalars['String']['input'];
  plan?: InputMaybe<PlanCode>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  userName: Scalars['String']['input'];
  userPassword: Scalars['String']['input'];
};

export type RegisterPayload = {
  __typename?: 'RegisterPayload';
  checkoutUrl: Scalars['String']['output'];
  sessionId: Scalars['String']['output'];
  uid: Scalars['Int']['output'];
};

export type ReminderSettings = {
  __typename?: 'ReminderSettings';
  billLeadDays: Scalars['Int']['output'];
  billReminders: Scalars['Boolean']['output'];
  /** A budget reaching 80% and then all of its month, told once (pushed, or in the next reminder e-mail); on by default. */
  budgetAlerts: Scalars['Boolean']['output'];
  pastDueNotices: Scalars['Boolean']['output'];
  paydayDigest: Scalars['Boolean']['output'];
  /** Reminders also go to the account's devices (push notifications); on by default. */
  push: Scalars['Boolean']['output'];
  sendHour: Scalars['Int']['output'];
};

export type ReminderSettingsInput = {
  billLeadDays: Scalars['Int']['input'];
  billReminders: Scalars['Boolean']['input'];
  /** Omitted: unchanged. */
  budgetAlerts?: InputMaybe<Scalars['Boolean']['input']>;
  pastDueNotices: Scalars['Boolean']['input'];
  paydayDigest: Scalars['Boolean']['input'];
  /** Omitted: unchanged. */
  push?: InputMaybe<Scalars['Boolean']['input']>;
  sendHour: Scalars['Int']['input'];
};

/** A bill that comes less often than monthly, as a share of each pay period. */
export type SetAsideBill = {
  __typename?: 'SetAsideBill';
  frequency: ExpenseFrequency;
  /** payment × the days since its previous due date / its interval, at most the payment. */
  heldNow: Scalars['Money']['output'];
  liabilityId: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  nextDueDate: Scalars['Date']['output'];
  payment: Scalars['Money']['output'];
  /** payment × the period's days / the bill's interval (its due date minus the one before). */
  shareThisPeriod: Scalars['Money']['output'];
};

export type SplitPartInput = {
  amount: Scalars['Money']['input'];
  categoryId: Scalars['ID']['input'];
};

export type Subscription = {
  __typename?: 'Subscription';
  /** Whether the account may change its data now. */
  canWrite: Scalars['Boolean']['output'];
  cancelAtPeriodEnd: Scalars['Boolean']['output'];
  currentPeriodEnd: Maybe<Scalars['DateTime']['output']>;
  plan: Maybe<PlanCode>;
  status: SubscriptionStatus;
  trialEnd: Maybe<Scalars['DateTime']['output']>;
};

export type SubscriptionStatus =
  | 'ACTIVE'
  | 'CANCELED'
  | 'INCOMPLETE'
  | 'PAST_DUE'
  | 'TRIALING'
  | 'UNPAID';

/** An authenticator app's set-up: scan the QR code or type the secret. */
export type TotpEnrollment = {
  __typename?: 'TotpEnrollment';
  otpauthUrl: Scalars['String']['output'];
  /** The QR code of otpauthUrl as an SVG picture, drawn by the server. */
  qrCodeSvg: Scalars['String']['output'];
  /** Base32, as apps accept it typed. */
  secret: Scalars['String']['output'];
};

export type Transaction = {
  __typename?: 'Transaction';
  /** Always positive; the direction gives the sign. */
  amount: Scalars['Money']['output'];
  createdAt: Scalars['DateTime']['output'];
  date: Scalars['Date']['output'];
  direction: Direction;
  /** The first name of the member who made it; null when unknown (an account since deleted). */
  enteredBy: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** The statement import that wrote it; null for entries typed or written by an action. */
  importBatchId: Maybe<Scalars['ID']['output']>;
  transactionDescription: Maybe<Scalars['String']['output']>;
  walletId: Scalars['ID']['output'];
};

export type TransactionInput = {
  amount: Scalars['Money']['input'];
  /** The entry's category; without one, it is chosen from the note as for a bank's row. */
  categoryId?: InputMaybe<Scalars['ID']['input']>;
  direction: Direction;
  transactionDescription?: InputMaybe<Scalars['String']['input']>;
};

export type TwoFactorConfirmation = {
  __typename?: 'TwoFactorConfirmation';
  /** Ten single-use codes for when the phone is not at hand; shown only this once. */
  recoveryCodes: Array<Scalars['String']['output']>;
};

export type UpdateAccountInput = {
  email: Scalars['String']['input'];
  firstName: Scalars['String']['input'];
  lastName: Scalars['String']['input'];
};

export type UpdateWalletBalanceInput = {
  /** Sets the balance to this value (ignored when a transaction is given). */
  balance?: InputMaybe<Scalars['Money']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  transaction?: InputMaybe<TransactionInput>;
  walletId: Scalars['ID']['input'];
};

export type Wallet = {
  __typename?: 'Wallet';
  balance: Scalars['Money']['output'];
  defaultWallet: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  lastUpdate: Maybe<Scalars['DateTime']['output']>;
  walletDescription: Maybe<Scalars['String']['output']>;
  walletName: Scalars['String']['output'];
};

export type WalletInput = {
  balance?: InputMaybe<Scalars['Money']['input']>;
  timeZone?: InputMaybe<Scalars['String']['input']>;
  walletDescription?: InputMaybe<Scalars['String']['input']>;
  walletName: Scalars['String']['input'];
};

export type WalletSummary = {
  __typename?: 'WalletSummary';
  /** Balance minus payments marked paid from this wallet but not yet cleared. */
  availableBalance: Scalars['Money']['output'];
  balance: Scalars['Money']['output'];
  defaultWallet: Scalars['Boolean']['output'];
  lastUpdate: Maybe<Scalars['DateTime']['output']>;
  walletId: Scalars['ID']['output'];
  walletName: Scalars['String']['output'];
};

/** A planned spend for the forecast; nothing is stored. */
export type WhatIfInput = {
  /** Greater than 0. */
  amount: Scalars['Money']['input'];
  date: Scalars['Date']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
};

export type WithIndex<TObject> = TObject & Record<string, any>;
export type ResolversObject<TObject> = WithIndex<TObject>;

export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = ResolversObject<{
  AcceptRecurringInput: AcceptRecurringInput;
  AcceptedRecurring: ResolverTypeWrapper<Omit<AcceptedRecurring, 'incomeSource' | 'liability'> & { incomeSource?: Maybe<ResolversTypes['IncomeSource']>, liability?: Maybe<ResolversTypes['Liability']> }>;
  ActionPayload: ResolverTypeWrapper<Omit<ActionPayload, 'liabilities'> & { liabilities: Array<ResolversTypes['Liability']> }>;
  ActivityEntry: ResolverTypeWrapper<ActivityEntry>;
  AmountChange: ResolverTypeWrapper<AmountChange>;
  ApiToken: ResolverTypeWrapper<ApiToken>;
  ApiTokenScope: ApiTokenScope;
  AuthPayload: ResolverTypeWrapper<AuthPayload>;
  BalanceForecast: ResolverTypeWrapper<BalanceForecast>;
  BankAccount: ResolverTypeWrapper<BankAccount>;
  BankConnection: ResolverTypeWrapper<BankConnection>;
  BankConnectionStatus: BankConnectionStatus;
  BankSyncResult: ResolverTypeWrapper<BankSyncResult>;
  BillMatch: ResolverTypeWrapper<BillMatch>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Budget: ResolverTypeWrapper<Budget>;
  BudgetProgress: ResolverTypeWrapper<BudgetProgress>;
  BudgetStatus: BudgetStatus;
  BudgetSuggestion: ResolverTypeWrapper<BudgetSuggestion>;
  CalendarFeed: ResolverTypeWrapper<CalendarFeed>;
  CalendarFeedSecret: ResolverTypeWrapper<CalendarFeedSecret>;
  CashFlowAnalysis: ResolverTypeWrapper<CashFlowAnalysis>;
  CategorizeResult: ResolverTypeWrapper<CategorizeResult>;
  Category: ResolverTypeWrapper<Category>;
  CategoryKey: CategoryKey;
  CategoryRule: ResolverTypeWrapper<CategoryRule>;
  CategoryRuleInput: CategoryRuleInput;
  CategorySource: CategorySource;
  CategorySpending: ResolverTypeWrapper<CategorySpending>;
  ContactMessageInput: ContactMessageInput;
  CreatedApiToken: ResolverTypeWrapper<CreatedApiToken>;
  CreditorSuggestion: ResolverTypeWrapper<CreditorSuggestion>;
  CsvMapping: ResolverTypeWrapper<CsvMapping>;
  CsvMappingInput: CsvMappingInput;
  Date: ResolverTypeWrapper<Scalars['Date']['output']>;
  DateOrder: DateOrder;
  DateTime: ResolverTypeWrapper<Scalars['DateTime']['output']>;
  DebtMonth: ResolverTypeWrapper<DebtMonth>;
  DebtPayoff: ResolverTypeWrapper<DebtPayoff>;
  DebtPlan: ResolverTypeWrapper<DebtPlan>;
  DebtStrategy: DebtStrategy;
  DebtType: DebtType;
  Debtor: ResolverTypeWrapper<Omit<Debtor, 'subscription'> & { subscription?: Maybe<ResolversTypes['Subscription']> }>;
  DeletePayload: ResolverTypeWrapper<DeletePayload>;
  Direction: Direction;
  ExpenseFrequency: ExpenseFrequency;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ForecastDay: ResolverTypeWrapper<ForecastDay>;
  ForecastEvent: ResolverTypeWrapper<ForecastEvent>;
  ForecastEventKind: ForecastEventKind;
  Household: ResolverTypeWrapper<Household>;
  HouseholdInvitation: ResolverTypeWrapper<HouseholdInvitation>;
  HouseholdMember: ResolverTypeWrapper<HouseholdMember>;
  HouseholdMembership: ResolverTypeWrapper<HouseholdMembership>;
  HouseholdRole: HouseholdRole;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  ImportBatch: ResolverTypeWrapper<ImportBatch>;
  ImportFormat: ImportFormat;
  ImportPreview: ResolverTypeWrapper<ImportPreview>;
  ImportRow: ResolverTypeWrapper<ImportRow>;
  ImportRowChoice: ImportRowChoice;
  ImportRowStatus: ImportRowStatus;
  IncomeFrequency: IncomeFrequency;
  IncomeMatch: ResolverTypeWrapper<IncomeMatch>;
  IncomeOccurrence: ResolverTypeWrapper<IncomeOccurrence>;
  IncomeOccurrenceInput: IncomeOccurrenceInput;
  IncomeSource: ResolverTypeWrapper<PresentedIncomeSource>;
  IncomeSourceInput: IncomeSourceInput;
  IncomeSourceSuggestion: ResolverTypeWrapper<IncomeSourceSuggestion>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  InvitationPreview: ResolverTypeWrapper<InvitationPreview>;
  LedgerPage: ResolverTypeWrapper<LedgerPage>;
  LedgerRow: ResolverTypeWrapper<LedgerRow>;
  LedgerSplit: ResolverTypeWrapper<LedgerSplit>;
  Liability: ResolverTypeWrapper<PresentedLiability>;
  LiabilityActionPayload: ResolverTypeWrapper<Omit<LiabilityActionPayload, 'liabilities'> & { liabilities: Array<ResolversTypes['Liability']> }>;
  LiabilityInput: LiabilityInput;
  LiabilityOccurrence: ResolverTypeWrapper<LiabilityOccurrence>;
  LiabilityPayment: ResolverTypeWrapper<LiabilityPayment>;
  LiabilityPaymentKind: LiabilityPaymentKind;
  LoginPayload: ResolverTypeWrapper<LoginPayload>;
  Money: ResolverTypeWrapper<Scalars['Money']['output']>;
  MonthFlow: ResolverTypeWrapper<MonthFlow>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  NetWorthPoint: ResolverTypeWrapper<NetWorthPoint>;
  PaidInfoInput: PaidInfoInput;
  Passkey: ResolverTypeWrapper<Passkey>;
  PasskeyChallenge: ResolverTypeWrapper<PasskeyChallenge>;
  PeriodResult: ResolverTypeWrapper<PeriodResult>;
  Plan: ResolverTypeWrapper<Plan>;
  PlanCode: PlanCode;
  PreviousWallet: PreviousWallet;
  PushDevice: ResolverTypeWrapper<PushDevice>;
  PushDeviceInput: PushDeviceInput;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RecurringFrequency: RecurringFrequency;
  RecurringKind: RecurringKind;
  RecurringOccurrence: ResolverTypeWrapper<RecurringOccurrence>;
  RecurringStatus: RecurringStatus;
  RecurringSuggestion: ResolverTypeWrapper<RecurringSuggestion>;
  RegisterInput: RegisterInput;
  RegisterPayload: ResolverTypeWrapper<RegisterPayload>;
  ReminderSettings: ResolverTypeWrapper<ReminderSettings>;
  ReminderSettingsInput: ReminderSettingsInput;
  SetAsideBill: ResolverTypeWrapper<SetAsideBill>;
  SplitPartInput: SplitPartInput;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  Subscription: ResolverTypeWrapper<Subscription>;
  SubscriptionStatus: SubscriptionStatus;
  TotpEnrollment: ResolverTypeWrapper<TotpEnrollment>;
  Transaction: ResolverTypeWrapper<Transaction>;
  TransactionInput: TransactionInput;
  TwoFactorConfirmation: ResolverTypeWrapper<TwoFactorConfirmation>;
  UpdateAccountInput: UpdateAccountInput;
  UpdateWalletBalanceInput: UpdateWalletBalanceInput;
  Wallet: ResolverTypeWrapper<Wallet>;
  WalletInput: WalletInput;
  WalletSummary: ResolverTypeWrapper<WalletSummary>;
  WhatIfInput: WhatIfInput;
}>;

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = ResolversObject<{
  AcceptRecurringInput: AcceptRecurringInput;
  AcceptedRecurring: Omit<AcceptedRecurring, 'incomeSource' | 'liability'> & { incomeSource?: Maybe<ResolversParentTypes['IncomeSource']>, liability?: Maybe<ResolversParentTypes['Liability']> };
  ActionPayload: Omit<ActionPayload, 'liabilities'> & { liabilities: Array<ResolversParentTypes['Liability']> };
  ActivityEntry: ActivityEntry;
  AmountChange: AmountChange;
  ApiToken: ApiToken;
  AuthPayload: AuthPayload;
  BalanceForecast: BalanceForecast;
  BankAccount: BankAccount;
  BankConnection: BankConnection;
  BankSyncResult: BankSyncResult;
  BillMatch: BillMatch;
  Boolean: Scalars['Boolean']['output'];
  Budget: Budget;
  BudgetProgress: BudgetProgress;
  BudgetSuggestion: BudgetSuggestion;
  CalendarFeed: CalendarFeed;
  CalendarFeedSecret: CalendarFeedSecret;
  CashFlowAnalysis: CashFlowAnalysis;
  CategorizeResult: CategorizeResult;
  Category: Category;
  CategoryRule: CategoryRule;
  CategoryRuleInput: CategoryRuleInput;
  CategorySpending: CategorySpending;
  ContactMessageInput: ContactMessageInput;
  CreatedApiToken: CreatedApiToken;
  CreditorSuggestion: CreditorSuggestion;
  CsvMapping: CsvMapping;
  CsvMappingInput: CsvMappingInput;
  Date: Scalars['Date']['output'];
  DateTime: Scalars['DateTime']['output'];
  DebtMonth: DebtMonth;
  DebtPayoff: DebtPayoff;
  DebtPlan: DebtPlan;
  Debtor: Omit<Debtor, 'subscription'> & { subscription?: Maybe<ResolversParentTypes['Subscription']> };
  DeletePayload: DeletePayload;
  Float: Scalars['Float']['output'];
  ForecastDay: ForecastDay;
  ForecastEvent: ForecastEvent;
  Household: Household;
  HouseholdInvitation: HouseholdInvitation;
  HouseholdMember: HouseholdMember;
  HouseholdMembership: HouseholdMembership;
  ID: Scalars['ID']['output'];
  ImportBatch: ImportBatch;
  ImportPreview: ImportPreview;
  ImportRow: ImportRow;
  ImportRowChoice: ImportRowChoice;
  IncomeMatch: IncomeMatch;
  IncomeOccurrence: IncomeOccurrence;
  IncomeOccurrenceInput: IncomeOccurrenceInput;
  IncomeSource: PresentedIncomeSource;
  IncomeSourceInput: IncomeSourceInput;
  IncomeSourceSuggestion: IncomeSourceSuggestion;
  Int: Scalars['Int']['output'];
  InvitationPreview: InvitationPreview;
  LedgerPage: LedgerPage;
  LedgerRow: LedgerRow;
  LedgerSplit: LedgerSplit;
  Liability: PresentedLiability;
  LiabilityActionPayload: Omit<LiabilityActionPayload, 'liabilities'> & { liabilities: Array<ResolversParentTypes['Liability']> };
  LiabilityInput: LiabilityInput;
  LiabilityOccurrence: LiabilityOccurrence;
  LiabilityPayment: LiabilityPayment;
  LoginPayload: LoginPayload;
  Money: Scalars['Money']['output'];
  MonthFlow: MonthFlow;
  Mutation: Record<PropertyKey, never>;
  NetWorthPoint: NetWorthPoint;
  PaidInfoInput: PaidInfoInput;
  Passkey: Passkey;
  PasskeyChallenge: PasskeyChallenge;
  PeriodResult: PeriodResult;
  Plan: Plan;
  PushDevice: PushDevice;
  PushDeviceInput: PushDeviceInput;
  Query: Record<PropertyKey, never>;
  RecurringOccurrence: RecurringOccurrence;
  RecurringSuggestion: RecurringSuggestion;
  RegisterInput: RegisterInput;
  RegisterPayload: RegisterPayload;
  ReminderSettings: ReminderSettings;
  ReminderSettingsInput: ReminderSettingsInput;
  SetAsideBill: SetAsideBill;
  SplitPartInput: SplitPartInput;
  String: Scalars['String']['output'];
  Subscription: Subscription;
  TotpEnrollment: TotpEnrollment;
  Transaction: Transaction;
  TransactionInput: TransactionInput;
  TwoFactorConfirmation: TwoFactorConfirmation;
  UpdateAccountInput: UpdateAccountInput;
  UpdateWalletBalanceInput: UpdateWalletBalanceInput;
  Wallet: Wallet;
  WalletInput: WalletInput;
  WalletSummary: WalletSummary;
  WhatIfInput: WhatIfInput;
}>;

export type AcceptedRecurringResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AcceptedRecurring'] = ResolversParentTypes['AcceptedRecurring']> = ResolversObject<{
  incomeSource?: Resolver<Maybe<ResolversTypes['IncomeSource']>, ParentType, ContextType>;
  liability?: Resolver<Maybe<ResolversTypes['Liability']>, ParentType, ContextType>;
}>;

export type ActionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ActionPayload'] = ResolversParentTypes['ActionPayload']> = ResolversObject<{
  analysis?: Resolver<ResolversTypes['CashFlowAnalysis'], ParentType, ContextType>;
  liabilities?: Resolver<Array<ResolversTypes['Liability']>, ParentType, ContextType>;
  wallet?: Resolver<ResolversTypes['Wallet'], ParentType, ContextType>;
}>;

export type ActivityEntryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ActivityEntry'] = ResolversParentTypes['ActivityEntry']> = ResolversObject<{
  action?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  at?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  summary?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  who?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type AmountChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AmountChange'] = ResolversParentTypes['AmountChange']> = ResolversObject<{
  actual?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  incomeSourceId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['RecurringKind'], ParentType, ContextType>;
  liabilityId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  scheduled?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  since?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
}>;

export type ApiTokenResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ApiToken'] = ResolversParentTypes['ApiToken']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  scope?: Resolver<ResolversTypes['ApiTokenScope'], ParentType, ContextType>;
}>;

export type AuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = ResolversObject<{
  accessToken?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  accountStatus?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  user?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type BalanceForecastResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BalanceForecast'] = ResolversParentTypes['BalanceForecast']> = ResolversObject<{
  asOf?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  days?: Resolver<Array<ResolversTypes['ForecastDay']>, ParentType, ContextType>;
  firstNegativeDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  horizon?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  lowestBalance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  lowestDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  nextIncomeDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  safeToSpend?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  startBalance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  undepositedIncome?: Resolver<Array<ResolversTypes['IncomeOccurrence']>, ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type BankAccountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BankAccount'] = ResolversParentTypes['BankAccount']> = ResolversObject<{
  balance?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  balanceDate?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  currency?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  keepBalance?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  org?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pending?: Resolver<Array<ResolversTypes['ImportRow']>, ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type BankConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BankConnection'] = ResolversParentTypes['BankConnection']> = ResolversObject<{
  accounts?: Resolver<Array<ResolversTypes['BankAccount']>, ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastError?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastSyncAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['BankConnectionStatus'], ParentType, ContextType>;
}>;

export type BankSyncResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BankSyncResult'] = ResolversParentTypes['BankSyncResult']> = ResolversObject<{
  billsSettled?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  connection?: Resolver<ResolversTypes['BankConnection'], ParentType, ContextType>;
  duplicates?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  imported?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  previewIds?: Resolver<Array<ResolversTypes['ID']>, ParentType, ContextType>;
  toReview?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type BillMatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BillMatch'] = ResolversParentTypes['BillMatch']> = ResolversObject<{
  creditorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  liabilityId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  scheduled?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type BudgetResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Budget'] = ResolversParentTypes['Budget']> = ResolversObject<{
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  monthly?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  rollover?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type BudgetProgressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BudgetProgress'] = ResolversParentTypes['BudgetProgress']> = ResolversObject<{
  budget?: Resolver<ResolversTypes['Budget'], ParentType, ContextType>;
  carried?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  left?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  leftPerDay?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  spent?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['BudgetStatus'], ParentType, ContextType>;
}>;

export type BudgetSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['BudgetSuggestion'] = ResolversParentTypes['BudgetSuggestion']> = ResolversObject<{
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  monthly?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  months?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type CalendarFeedResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CalendarFeed'] = ResolversParentTypes['CalendarFeed']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  includeAmounts?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
}>;

export type CalendarFeedSecretResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CalendarFeedSecret'] = ResolversParentTypes['CalendarFeedSecret']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  url?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type CashFlowAnalysisResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CashFlowAnalysis'] = ResolversParentTypes['CashFlowAnalysis']> = ResolversObject<{
  asOf?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  availableCash?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  comingDue?: Resolver<Array<ResolversTypes['LiabilityOccurrence']>, ParentType, ContextType>;
  heldForBills?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  lastIncomeReceived?: Resolver<Array<ResolversTypes['IncomeOccurrence']>, ParentType, ContextType>;
  lastIncomeTotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  netIncomeAfterSetAside?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  netIncomeThisPeriod?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  nextIncome?: Resolver<Array<ResolversTypes['IncomeOccurrence']>, ParentType, ContextType>;
  nextIncomeDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  nextIncomeTotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  obligations?: Resolver<Array<ResolversTypes['LiabilityOccurrence']>, ParentType, ContextType>;
  obligationsTotal?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  periodStart?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  setAsideBills?: Resolver<Array<ResolversTypes['SetAsideBill']>, ParentType, ContextType>;
  setAsideThisPeriod?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  walletAvailableBalance?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  wallets?: Resolver<Array<ResolversTypes['WalletSummary']>, ParentType, ContextType>;
}>;

export type CategorizeResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategorizeResult'] = ResolversParentTypes['CategorizeResult']> = ResolversObject<{
  alsoChanged?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  row?: Resolver<ResolversTypes['LedgerRow'], ParentType, ContextType>;
}>;

export type CategoryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Category'] = ResolversParentTypes['Category']> = ResolversObject<{
  archived?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  key?: Resolver<Maybe<ResolversTypes['CategoryKey']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  parentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type CategoryRuleResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryRule'] = ResolversParentTypes['CategoryRule']> = ResolversObject<{
  amountMax?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  amountMin?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  descriptionContains?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  direction?: Resolver<Maybe<ResolversTypes['Direction']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  matches?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  payee?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type CategorySpendingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategorySpending'] = ResolversParentTypes['CategorySpending']> = ResolversObject<{
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  previousAverage?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  spent?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type CreatedApiTokenResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreatedApiToken'] = ResolversParentTypes['CreatedApiToken']> = ResolversObject<{
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['ApiToken'], ParentType, ContextType>;
}>;

export type CreditorSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CreditorSuggestion'] = ResolversParentTypes['CreditorSuggestion']> = ResolversObject<{
  creditorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creditorUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type CsvMappingResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CsvMapping'] = ResolversParentTypes['CsvMapping']> = ResolversObject<{
  amountColumn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  creditColumn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  dateColumn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  dateOrder?: Resolver<ResolversTypes['DateOrder'], ParentType, ContextType>;
  debitColumn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  decimalComma?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  delimiter?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  descriptionColumn?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  idColumn?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  negate?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  skipRows?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export interface DateScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Date'], any> {
  name: 'Date';
}

export interface DateTimeScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['DateTime'], any> {
  name: 'DateTime';
}

export type DebtMonthResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DebtMonth'] = ResolversParentTypes['DebtMonth']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  interest?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type DebtPayoffResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DebtPayoff'] = ResolversParentTypes['DebtPayoff']> = ResolversObject<{
  apr?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  liabilityId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  monthlyPayment?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  months?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  neverPaidOff?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  payoffMonth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  startBalance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalInterest?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type DebtPlanResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DebtPlan'] = ResolversParentTypes['DebtPlan']> = ResolversObject<{
  balances?: Resolver<Array<ResolversTypes['DebtMonth']>, ParentType, ContextType>;
  debtFreeMonth?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  debts?: Resolver<Array<ResolversTypes['DebtPayoff']>, ParentType, ContextType>;
  extraPayment?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  interestSavedVsMinimums?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  months?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  monthsSavedVsMinimums?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  startMonth?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  strategy?: Resolver<ResolversTypes['DebtStrategy'], ParentType, ContextType>;
  totalInterest?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  totalPaid?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type DebtorResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Debtor'] = ResolversParentTypes['Debtor']> = ResolversObject<{
  accountStatus?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recoveryCodesLeft?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  subscription?: Resolver<Maybe<ResolversTypes['Subscription']>, ParentType, ContextType>;
  timeZone?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  twoFactorEnabled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  userName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type DeletePayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeletePayload'] = ResolversParentTypes['DeletePayload']> = ResolversObject<{
  deleted?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type ForecastDayResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ForecastDay'] = ResolversParentTypes['ForecastDay']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  events?: Resolver<Array<ResolversTypes['ForecastEvent']>, ParentType, ContextType>;
  inflow?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  outflow?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type ForecastEventResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ForecastEvent'] = ResolversParentTypes['ForecastEvent']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ForecastEventKind'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  pastDue?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pending?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type HouseholdResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Household'] = ResolversParentTypes['Household']> = ResolversObject<{
  canWrite?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invitations?: Resolver<Array<ResolversTypes['HouseholdInvitation']>, ParentType, ContextType>;
  members?: Resolver<Array<ResolversTypes['HouseholdMember']>, ParentType, ContextType>;
  myRole?: Resolver<ResolversTypes['HouseholdRole'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  personal?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type HouseholdInvitationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['HouseholdInvitation'] = ResolversParentTypes['HouseholdInvitation']> = ResolversObject<{
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  invitedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['HouseholdRole'], ParentType, ContextType>;
}>;

export type HouseholdMemberResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['HouseholdMember'] = ResolversParentTypes['HouseholdMember']> = ResolversObject<{
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  joinedAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['HouseholdRole'], ParentType, ContextType>;
}>;

export type HouseholdMembershipResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['HouseholdMembership'] = ResolversParentTypes['HouseholdMembership']> = ResolversObject<{
  current?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  household?: Resolver<ResolversTypes['Household'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['HouseholdRole'], ParentType, ContextType>;
}>;

export type ImportBatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportBatch'] = ResolversParentTypes['ImportBatch']> = ResolversObject<{
  balanceSetTo?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  billsSettled?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  depositsMarked?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  enteredBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  fileName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  format?: Resolver<ResolversTypes['ImportFormat'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  importedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  skippedCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  undoneAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type ImportPreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportPreview'] = ResolversParentTypes['ImportPreview']> = ResolversObject<{
  csvHeader?: Resolver<Maybe<Array<ResolversTypes['String']>>, ParentType, ContextType>;
  csvSample?: Resolver<Maybe<Array<Array<ResolversTypes['String']>>>, ParentType, ContextType>;
  duplicateCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  encoding?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expiresAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  fileName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  format?: Resolver<ResolversTypes['ImportFormat'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  newCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['ImportRow']>, ParentType, ContextType>;
  savedMapping?: Resolver<Maybe<ResolversTypes['CsvMapping']>, ParentType, ContextType>;
  statementBalance?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  statementBalanceDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type ImportRowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ImportRow'] = ResolversParentTypes['ImportRow']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  bankId?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  billMatch?: Resolver<Maybe<ResolversTypes['BillMatch']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  incomeMatch?: Resolver<Maybe<ResolversTypes['IncomeMatch']>, ParentType, ContextType>;
  index?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  selected?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  similarTransactionId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ImportRowStatus'], ParentType, ContextType>;
}>;

export type IncomeMatchResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeMatch'] = ResolversParentTypes['IncomeMatch']> = ResolversObject<{
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  expected?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  incomeSourceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sourceName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type IncomeOccurrenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeOccurrence'] = ResolversParentTypes['IncomeOccurrence']> = ResolversObject<{
  active?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  deposited?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  incomeSourceId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  sourceName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type IncomeSourceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeSource'] = ResolversParentTypes['IncomeSource']> = ResolversObject<{
  biMonthlyPayDate?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  categoryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  incomeFrequency?: Resolver<ResolversTypes['IncomeFrequency'], ParentType, ContextType>;
  nextPmtDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  paymentAmount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  sourceDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  sourceName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceStatus?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sourceUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type IncomeSourceSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['IncomeSourceSuggestion'] = ResolversParentTypes['IncomeSourceSuggestion']> = ResolversObject<{
  id?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  sourceName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sourceUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type InvitationPreviewResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['InvitationPreview'] = ResolversParentTypes['InvitationPreview']> = ResolversObject<{
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  expired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  householdName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  invitedBy?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  role?: Resolver<ResolversTypes['HouseholdRole'], ParentType, ContextType>;
}>;

export type LedgerPageResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerPage'] = ResolversParentTypes['LedgerPage']> = ResolversObject<{
  nextCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  rows?: Resolver<Array<ResolversTypes['LedgerRow']>, ParentType, ContextType>;
  total?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type LedgerRowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerRow'] = ResolversParentTypes['LedgerRow']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  category?: Resolver<Maybe<ResolversTypes['Category']>, ParentType, ContextType>;
  categorySource?: Resolver<Maybe<ResolversTypes['CategorySource']>, ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  payee?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  splits?: Resolver<Array<ResolversTypes['LedgerSplit']>, ParentType, ContextType>;
  transactionId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type LedgerSplitResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LedgerSplit'] = ResolversParentTypes['LedgerSplit']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
}>;

export type LiabilityResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Liability'] = ResolversParentTypes['Liability']> = ResolversObject<{
  apr?: Resolver<Maybe<ResolversTypes['Float']>, ParentType, ContextType>;
  autoPay?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  balance?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  categoryId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  creditorDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  creditorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  creditorUrl?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  currentCleared?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  currentPaid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  debtType?: Resolver<ResolversTypes['DebtType'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  frequency?: Resolver<ResolversTypes['ExpenseFrequency'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paidFromWalletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  payment?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type LiabilityActionPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LiabilityActionPayload'] = ResolversParentTypes['LiabilityActionPayload']> = ResolversObject<{
  analysis?: Resolver<ResolversTypes['CashFlowAnalysis'], ParentType, ContextType>;
  liabilities?: Resolver<Array<ResolversTypes['Liability']>, ParentType, ContextType>;
  payment?: Resolver<ResolversTypes['LiabilityPayment'], ParentType, ContextType>;
  wallets?: Resolver<Array<ResolversTypes['Wallet']>, ParentType, ContextType>;
}>;

export type LiabilityOccurrenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LiabilityOccurrence'] = ResolversParentTypes['LiabilityOccurrence']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  amountPaid?: Resolver<Maybe<ResolversTypes['Money']>, ParentType, ContextType>;
  autoPaid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  cleared?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  creditorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  current?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  debtType?: Resolver<ResolversTypes['DebtType'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  liabilityId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  paid?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  paidFromWalletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  paidOn?: Resolver<Maybe<ResolversTypes['Date']>, ParentType, ContextType>;
  pastDue?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  paymentId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  settled?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
}>;

export type LiabilityPaymentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LiabilityPayment'] = ResolversParentTypes['LiabilityPayment']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  creditorName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  dueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  enteredBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['LiabilityPaymentKind'], ParentType, ContextType>;
  liabilityId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  paidOn?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  walletId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
}>;

export type LoginPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['LoginPayload'] = ResolversParentTypes['LoginPayload']> = ResolversObject<{
  accessToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  accountStatus?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  firstName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  lastName?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  role?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  twoFactorRequired?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  twoFactorToken?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  uid?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  user?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export interface MoneyScalarConfig extends GraphQLScalarTypeConfig<ResolversTypes['Money'], any> {
  name: 'Money';
}

export type MonthFlowResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['MonthFlow'] = ResolversParentTypes['MonthFlow']> = ResolversObject<{
  bills?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  income?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  month?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  net?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  spending?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  topCategories?: Resolver<Array<ResolversTypes['CategorySpending']>, ParentType, ContextType>;
}>;

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = ResolversObject<{
  acceptInvitation?: Resolver<ResolversTypes['Household'], ParentType, ContextType, RequireFields<MutationAcceptInvitationArgs, 'token'>>;
  acceptRecurringSuggestion?: Resolver<ResolversTypes['AcceptedRecurring'], ParentType, ContextType, RequireFields<MutationAcceptRecurringSuggestionArgs, 'id'>>;
  addCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationAddCategoryArgs, 'name'>>;
  addCategoryRule?: Resolver<ResolversTypes['CategoryRule'], ParentType, ContextType, RequireFields<MutationAddCategoryRuleArgs, 'input'>>;
  addIncomeSource?: Resolver<ResolversTypes['IncomeSource'], ParentType, ContextType, RequireFields<MutationAddIncomeSourceArgs, 'input'>>;
  addLiability?: Resolver<ResolversTypes['Liability'], ParentType, ContextType, RequireFields<MutationAddLiabilityArgs, 'input'>>;
  addWallet?: Resolver<ResolversTypes['Wallet'], ParentType, ContextType, RequireFields<MutationAddWalletArgs, 'input'>>;
  applyAmountChange?: Resolver<ResolversTypes['AmountChange'], ParentType, ContextType, RequireFields<MutationApplyAmountChangeArgs, 'id'>>;
  archiveCategory?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationArchiveCategoryArgs, 'id'>>;
  beginPasskeyRegistration?: Resolver<ResolversTypes['PasskeyChallenge'], ParentType, ContextType>;
  beginPasskeySignIn?: Resolver<ResolversTypes['PasskeyChallenge'], ParentType, ContextType>;
  beginTotpEnrollment?: Resolver<ResolversTypes['TotpEnrollment'], ParentType, ContextType>;
  cancelSubscription?: Resolver<ResolversTypes['Subscription'], ParentType, ContextType>;
  categorize?: Resolver<ResolversTypes['CategorizeResult'], ParentType, ContextType, RequireFields<MutationCategorizeArgs, 'applyToPast' | 'remember' | 'rowId'>>;
  changeMemberRole?: Resolver<ResolversTypes['HouseholdMember'], ParentType, ContextType, RequireFields<MutationChangeMemberRoleArgs, 'memberId' | 'role'>>;
  changePassword?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationChangePasswordArgs, 'newPassword' | 'oldPassword'>>;
  completeTwoFactorLogin?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationCompleteTwoFactorLoginArgs, 'code' | 'twoFactorToken'>>;
  confirmImport?: Resolver<ResolversTypes['ImportBatch'], ParentType, ContextType, RequireFields<MutationConfirmImportArgs, 'applyStatementBalance' | 'previewId'>>;
  confirmTotpEnrollment?: Resolver<ResolversTypes['TwoFactorConfirmation'], ParentType, ContextType, RequireFields<MutationConfirmTotpEnrollmentArgs, 'code'>>;
  connectBank?: Resolver<ResolversTypes['BankConnection'], ParentType, ContextType, RequireFields<MutationConnectBankArgs, 'setupToken'>>;
  createApiToken?: Resolver<ResolversTypes['CreatedApiToken'], ParentType, ContextType, RequireFields<MutationCreateApiTokenArgs, 'name' | 'scope'>>;
  createCalendarFeed?: Resolver<ResolversTypes['CalendarFeedSecret'], ParentType, ContextType, RequireFields<MutationCreateCalendarFeedArgs, 'includeAmounts'>>;
  createCheckoutSession?: Resolver<ResolversTypes['RegisterPayload'], ParentType, ContextType, Partial<MutationCreateCheckoutSessionArgs>>;
  createPortalSession?: Resolver<ResolversTypes['String'], ParentType, ContextType, Partial<MutationCreatePortalSessionArgs>>;
  deleteAccount?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteAccountArgs, 'password'>>;
  deleteCategoryRule?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDeleteCategoryRuleArgs, 'id'>>;
  deleteIncomeSource?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteIncomeSourceArgs, 'id'>>;
  deleteLiability?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteLiabilityArgs, 'id'>>;
  deleteTransaction?: Resolver<ResolversTypes['Wallet'], ParentType, ContextType, RequireFields<MutationDeleteTransactionArgs, 'id'>>;
  deleteWallet?: Resolver<ResolversTypes['DeletePayload'], ParentType, ContextType, RequireFields<MutationDeleteWalletArgs, 'id'>>;
  depositPay?: Resolver<ResolversTypes['ActionPayload'], ParentType, ContextType, RequireFields<MutationDepositPayArgs, 'occurrences' | 'walletId'>>;
  disableTwoFactor?: Resolver<ResolversTypes['Debtor'], ParentType, ContextType, RequireFields<MutationDisableTwoFactorArgs, 'code' | 'password'>>;
  dismissAmountChange?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDismissAmountChangeArgs, 'id'>>;
  dismissRecurringSuggestion?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationDismissRecurringSuggestionArgs, 'id'>>;
  finishPasskeyRegistration?: Resolver<ResolversTypes['Passkey'], ParentType, ContextType, RequireFields<MutationFinishPasskeyRegistrationArgs, 'challengeId' | 'name' | 'responseJson'>>;
  finishPasskeySignIn?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationFinishPasskeySignInArgs, 'challengeId' | 'responseJson'>>;
  inviteMember?: Resolver<ResolversTypes['HouseholdInvitation'], ParentType, ContextType, RequireFields<MutationInviteMemberArgs, 'email' | 'role'>>;
  leaveHousehold?: Resolver<ResolversTypes['Household'], ParentType, ContextType>;
  linkBankAccount?: Resolver<ResolversTypes['BankAccount'], ParentType, ContextType, RequireFields<MutationLinkBankAccountArgs, 'bankAccountId' | 'keepBalance' | 'newWallet'>>;
  login?: Resolver<ResolversTypes['LoginPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'userName' | 'userPassword'>>;
  logout?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  previewImport?: Resolver<ResolversTypes['ImportPreview'], ParentType, ContextType, RequireFields<MutationPreviewImportArgs, 'contentBase64' | 'fileName' | 'walletId'>>;
  refreshSession?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType>;
  register?: Resolver<ResolversTypes['RegisterPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  registerPushDevice?: Resolver<ResolversTypes['PushDevice'], ParentType, ContextType, RequireFields<MutationRegisterPushDeviceArgs, 'input'>>;
  removeBankConnection?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveBankConnectionArgs, 'id'>>;
  removeBudget?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveBudgetArgs, 'id'>>;
  removeMember?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemoveMemberArgs, 'memberId'>>;
  removePasskey?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemovePasskeyArgs, 'id' | 'password'>>;
  removePushDevice?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRemovePushDeviceArgs, 'id'>>;
  renameCategory?: Resolver<ResolversTypes['Category'], ParentType, ContextType, RequireFields<MutationRenameCategoryArgs, 'id' | 'name'>>;
  renameHousehold?: Resolver<ResolversTypes['Household'], ParentType, ContextType, RequireFields<MutationRenameHouseholdArgs, 'name'>>;
  requestPasswordReset?: Resolver<ResolversTypes['String'], ParentType, ContextType, RequireFields<MutationRequestPasswordResetArgs, 'email'>>;
  resendVerificationCode?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  revokeApiToken?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeApiTokenArgs, 'id'>>;
  revokeCalendarFeed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeCalendarFeedArgs, 'id'>>;
  revokeInvitation?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationRevokeInvitationArgs, 'id'>>;
  savePaidInfo?: Resolver<ResolversTypes['ActionPayload'], ParentType, ContextType, RequireFields<MutationSavePaidInfoArgs, 'changes' | 'walletId'>>;
  sendContactMessage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSendContactMessageArgs, 'input'>>;
  sendTestPush?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType, RequireFields<MutationSendTestPushArgs, 'id'>>;
  setBudget?: Resolver<ResolversTypes['Budget'], ParentType, ContextType, RequireFields<MutationSetBudgetArgs, 'categoryId' | 'monthly' | 'rollover'>>;
  setDefaultWallet?: Resolver<Array<ResolversTypes['Wallet']>, ParentType, ContextType, RequireFields<MutationSetDefaultWalletArgs, 'id'>>;
  skipLiabilityOccurrence?: Resolver<ResolversTypes['LiabilityActionPayload'], ParentType, ContextType, RequireFields<MutationSkipLiabilityOccurrenceArgs, 'dueDate' | 'liabilityId'>>;
  splitRow?: Resolver<ResolversTypes['LedgerRow'], ParentType, ContextType, RequireFields<MutationSplitRowArgs, 'parts' | 'rowId'>>;
  switchHousehold?: Resolver<ResolversTypes['Household'], ParentType, ContextType, RequireFields<MutationSwitchHouseholdArgs, 'id'>>;
  syncBankConnection?: Resolver<ResolversTypes['BankSyncResult'], ParentType, ContextType, RequireFields<MutationSyncBankConnectionArgs, 'id'>>;
  transferOwnership?: Resolver<ResolversTypes['Household'], ParentType, ContextType, RequireFields<MutationTransferOwnershipArgs, 'memberId' | 'password'>>;
  undoImportBatch?: Resolver<ResolversTypes['ImportBatch'], ParentType, ContextType, RequireFields<MutationUndoImportBatchArgs, 'id'>>;
  undoLiabilityPayment?: Resolver<ResolversTypes['LiabilityActionPayload'], ParentType, ContextType, RequireFields<MutationUndoLiabilityPaymentArgs, 'paymentId'>>;
  updateAccount?: Resolver<ResolversTypes['Debtor'], ParentType, ContextType, RequireFields<MutationUpdateAccountArgs, 'input'>>;
  updateCategoryRule?: Resolver<ResolversTypes['CategoryRule'], ParentType, ContextType, RequireFields<MutationUpdateCategoryRuleArgs, 'id' | 'input'>>;
  updateIncomeSource?: Resolver<ResolversTypes['IncomeSource'], ParentType, ContextType, RequireFields<MutationUpdateIncomeSourceArgs, 'id' | 'input'>>;
  updateLiability?: Resolver<ResolversTypes['Liability'], ParentType, ContextType, RequireFields<MutationUpdateLiabilityArgs, 'id' | 'input'>>;
  updateReminderSettings?: Resolver<ResolversTypes['ReminderSettings'], ParentType, ContextType, RequireFields<MutationUpdateReminderSettingsArgs, 'input'>>;
  updateWallet?: Resolver<ResolversTypes['Wallet'], ParentType, ContextType, RequireFields<MutationUpdateWalletArgs, 'id' | 'input'>>;
  updateWalletBalance?: Resolver<ResolversTypes['Wallet'], ParentType, ContextType, RequireFields<MutationUpdateWalletBalanceArgs, 'input'>>;
  verifyEmail?: Resolver<ResolversTypes['Debtor'], ParentType, ContextType, RequireFields<MutationVerifyEmailArgs, 'code'>>;
}>;

export type NetWorthPointResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['NetWorthPoint'] = ResolversParentTypes['NetWorthPoint']> = ResolversObject<{
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  debts?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  netWorth?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  wallets?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type PasskeyResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Passkey'] = ResolversParentTypes['Passkey']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUsedAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PasskeyChallengeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PasskeyChallenge'] = ResolversParentTypes['PasskeyChallenge']> = ResolversObject<{
  challengeId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  optionsJson?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type PeriodResultResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PeriodResult'] = ResolversParentTypes['PeriodResult']> = ResolversObject<{
  bills?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  end?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  leftAtEnd?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  otherSpending?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  pay?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  start?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  trueNetIncome?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type PlanResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Plan'] = ResolversParentTypes['Plan']> = ResolversObject<{
  code?: Resolver<ResolversTypes['PlanCode'], ParentType, ContextType>;
  intervalMonths?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  isDefault?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  label?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  paymentLink?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  priceId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  tagline?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type PushDeviceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PushDevice'] = ResolversParentTypes['PushDevice']> = ResolversObject<{
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastSuccessAt?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = ResolversObject<{
  amountChanges?: Resolver<Array<ResolversTypes['AmountChange']>, ParentType, ContextType, Partial<QueryAmountChangesArgs>>;
  apiTokens?: Resolver<Array<ResolversTypes['ApiToken']>, ParentType, ContextType>;
  balanceForecast?: Resolver<ResolversTypes['BalanceForecast'], ParentType, ContextType, RequireFields<QueryBalanceForecastArgs, 'days'>>;
  bankConnections?: Resolver<Array<ResolversTypes['BankConnection']>, ParentType, ContextType>;
  budgetProgress?: Resolver<Array<ResolversTypes['BudgetProgress']>, ParentType, ContextType, Partial<QueryBudgetProgressArgs>>;
  budgetSuggestions?: Resolver<Array<ResolversTypes['BudgetSuggestion']>, ParentType, ContextType, Partial<QueryBudgetSuggestionsArgs>>;
  budgets?: Resolver<Array<ResolversTypes['Budget']>, ParentType, ContextType>;
  calendarFeeds?: Resolver<Array<ResolversTypes['CalendarFeed']>, ParentType, ContextType>;
  cashFlowAnalysis?: Resolver<ResolversTypes['CashFlowAnalysis'], ParentType, ContextType, Partial<QueryCashFlowAnalysisArgs>>;
  cashFlowByMonth?: Resolver<Array<ResolversTypes['MonthFlow']>, ParentType, ContextType, RequireFields<QueryCashFlowByMonthArgs, 'months'>>;
  categories?: Resolver<Array<ResolversTypes['Category']>, ParentType, ContextType>;
  categoryRules?: Resolver<Array<ResolversTypes['CategoryRule']>, ParentType, ContextType>;
  creditorSuggestions?: Resolver<Array<ResolversTypes['CreditorSuggestion']>, ParentType, ContextType>;
  debtPlan?: Resolver<ResolversTypes['DebtPlan'], ParentType, ContextType, RequireFields<QueryDebtPlanArgs, 'extraPayment' | 'strategy'>>;
  exportMyData?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  health?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  household?: Resolver<ResolversTypes['Household'], ParentType, ContextType>;
  householdActivity?: Resolver<Array<ResolversTypes['ActivityEntry']>, ParentType, ContextType, RequireFields<QueryHouseholdActivityArgs, 'limit'>>;
  households?: Resolver<Array<ResolversTypes['HouseholdMembership']>, ParentType, ContextType>;
  importBatches?: Resolver<Array<ResolversTypes['ImportBatch']>, ParentType, ContextType, Partial<QueryImportBatchesArgs>>;
  importReviews?: Resolver<Array<ResolversTypes['ImportPreview']>, ParentType, ContextType>;
  incomeSourceSuggestions?: Resolver<Array<ResolversTypes['IncomeSourceSuggestion']>, ParentType, ContextType>;
  incomeSources?: Resolver<Array<ResolversTypes['IncomeSource']>, ParentType, ContextType>;
  invitation?: Resolver<ResolversTypes['InvitationPreview'], ParentType, ContextType, RequireFields<QueryInvitationArgs, 'token'>>;
  ledger?: Resolver<ResolversTypes['LedgerPage'], ParentType, ContextType, RequireFields<QueryLedgerArgs, 'first'>>;
  liabilities?: Resolver<Array<ResolversTypes['Liability']>, ParentType, ContextType>;
  liabilityPayments?: Resolver<Array<ResolversTypes['LiabilityPayment']>, ParentType, ContextType, Partial<QueryLiabilityPaymentsArgs>>;
  me?: Resolver<ResolversTypes['Debtor'], ParentType, ContextType>;
  netWorth?: Resolver<Array<ResolversTypes['NetWorthPoint']>, ParentType, ContextType, RequireFields<QueryNetWorthArgs, 'months'>>;
  passkeys?: Resolver<Array<ResolversTypes['Passkey']>, ParentType, ContextType>;
  payPeriodHistory?: Resolver<Array<ResolversTypes['PeriodResult']>, ParentType, ContextType, RequireFields<QueryPayPeriodHistoryArgs, 'periods'>>;
  plans?: Resolver<Array<ResolversTypes['Plan']>, ParentType, ContextType>;
  pushDevices?: Resolver<Array<ResolversTypes['PushDevice']>, ParentType, ContextType>;
  pushPublicKey?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  recurringSuggestions?: Resolver<Array<ResolversTypes['RecurringSuggestion']>, ParentType, ContextType, Partial<QueryRecurringSuggestionsArgs>>;
  reminderSettings?: Resolver<ResolversTypes['ReminderSettings'], ParentType, ContextType>;
  spendingByCategory?: Resolver<Array<ResolversTypes['CategorySpending']>, ParentType, ContextType, RequireFields<QuerySpendingByCategoryArgs, 'from' | 'to'>>;
  walletRegister?: Resolver<Array<ResolversTypes['Transaction']>, ParentType, ContextType, RequireFields<QueryWalletRegisterArgs, 'walletId'>>;
  wallets?: Resolver<Array<ResolversTypes['Wallet']>, ParentType, ContextType>;
}>;

export type RecurringOccurrenceResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecurringOccurrence'] = ResolversParentTypes['RecurringOccurrence']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type RecurringSuggestionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RecurringSuggestion'] = ResolversParentTypes['RecurringSuggestion']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  amountVaries?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  averageAmount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  frequency?: Resolver<ResolversTypes['RecurringFrequency'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['RecurringKind'], ParentType, ContextType>;
  lastDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  occurrences?: Resolver<Array<ResolversTypes['RecurringOccurrence']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['RecurringStatus'], ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type RegisterPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['RegisterPayload'] = ResolversParentTypes['RegisterPayload']> = ResolversObject<{
  checkoutUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  sessionId?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  uid?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type ReminderSettingsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReminderSettings'] = ResolversParentTypes['ReminderSettings']> = ResolversObject<{
  billLeadDays?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  billReminders?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  budgetAlerts?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  pastDueNotices?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  paydayDigest?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  push?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  sendHour?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
}>;

export type SetAsideBillResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SetAsideBill'] = ResolversParentTypes['SetAsideBill']> = ResolversObject<{
  frequency?: Resolver<ResolversTypes['ExpenseFrequency'], ParentType, ContextType>;
  heldNow?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  liabilityId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  nextDueDate?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  payment?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  shareThisPeriod?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
}>;

export type SubscriptionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Subscription'] = ResolversParentTypes['Subscription']> = ResolversObject<{
  canWrite?: SubscriptionResolver<ResolversTypes['Boolean'], "canWrite", ParentType, ContextType>;
  cancelAtPeriodEnd?: SubscriptionResolver<ResolversTypes['Boolean'], "cancelAtPeriodEnd", ParentType, ContextType>;
  currentPeriodEnd?: SubscriptionResolver<Maybe<ResolversTypes['DateTime']>, "currentPeriodEnd", ParentType, ContextType>;
  plan?: SubscriptionResolver<Maybe<ResolversTypes['PlanCode']>, "plan", ParentType, ContextType>;
  status?: SubscriptionResolver<ResolversTypes['SubscriptionStatus'], "status", ParentType, ContextType>;
  trialEnd?: SubscriptionResolver<Maybe<ResolversTypes['DateTime']>, "trialEnd", ParentType, ContextType>;
}>;

export type TotpEnrollmentResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TotpEnrollment'] = ResolversParentTypes['TotpEnrollment']> = ResolversObject<{
  otpauthUrl?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  qrCodeSvg?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  secret?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type TransactionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Transaction'] = ResolversParentTypes['Transaction']> = ResolversObject<{
  amount?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  createdAt?: Resolver<ResolversTypes['DateTime'], ParentType, ContextType>;
  date?: Resolver<ResolversTypes['Date'], ParentType, ContextType>;
  direction?: Resolver<ResolversTypes['Direction'], ParentType, ContextType>;
  enteredBy?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  importBatchId?: Resolver<Maybe<ResolversTypes['ID']>, ParentType, ContextType>;
  transactionDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
}>;

export type TwoFactorConfirmationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TwoFactorConfirmation'] = ResolversParentTypes['TwoFactorConfirmation']> = ResolversObject<{
  recoveryCodes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
}>;

export type WalletResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Wallet'] = ResolversParentTypes['Wallet']> = ResolversObject<{
  balance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  defaultWallet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  lastUpdate?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  walletDescription?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  walletName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type WalletSummaryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['WalletSummary'] = ResolversParentTypes['WalletSummary']> = ResolversObject<{
  availableBalance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  balance?: Resolver<ResolversTypes['Money'], ParentType, ContextType>;
  defaultWallet?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  lastUpdate?: Resolver<Maybe<ResolversTypes['DateTime']>, ParentType, ContextType>;
  walletId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  walletName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
}>;

export type Resolvers<ContextType = GraphQLContext> = ResolversObject<{
  AcceptedRecurring?: AcceptedRecurringResolvers<ContextType>;
  ActionPayload?: ActionPayloadResolvers<ContextType>;
  ActivityEntry?: ActivityEntryResolvers<ContextType>;
  AmountChange?: AmountChangeResolvers<ContextType>;
  ApiToken?: ApiTokenResolvers<ContextType>;
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  BalanceForecast?: BalanceForecastResolvers<ContextType>;
  BankAccount?: BankAccountResolvers<ContextType>;
  BankConnection?: BankConnectionResolvers<ContextType>;
  BankSyncResult?: BankSyncResultResolvers<ContextType>;
  BillMatch?: BillMatchResolvers<ContextType>;
  Budget?: BudgetResolvers<ContextType>;
  BudgetProgress?: BudgetProgressResolvers<ContextType>;
  BudgetSuggestion?: BudgetSuggestionResolvers<ContextType>;
  CalendarFeed?: CalendarFeedResolvers<ContextType>;
  CalendarFeedSecret?: CalendarFeedSecretResolvers<ContextType>;
  CashFlowAnalysis?: CashFlowAnalysisResolvers<ContextType>;
  CategorizeResult?: CategorizeResultResolvers<ContextType>;
  Category?: CategoryResolvers<ContextType>;
  CategoryRule?: CategoryRuleResolvers<ContextType>;
  CategorySpending?: CategorySpendingResolvers<ContextType>;
  CreatedApiToken?: CreatedApiTokenResolvers<ContextType>;
  CreditorSuggestion?: CreditorSuggestionResolvers<ContextType>;
  CsvMapping?: CsvMappingResolvers<ContextType>;
  Date?: GraphQLScalarType;
  DateTime?: GraphQLScalarType;
  DebtMonth?: DebtMonthResolvers<ContextType>;
  DebtPayoff?: DebtPayoffResolvers<ContextType>;
  DebtPlan?: DebtPlanResolvers<ContextType>;
  Debtor?: DebtorResolvers<ContextType>;
  DeletePayload?: DeletePayloadResolvers<ContextType>;
  ForecastDay?: ForecastDayResolvers<ContextType>;
  ForecastEvent?: ForecastEventResolvers<ContextType>;
  Household?: HouseholdResolvers<ContextType>;
  HouseholdInvitation?: HouseholdInvitationResolvers<ContextType>;
  HouseholdMember?: HouseholdMemberResolvers<ContextType>;
  HouseholdMembership?: HouseholdMembershipResolvers<ContextType>;
  ImportBatch?: ImportBatchResolvers<ContextType>;
  ImportPreview?: ImportPreviewResolvers<ContextType>;
  ImportRow?: ImportRowResolvers<ContextType>;
  IncomeMatch?: IncomeMatchResolvers<ContextType>;
  IncomeOccurrence?: IncomeOccurrenceResolvers<ContextType>;
  IncomeSource?: IncomeSourceResolvers<ContextType>;
  IncomeSourceSuggestion?: IncomeSourceSuggestionResolvers<ContextType>;
  InvitationPreview?: InvitationPreviewResolvers<ContextType>;
  LedgerPage?: LedgerPageResolvers<ContextType>;
  LedgerRow?: LedgerRowResolvers<ContextType>;
  LedgerSplit?: LedgerSplitResolvers<ContextType>;
  Liability?: LiabilityResolvers<ContextType>;
  LiabilityActionPayload?: LiabilityActionPayloadResolvers<ContextType>;
  LiabilityOccurrence?: LiabilityOccurrenceResolvers<ContextType>;
  LiabilityPayment?: LiabilityPaymentResolvers<ContextType>;
  LoginPayload?: LoginPayloadResolvers<ContextType>;
  Money?: GraphQLScalarType;
  MonthFlow?: MonthFlowResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  NetWorthPoint?: NetWorthPointResolvers<ContextType>;
  Passkey?: PasskeyResolvers<ContextType>;
  PasskeyChallenge?: PasskeyChallengeResolvers<ContextType>;
  PeriodResult?: PeriodResultResolvers<ContextType>;
  Plan?: PlanResolvers<ContextType>;
  PushDevice?: PushDeviceResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  RecurringOccurrence?: RecurringOccurrenceResolvers<ContextType>;
  RecurringSuggestion?: RecurringSuggestionResolvers<ContextType>;
  RegisterPayload?: RegisterPayloadResolvers<ContextType>;
  ReminderSettings?: ReminderSettingsResolvers<ContextType>;
  SetAsideBill?: SetAsideBillResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
  TotpEnrollment?: TotpEnrollmentResolvers<ContextType>;
  Transaction?: TransactionResolvers<ContextType>;
  TwoFactorConfirmation?: TwoFactorConfirmationResolvers<ContextType>;
  Wallet?: WalletResolvers<ContextType>;
  WalletSummary?: WalletSummaryResolvers<ContextType>;
}>;

