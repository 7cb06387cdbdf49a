import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
} from 'graphql';

/**
 * The fuzz tests' hostile values (security/*.test.ts): wrong types, huge strings, unicode (NUL,
 * lone surrogates, right-to-left marks, random full-range strings), negative, NaN, huge and
 * too-precise money, impossible dates, SQL and HTML fragments, out-of-range ids; and what an
 * answer to them may and may not say.
 */

// One per test process: the fuzz files run beside each other on one database, and one file's
// marked rows (a contact message 'Hello from fuzzmark…') must never count as another's change.
export const MARK = `fuzzmark${process.pid}`;
export const CODES = [
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'SUBSCRIPTION_REQUIRED',
];
/** Texts that only an unhandled failure would show a user. */
export const LEAKS =
  /internal server error|violates|syntax error at|relation "|column "|invalid input syntax|out of range for type|TypeError|Cannot read prop|undefined is not|stack|QueryFailedError|\bat [A-Za-z.]+ \(/i;

const seeded = (arbitrary: fc.Arbitrary<string>, count: number) =>
  fc.sample(arbitrary, { seed: 1234, numRuns: count });

export const STRINGS: unknown[] = [
  '',
  'x'.repeat(256),
  'x'.repeat(20_000),
  `nul\u0000inside ${MARK}`,
  '\ud800 lone surrogate',
  '💸 Zoë ₪ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e\u200b',
  "'; DROP TABLE wallet; --",
  '<img src=x onerror=alert(1)>',
  ...seeded(fc.string({ unit: 'binary', maxLength: 40 }), 1),
  123,
  {},
];
export const MONEY: unknown[] = [
  -1,
  -0.01,
  0.001,
  1.005,
  1e300,
  999_999_999.99,
  1_000_000_000,
  -1_000_000_000,
  'NaN',
  'Infinity',
  '12.50',
  '1e2',
  null,
  true,
  {},
  '',
];
export const DATES: unknown[] = [
  '1900-01-01',
  '2999-12-31',
  '2024-11-15',
  '2029-11-17',
  '2026-02-30',
  '2026-13-01',
  '20261116',
  '2026-11-16T00:00:00Z',
  '',
  "2026-11-16'; --",
  20261116,
  null,
];
export const IDS: unknown[] = [
  '-1',
  '0',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  "1' OR '1'='1",
  '00000000-0000-0000-0000-000000000000',
  '',
  '1e3',
  1.5,
  null,
  true,
];
export const INTS: unknown[] = [-1, 2 ** 31, 1.5, '1', null];
export const BOOLEANS: unknown[] = ['true', 1, null, {}];
export const ENUMS: unknown[] = ['NOT_A_VALUE', 'weekly', '', 1, null];
export const TIME_ZONES: unknown[] = [
  'Mars/Olympus',
  'UTC; DROP TABLE debtor',
  '../../etc/passwd',
  '+25:00',
  'x'.repeat(5000),
];

/** Hostile values for a position of the declared type (`name` picks the time-zone set). */
export function hostileValuesFor(type: GraphQLInputType, name: string): unknown[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [null, 'x', {}, [], [null]];
  if (isInputObjectType(inner)) return [null, 'x', [], 42, {}];
  if (isEnumType(inner)) return ENUMS;
  if (name === 'timeZone') return TIME_ZONES;
  switch (getNamedType(inner).name) {
    case 'Money':
      return MONEY;
    case 'Date':
      return DATES;
    case 'ID':
      return IDS;
    case 'Int':
      return INTS;
    case 'Boolean':
      return BOOLEANS;
    default:
      return STRINGS;
  }
}
