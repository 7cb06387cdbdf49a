/**
 * The validation rules of the product (names, e-mails, passwords, amounts, dates), in one place:
 * the server's input functions (`*-fields.ts`, accounts' services) and the client's forms call the same validators. A validator returns the
 * broken fields with a message for each; an empty object means the input is valid.
 *
 * Amounts are validated as the forms and the REST API carry them: dollars, as a number or a typed
 * string ('$1,234.50'), read with `parseMoney`.
 */
import { isIsoDate, isWithinValidWindow } from './dates';
import type { DomainError } from './errors';
import { parseMoney } from './money';
import { DEBT_TYPES, EXPENSE_FREQUENCIES, INCOME_FREQUENCIES, PLANS, type Option } from './options';
import type { IsoDate } from './types';

/** Field name → message. Empty: valid. The key `form` carries a form-level message. */
export type FieldErrors = Record<string, string>;

// Form-level messages, in the specification's words.
export const INVALID_FORM = 'Invalid form';
export const INVALID_ENTRIES = 'Some entries are invalid. Check and try again.';
export const INVALID_FIELDS = 'Some fields are not valid';
export const INVALID_EMAIL = 'Invalid email';

// Lengths.
export const LOGIN_MAX = 75;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 24;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;
/** Password inputs accept up to 75 typed characters; the pattern then allows 24. */
export const PASSWORD_INPUT_MAX = 75;
export const NAME_MAX = 50;
export const CONTACT_NAME_MAX = 75;
export const MESSAGE_MAX = 1000;
/** Transaction notes and the notes of wallets, income sources and expenses. */
export const NOTE_MAX = 255;
export const EMAIL_MAX = 254;
export const URL_MAX = 255;
/** Names of wallets, income sources and creditors. */
export const ENTITY_NAME_MAX = 100;
export const VERIFICATION_CODE_LENGTH = 6;

// Patterns.
/** A letter, then 3 to 23 letters, digits, underscores or hyphens (4 to 24 in total). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{3,23}$/;
/** 8 to 24 characters with a lowercase and an uppercase letter, a digit and one of @$!%*(&; nothing else. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*(&])[A-Za-z\d@$!%*(&]{8,24}$/;
/** Something, an at sign, something, a dot, something; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** `host`, `www.host` or `http(s)://host...`, with an optional port and path. Empty is allowed by the validators. */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
/** Letters (accented ones too), spaces, apostrophes, hyphens and periods; starts with a letter; 1 to 50. */
export const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.-]{0,49}$/u;
/** The contact form's name: the name pattern, up to 75 characters. */
export const CONTACT_NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’.-]{0,74}$/u;
export const VERIFICATION_CODE_PATTERN = /^\d{6}$/;

