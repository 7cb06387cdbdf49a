/**
 * Money is integer cents (USD). Amounts come in as JSON numbers from the API or as strings typed by
 * a person; both are read as decimal text so that no floating-point arithmetic ever produces cents.
 */
import { DomainError } from './errors';
import type { Cents } from './types';

/** 999,999,999.99: the largest amount, in either direction, that the product accepts. */
export const MAX_MONEY_CENTS: Cents = 99_999_999_999;

// Optional minus (before or after the $), optional $, digits with or without comma groups, up to
// any number of decimals (checked separately so that the message can say what is wrong).
const MONEY_TEXT = /^(-)?\$?(-)?((?:\d{1,3}(?:,\d{3})+)|\d*)(?:\.(\d*))?$/;

function invalidAmount(field: string | undefined): DomainError {
  return new DomainError('Enter an amount such as 1234.50 (at most 2 decimals)', field);
}

function tooLarge(field: string | undefined): DomainError {
  return new DomainError('The amount must be between -$999,999,999.99 and $999,999,999.99', field);
}

/** Reads a decimal text (already stripped of spaces) into cents. */
function parseDecimalText(text: string, field: string | undefined): Cents {
  const match = MONEY_TEXT.exec(text);
  if (!match) throw invalidAmount(field);
  const [, minusBefore, minusAfter, integerText = '', decimals = ''] = match;
  if (minusBefore && minusAfter) throw invalidAmount(field);
  if (integerText === '' && decimals === '') throw invalidAmount(field);
  if (decimals.length > 2) {
    throw new DomainError('An amount can have at most 2 decimals (cents)', field);
  }
  const digits = integerText.replace(/,/g, '').replace(/^0+(?=\d)/, '');
  if (digits.length > 9) throw tooLarge(field);
  const cents = Number(digits || '0') * 100 + Number(decimals.padEnd(2, '0'));
  if (cents > MAX_MONEY_CENTS) throw tooLarge(field);
  const negative = Boolean(minusBefore ?? minusAfter);
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * Cents of a JSON number (`1234.5`) or a person's text (`"$1,234.50"`, `"-12.3"`). Rejects NaN,
 * infinities, more than 2 decimals and magnitudes above 999,999,999.99 with a clear DomainError.
 */
export function parseMoney(value: number | string, field?: string): Cents {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalidAmount(field);
    if (Math.abs(value) > 999_999_999.99) throw tooLarge(field);
    // The shortest text that reads back as this number: 1234.5 → "1234.5", 0.1 + 0.2 → "0.30000000000000004".
    // Tiny values print as exponents ("1e-7") and are refused as having too many decimals.
    const text = String(value);
    if (text.includes('e')) throw new DomainError('An amount can have at most 2 decimals (cents)', field);
    return parseDecimalText(text, field);
  }
  if (typeof value !== 'string') throw invalidAmount(field);
  const text = value.replace(/\s+/g, '');
  if (text === '') throw new DomainError('Enter an amount', field);
  return parseDecimalText(text, field);
}

/** The JSON number of an amount: 123450 → 1234.5. */
export function centsToNumber(cents: Cents): number {
  return cents / 100;
}

/** en-US display with a $ prefix, comma thousands and exactly 2 decimals: '$1,234.50', '-$1,234.50'. */
export function formatMoney(cents: Cents): string {
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100);
  const remainder = magnitude - dollars * 100;
  const grouped = String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${grouped}.${String(remainder).padStart(2, '0')}`;
}
