import fc from 'fast-check';
import { DomainError } from './errors';
import { centsToNumber, formatMoney, MAX_MONEY_CENTS, parseMoney } from './money';

describe('parseMoney: amounts are integer cents read from decimal text', () => {
  it.each([
    [1234.5, 123450],
    [0, 0],
    [-0, 0],
    [0.01, 1],
    [-12.3, -1230],
    [999_999_999.99, MAX_MONEY_CENTS],
    [-999_999_999.99, -MAX_MONEY_CENTS],
    [19.99, 1999],
    [1.1, 110],
  ])('reads the API number %p as %p cents', (value, cents) => {
    expect(parseMoney(value)).toBe(cents);
  });

  it.each([
    ['$1,234.50', 123450],
    ['-$1,234.50', -123450],
    ['$-1,234.50', -123450],
    ['-12.3', -1230],
    [' 1 234.5 ', 123450],
    ['1234', 123400],
    ['12.', 1200],
    ['.5', 50],
    ['007.10', 710],
    ['-0.00', 0],
    ['$999,999,999.99', MAX_MONEY_CENTS],
  ])('reads the typed text %p as %p cents', (value, cents) => {
    expect(parseMoney(value)).toBe(cents);
  });

  it.each([NaN, Infinity, -Infinity])('refuses %p', (value) => {
    expect(() => parseMoney(value)).toThrow('Enter an amount such as 1234.50 (at most 2 decimals)');
  });

  it.each([1.234, 0.1 + 0.2, 1e-7, '1.234', '$0.001'])('refuses more than 2 decimals: %p', (value) => {
    expect(() => parseMoney(value)).toThrow('An amount can have at most 2 decimals (cents)');
  });

  it.each([
    1_000_000_000,
    999_999_999.995,
    -1e21,
    '1,000,000,000.00',
    '1000000000',
    '0000000000001000000000',
  ])('refuses a magnitude above 999,999,999.99: %p', (value) => {
    expect(() => parseMoney(value)).toThrow(
      'The amount must be between -$999,999,999.99 and $999,999,999.99',
    );
  });

  it.each(['abc', '$', '-', '.', '--1', '-$-1', '1,23', '12,34.5', '1e3', '$1.2.3'])(
    'refuses the text %p',
    (value) => {
      expect(() => parseMoney(value)).toThrow(DomainError);
    },
  );

  it('asks for an amount when the text is empty', () => {
    expect(() => parseMoney('  ')).toThrow('Enter an amount');
  });

  it('refuses a value that is neither a number nor a string', () => {
    expect(() => parseMoney(null as unknown as string)).toThrow(DomainError);
  });

  it('names the field in the error', () => {
    try {
      parseMoney('nope', 'paymentAmount');
      throw new Error('expected a DomainError');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).field).toBe('paymentAmount');
    }
  });

  // 999,999,999.99 is 99,999,999,999 cents: an integer well inside the safe range.
  it('keeps its bound safely inside integer precision', () => {
    expect(Number.isSafeInteger(MAX_MONEY_CENTS * 10)).toBe(true);
  });
});

describe('centsToNumber: the JSON number of an amount', () => {
  it('turns 123450 cents into 1234.5', () => {
    expect(centsToNumber(123450)).toBe(1234.5);
    expect(centsToNumber(-1)).toBe(-0.01);
  });
});

describe('formatMoney: en-US, $ prefix, comma thousands, exactly 2 decimals', () => {
  it.each([
    [123450, '$1,234.50'],
    [-123450, '-$1,234.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [-5, '-$0.05'],
    [100, '$1.00'],
    [MAX_MONEY_CENTS, '$999,999,999.99'],
    [100_000_000, '$1,000,000.00'],
  ])('formats %p as %p', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });
});

describe('money round-trips (property)', () => {
  const cents = fc.integer({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS });

  it('parse(format(c)) = c', () => {
    fc.assert(fc.property(cents, (value) => parseMoney(formatMoney(value)) === value));
  });

  it('parse(centsToNumber(c)) = c: the API number reads back exactly', () => {
    fc.assert(fc.property(cents, (value) => parseMoney(centsToNumber(value)) === value));
  });
});