// Per-field messages.
export const MESSAGES = {
  apr: 'Enter the APR as a percentage from 0 to 100, with at most 2 decimals.',
  usernameRequired: 'Enter your username',
  username:
    '4 to 24 characters, must begin with a letter. Letters, numbers, underscores and hyphens allowed.',
  passwordRequired: 'Enter your password',
  password:
    '8 to 24 characters. Must include upper and lower case letters, a number and a special character: @$!%*(&',
  passwordMismatch: 'Must match the first password input field',
  passwordUnchanged: 'The new password must be different from the old one',
  loginTooLong: `At most ${LOGIN_MAX} characters`,
  name: `Letters, spaces, apostrophes, hyphens and periods only, at most ${NAME_MAX} characters`,
  contactName: `Enter your name: letters, spaces, apostrophes, hyphens and periods, at most ${CONTACT_NAME_MAX} characters`,
  email: 'Enter a valid email address, like name@example.com',
  messageRequired: 'Enter a message',
  messageTooLong: `A message can have at most ${MESSAGE_MAX} characters`,
  verificationCode: 'Enter the 6-digit code from the email',
  plan: 'Choose a plan',
  walletName: 'Enter a name for the wallet',
  sourceName: 'Enter the name of the income source',
  creditorName: 'Enter the name of the expense',
  entityNameTooLong: `At most ${ENTITY_NAME_MAX} characters`,
  noteTooLong: `At most ${NOTE_MAX} characters`,
  url: 'Enter a web address like example.com, www.example.com or https://example.com',
  incomeFrequency: 'Choose how often you are paid',
  expenseFrequency: 'Choose how often this expense is due',
  debtType: 'Choose the type of expense',
  date: 'Enter a date between 2 years ago and 3 years from today',
  notADate: 'That is not a date: enter a month, day and year that exist, like 02/28/2026',
  twiceMonthlyOrder: 'The next pay date must be after the last pay date',
  paymentPositive: 'The amount must be greater than 0',
  balanceNotNegative: 'The balance cannot be negative',
  amountPositive: 'Enter an amount greater than 0',
  amountNotNegative: 'The amount cannot be negative',
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isBlank(value: unknown): boolean {
  return text(value).trim() === '';
}

function isOption(options: readonly Option<string>[], value: unknown): boolean {
  return (
    typeof value === 'string' && options.some((option) => option.code === value || option.label === value)
  );
}

/** Cents of an amount field, or the parse message when it is not a valid amount. */
function readMoney(value: unknown): { cents: number } | { error: string } {
  try {
    return { cents: parseMoney(value as number | string) };
  } catch (error) {
    return { error: (error as DomainError).message };
  }
}

type Check = [field: string, failed: boolean, message: string];

/** An optional balance: empty is fine; otherwise a valid amount, and not negative unless allowed. */
function optionalBalanceChecks(field: string, balance: unknown, allowNegative: boolean): Check[] {
  if (balance === undefined || balance === null || balance === '') return [];
  const money = readMoney(balance);
  if ('error' in money) return [[field, true, money.error]];
  return [[field, !allowNegative && money.cents < 0, MESSAGES.balanceNotNegative]];
}

/** A debt's optional APR: empty is fine; otherwise a percentage from 0 to 100 with at most 2 decimals. */
function optionalAprChecks(field: string, apr: unknown): Check[] {
  const blank = apr === null || apr === undefined || (typeof apr === 'string' && apr.trim() === '');
  return [[field, !blank && readApr(apr) === null, MESSAGES.apr]];
}

/**
 * An APR as typed or sent (12.99, '12.99', '12.99%'), or null when it is no percentage from 0 to
 * 100 with at most 2 decimals.
 */
export function readApr(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text);
  if (!match) return null;
  const apr = Number(`${match[1]}.${match[2] ?? '0'}`);
  return apr <= 100 ? apr : null;
}

/** The first failed check of each field, in order. */
function collect(checks: Check[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, failed, message] of checks) {
    if (failed && !(field in errors)) errors[field] = message;
  }
  return errors;
}

function honeypotChecks(honeypot: unknown): Check[] {
  return [['form', !isBlank(honeypot), INVALID_FORM]];
}

function emailChecks(field: string, email: unknown): Check[] {
  const value = text(email).trim();
  return [[field, value.length > EMAIL_MAX || !EMAIL_PATTERN.test(value), MESSAGES.email]];
}

function nameChecks(field: string, name: unknown): Check[] {
  return [[field, !NAME_PATTERN.test(text(name).trim()), MESSAGES.name]];
}

function urlChecks(field: string, url: unknown): Check[] {
  const value = text(url).trim();
  return [[field, value !== '' && (value.length > URL_MAX || !URL_PATTERN.test(value)), MESSAGES.url]];
}

function noteChecks(field: string, note: unknown): Check[] {
  return [[field, text(note).length > NOTE_MAX, MESSAGES.noteTooLong]];
}

function entityNameChecks(field: string, name: unknown, requiredMessage: string): Check[] {
  return [
    [field, isBlank(name), requiredMessage],
    [field, text(name).trim().length > ENTITY_NAME_MAX, MESSAGES.entityNameTooLong],
  ];
}

/**
 * What a date field holds when the person typed something that is no date (02/31/2026): the
 * browser's date input reports it as empty, so the client's DateInput puts this in its place.
 */
export const NOT_A_DATE = 'not-a-date';

function dateChecks(field: string, date: unknown, today: IsoDate): Check[] {
  const typed = typeof date === 'string' && date !== '';
  return [
    [field, date === NOT_A_DATE || (typed && !isIsoDate(date)), MESSAGES.notADate],
    [field, typeof date !== 'string' || !isWithinValidWindow(date, today), MESSAGES.date],
  ];
}

/** An amount that must be > 0: payments, paychecks, transactions. */
function positiveAmountChecks(field: string, amount: unknown, message: string): Check[] {
  const money = readMoney(amount);
  if ('error' in money) return [[field, true, money.error]];
  // A minus sign typed by mistake is named as such, not folded into 'greater than 0'.
  if (money.cents < 0) return [[field, true, MESSAGES.amountNotNegative]];
  return [[field, money.cents === 0, message]];
}

export interface LoginInput {
  userName: string;
  userPassword: string;
  /** The hidden field a bot fills in. */
  honeypot?: string | null;
}

export function validateLogin(input: LoginInput): FieldErrors {
  return collect([
    ...honeypotChecks(input.honeypot),
    ['userName', isBlank(input.userName), MESSAGES.usernameRequired],
    ['userName', text(input.userName).trim().length > LOGIN_MAX, MESSAGES.loginTooLong],
    ['userPassword', text(input.userPassword) === '', MESSAGES.passwordRequired],
    ['userPassword', text(input.userPassword).length > LOGIN_MAX, MESSAGES.loginTooLong],
  ]);
}

export interface RegistrationInput {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  userPassword: string;
  /** The confirmation field; checked when given. */
  verifyPassword?: string | null;
  /** Plan code; checked when given. */
  plan?: string | null;
  honeypot?: string | null;
}

export function validateRegistration(input: RegistrationInput): FieldErrors {
  const verify = input.verifyPassword;
  return collect([
    ...honeypotChecks(input.honeypot),
    ...nameChecks('firstName', input.firstName),
    ...nameChecks('lastName', input.lastName),
    ['userName', !USERNAME_PATTERN.test(text(input.userName).trim()), MESSAGES.username],
    ...emailChecks('email', input.email),
    ['userPassword', !PASSWORD_PATTERN.test(text(input.userPassword)), MESSAGES.password],
    [
      'verifyPassword',
      verify !== undefined && verify !== null && verify !== input.userPassword,
      MESSAGES.passwordMismatch,
    ],
    [
      'plan',
      input.plan !== undefined && input.plan !== null && !PLANS.some((plan) => plan.code === input.plan),
      MESSAGES.plan,
    ],
  ]);
}

export interface ChangePasswordInput {
  oldPW: string;
  newPW: string;
  /** The verify field; checked when given. */
  verifyPW?: string | null;
  honeypot?: string | null;
}

export function validateChangePassword(input: ChangePasswordInput): FieldErrors {
  const verify = input.verifyPW;
  return collect([
    ...honeypotChecks(input.honeypot),
    ['oldPW', text(input.oldPW) === '', MESSAGES.passwordRequired],
    ['oldPW', text(input.oldPW).length > PASSWORD_INPUT_MAX, MESSAGES.loginTooLong],
    ['newPW', !PASSWORD_PATTERN.test(text(input.newPW)), MESSAGES.password],
    ['newPW', input.newPW === input.oldPW, MESSAGES.passwordUnchanged],
    [
      'verifyPW',
      verify !== undefined && verify !== null && verify !== input.newPW,
      MESSAGES.passwordMismatch,
    ],
  ]);
}

export interface AccountUpdateInput {
  firstName: string;
  lastName: string;
  email: string;
}

export function validateAccountUpdate(input: AccountUpdateInput): FieldErrors {
  return collect([
    ...nameChecks('firstName', input.firstName),
    ...nameChecks('lastName', input.lastName),
    ...emailChecks('email', input.email),
  ]);
}

export interface ContactMessageInput {
  senderName: string;
  senderEmail: string;
  message: string;
  honeypot?: string | null;
}

export function validateContactMessage(input: ContactMessageInput): FieldErrors {
  const name = text(input.senderName).trim();
  return collect([
    ...honeypotChecks(input.honeypot),
    ['senderName', !CONTACT_NAME_PATTERN.test(name), MESSAGES.contactName],
    ...emailChecks('senderEmail', input.senderEmail),
    ['message', isBlank(input.message), MESSAGES.messageRequired],
    ['message', text(input.message).length > MESSAGE_MAX, MESSAGES.messageTooLong],
  ]);
}

export interface ResetRequestInput {
  email: string;
}

/** The reset-password form says 'Invalid email', in the specification's words. */
export function validateResetRequest(input: ResetRequestInput): FieldErrors {
  return collect(emailChecks('email', input.email).map(([field, failed]) => [field, failed, INVALID_EMAIL]));
}

export interface VerificationCodeInput {
  code: string;
}

export function validateVerificationCode(input: VerificationCodeInput): FieldErrors {
  return collect([
    ['code', !VERIFICATION_CODE_PATTERN.test(text(input.code).trim()), MESSAGES.verificationCode],
  ]);
}

export interface WalletFormInput {
  walletName: string;
  walletDescription?: string | null;
  /** Dollars; optional, any sign. */
  balance?: number | string | null;
}

export function validateWallet(input: WalletFormInput): FieldErrors {
  return collect([
    ...entityNameChecks('walletName', input.walletName, MESSAGES.walletName),
    ...noteChecks('walletDescription', input.walletDescription),
    ...optionalBalanceChecks('balance', input.balance, true),
  ]);
}

export interface IncomeSourceFormInput {
  sourceName: string;
  sourceUrl?: string | null;
  /** Code ('TWICE_MONTHLY') or label ('Twice Monthly'). */
  incomeFrequency: string | null;
  nextPmtDate: IsoDate | null;
  biMonthlyPayDate?: IsoDate | null;
  /** Dollars. */
  paymentAmount: number | string | null;
  sourceDesciption?: string | null;
}

function isTwiceMonthly(frequency: unknown): boolean {
  return frequency === 'TWICE_MONTHLY' || frequency === 'Twice Monthly';
}

/** Dates must lie in the valid window around `today` (the user's today). */
export function validateIncomeSource(input: IncomeSourceFormInput, today: IsoDate): FieldErrors {
  const twiceMonthly = isTwiceMonthly(input.incomeFrequency);
  const checks: Check[] = [
    ...entityNameChecks('sourceName', input.sourceName, MESSAGES.sourceName),
    ...urlChecks('sourceUrl', input.sourceUrl),
    ['incomeFrequency', !isOption(INCOME_FREQUENCIES, input.incomeFrequency), MESSAGES.incomeFrequency],
    ...dateChecks('nextPmtDate', input.nextPmtDate, today),
    ...positiveAmountChecks('paymentAmount', input.paymentAmount, MESSAGES.paymentPositive),
    ...noteChecks('sourceDesciption', input.sourceDesciption),
  ];
  if (twiceMonthly) {
    checks.push(...dateChecks('biMonthlyPayDate', input.biMonthlyPayDate, today), [
      'biMonthlyPayDate',
      text(input.biMonthlyPayDate) <= text(input.nextPmtDate),
      MESSAGES.twiceMonthlyOrder,
    ]);
  }
  return collect(checks);
}

export interface LiabilityFormInput {
  creditorName: string;
  creditorUrl?: string | null;
  /** Code ('MORTGAGE_RENT') or label ('Mortgage/Rent'). */
  debtType: string | null;
  /** Code ('BIMONTHLY') or label ('Bi-Monthly'). */
  frequency: string | null;
  dueDate: IsoDate | null;
  /** Dollars. */
  payment: number | string | null;
  /** Dollars; optional, never negative. */
  balance?: number | string | null;
  creditorDescription?: string | null;
  /** A debt's annual percentage rate, 0-100 with at most 2 decimals; optional. */
  apr?: number | string | null;
}

export function validateLiability(input: LiabilityFormInput, today: IsoDate): FieldErrors {
  return collect([
    ...entityNameChecks('creditorName', input.creditorName, MESSAGES.creditorName),
    ...urlChecks('creditorUrl', input.creditorUrl),
    ['debtType', !isOption(DEBT_TYPES, input.debtType), MESSAGES.debtType],
    ['frequency', !isOption(EXPENSE_FREQUENCIES, input.frequency), MESSAGES.expenseFrequency],
    ...dateChecks('dueDate', input.dueDate, today),
    ...positiveAmountChecks('payment', input.payment, MESSAGES.paymentPositive),
    ...optionalBalanceChecks('balance', input.balance, false),
    ...optionalAprChecks('apr', input.apr),
    ...noteChecks('creditorDescription', input.creditorDescription),
  ]);
}

export interface TransactionInput {
  /** Dollars, > 0; the direction ('spent' or 'deposited') gives the sign. */
  amount: number | string | null;
  transactionDescription?: string | null;
}

export function validateTransaction(input: TransactionInput): FieldErrors {
  return collect([
    ...positiveAmountChecks('amount', input.amount, MESSAGES.amountPositive),
    ...noteChecks('transactionDescription', input.transactionDescription),
  ]);
}

/** True when a validator found nothing wrong. */
export function isValid(errors: FieldErrors): boolean {
  return Object.keys(errors).length === 0;
}
