import { buildBankConnection, buildPasskey, buildPushDevice } from '../test/factories';
import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
} from 'graphql';
import { queryOne } from '../db/sql';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  ok,
  seedHousehold,
  seedImport,
  seedAmountChange,
  seedRecurringSuggestion,
  settleLiability,
  TODAY,
  ZONE,
  type TestUser,
} from '../test/finance';
import {
  buildOperation,
  schemaOperations,
  type IdKind,
  type SchemaOperation,
} from '../modules/analysis/schema-operations';
import { startTestApp, type GraphQLResponse, type TestApp } from '../test/harness';

/**
 * A generated fuzz of every mutation of schema.graphql. Each mutation starts from valid variables
 * (schema-operations.ts, the user's own ids) and has one position at a time replaced by a hostile
 * value chosen for the position's declared type: wrong types, huge strings, unicode (NUL, lone
 * surrogates, right-to-left marks, random full-range strings from fast-check), negative, NaN,
 * huge and too-precise money, impossible dates and dates outside the allowed window, SQL and HTML
 * fragments, out-of-range ids. Whole arguments are replaced too (null, wrong shapes, long lists).
 *
 * Every answer must be a 4xx-class refusal with a clear message (or a success: `<b>` is a fine
 * wallet name), never a 500 or an INTERNAL_SERVER_ERROR, never a database error text; a refused
 * request changes nothing.
 */

const MARK = 'fuzzmark';
const NOW = new Date('2026-11-16T15:00:00Z');
const CODES = [
  'BAD_USER_INPUT',
  'GRAPHQL_VALIDATION_FAILED',
  'NOT_FOUND',
  'FORBIDDEN',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'SUBSCRIPTION_REQUIRED',
];
/** Texts that only an unhandled failure would show a user. */
const LEAKS =
  /internal server error|violates|syntax error at|relation "|column "|invalid input syntax|out of range for type|TypeError|Cannot read prop|undefined is not|stack|QueryFailedError|\bat [A-Za-z.]+ \(/i;

const seeded = (arbitrary: fc.Arbitrary<string>, count: number) =>
  fc.sample(arbitrary, { seed: 1234, numRuns: count });

const STRINGS: unknown[] = [
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
const MONEY: unknown[] = [
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
const DATES: unknown[] = [
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
const IDS: unknown[] = [
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
const INTS: unknown[] = [-1, 2 ** 31, 1.5, '1', null];
const BOOLEANS: unknown[] = ['true', 1, null, {}];
const ENUMS: unknown[] = ['NOT_A_VALUE', 'weekly', '', 1, null];
const TIME_ZONES: unknown[] = [
  'Mars/Olympus',
  'UTC; DROP TABLE debtor',
  '../../etc/passwd',
  '+25:00',
  'x'.repeat(5000),
];

interface Leaf {
  path: (string | number)[];
  type: GraphQLInputType;
  name: string;
}

/** Every position of a variables object, with its declared type (lists keep their one element). */
function leavesOf(name: string, type: GraphQLInputType, value: unknown, path: (string | number)[]): Leaf[] {
  const inner = isNonNullType(type) ? type.ofType : type;
  const here: Leaf = { path, type, name };
  if (isListType(inner) && Array.isArray(value))
    return [
      here,
      ...value.flatMap((item, i) => leavesOf(name, inner.ofType as GraphQLInputType, item, [...path, i])),
    ];
  if (isInputObjectType(inner) && value && typeof value === 'object') {
    return [
      here,
      ...Object.values(inner.getFields()).flatMap((field) =>
        leavesOf(field.name, field.type, (value as Record<string, unknown>)[field.name], [
          ...path,
          field.name,
        ]),
      ),
    ];
  }
  return [here];
}

function hostileValuesFor(leaf: Leaf): unknown[] {
  const inner = isNonNullType(leaf.type) ? leaf.type.ofType : leaf.type;
  if (isListType(inner)) return [null, 'x', {}, [], [null]];
  if (isInputObjectType(inner)) return [null, 'x', [], 42, {}];
  if (isEnumType(inner)) return ENUMS;
  if (leaf.name === 'timeZone') return TIME_ZONES;
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

function withValue(variables: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(variables) as Record<string | number, unknown>;
  let node = copy;
  path.slice(0, -1).forEach((key) => {
    node = node[key] as Record<string | number, unknown>;
  });
  node[path[path.length - 1]!] = value;
  return copy;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => t.close());

/** What a refused request must leave as it was: the user's rows, and rows a public form would add. */
async function fingerprint(debtorId: number): Promise<string> {
  const row = await queryOne<{ f: string }>(
    t.deps.dataSource,
    `SELECT concat_ws('|',
       (SELECT md5(coalesce(string_agg(to_jsonb(d)::text, ',' ORDER BY id), '')) FROM debtor d WHERE id = $1),
       (SELECT md5(coalesce(string_agg(to_jsonb(w)::text, ',' ORDER BY id), '')) FROM wallet w WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)),
       (SELECT md5(coalesce(string_agg(to_jsonb(r)::text, ',' ORDER BY id), '')) FROM register_entry r WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)),
       (SELECT md5(coalesce(string_agg(to_jsonb(i)::text, ',' ORDER BY id), '')) FROM income_source i WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)),
       (SELECT count(*) FROM income_deposit WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)),
       (SELECT md5(coalesce(string_agg(to_jsonb(l)::text, ',' ORDER BY id), '')) FROM liability l WHERE household_id = (SELECT id FROM household WHERE personal_of = $1)),
       (SELECT count(*) FROM api_token WHERE debtor_id = $1),
       (SELECT md5(coalesce(string_agg(to_jsonb(s)::text, ','), '')) FROM subscription s WHERE debtor_id = $1),
       (SELECT count(*) FROM debtor WHERE username ILIKE '%' || $2 || '%' OR email ILIKE '%' || $2 || '%'),
       (SELECT count(*) FROM contact_message WHERE sender_email ILIKE '%' || $2 || '%' OR message ILIKE '%' || $2 || '%')
     ) AS f`,
    [debtorId, MARK],
  );
  return row!.f;
}

async function seed(user: TestUser): Promise<Record<IdKind, string>> {
  const wallet = await addWallet(t, user, 'Checking', 100);
  const source = await addIncomeSource(t, user, { nextPmtDate: '2026-11-13' });
  const settledBill = await addLiability(t, user, { creditorName: 'Phone', payment: 5, dueDate: TODAY });
  const payment = await settleLiability(t, user, wallet.id, settledBill.id);
  const liability = await addLiability(t, user, { dueDate: TODAY });
  const token = ok(
    await t.gql<{ createApiToken: { token: { id: string } } }>(
      'mutation { createApiToken(name: "s", scope: READ_WRITE) { token { id } } }',
      {},
      { token: user.token },
    ),
  );
  return {
    wallet: wallet.id,
    incomeSource: source.id,
    liability: liability.id,
    apiToken: token.createApiToken.token.id,
    calendarFeed: (
      await t.gql<{ createCalendarFeed: { id: string } }>(
        'mutation { createCalendarFeed { id } }',
        {},
        { token: user.token },
      )
    ).data!.createCalendarFeed.id,
    payment,
    passkey: await buildPasskey(t.deps.dataSource, user.id),
    ...(await seedImport(t, user, wallet.id)),
    recurringSuggestion: await seedRecurringSuggestion(t, user, wallet.id),
    amountChange: await seedAmountChange(t, user, wallet.id),
    ...(await buildBankConnection(t.deps.dataSource, t.deps.config, user.id)),
    pushDevice: await buildPushDevice(t.deps.dataSource, user.id),
    ...(await seedHousehold(t, user)),
  };
}

/** Valid-looking text for a public form, carrying the marker so its rows can be found. */
function baseline(operation: SchemaOperation, ids: Record<IdKind, string>) {
  const built = buildOperation(operation, {
    today: TODAY,
    timeZone: ZONE,
    idFor: (_path, kind) => ids[kind as IdKind] ?? '1',
  });
  const text = JSON.stringify(built.variables)
    .replaceAll('someone@example.com', `${MARK}${randomInt(1e9)}@example.com`)
    .replaceAll('"Example"', `"${MARK}${randomInt(1e9)}"`);
  return { document: built.document, variables: JSON.parse(text) as Record<string, unknown> };
}

interface Finding {
  operation: string;
  at: string;
  value: string;
  problem: string;
}

function problemOf(response: GraphQLResponse & { raw?: string }, changed: boolean): string | undefined {
  if (response.status >= 500) return `HTTP ${response.status}`;
  const error = response.errors?.[0];
  if (!error) return undefined;
  const code = error.extensions?.code;
  if (!code || !CODES.includes(code)) return `code ${code}: ${error.message}`;
  if (!error.message?.trim() || LEAKS.test(error.message)) return `unclear message: ${error.message}`;
  if (response.status < 400 && code === 'BAD_USER_INPUT' && response.data == null && changed)
    return 'changed the database';
  if (changed) return `refused (${code}) yet changed the database`;
  return undefined;
}

/** Mutations without arguments (refreshSession, logout, resendVerificationCode, cancelSubscription) take no input to fuzz. */
const mutations = schemaOperations().filter(
  (operation) => operation.kind === 'mutation' && operation.field.args.length > 0,
);

describe('hostile input to every mutation', () => {
  it.each(mutations.map((operation) => [operation.name, operation] as const))(
    '%s: every hostile value is refused clearly (never a 500) or accepted, and a refusal changes nothing',
    async (_name, operation) => {
      const user = await newUser(t);
      const ids = await seed(user);
      const { document, variables } = baseline(operation, ids);
      const cases = operation.field.args.flatMap((arg) =>
        leavesOf(arg.name, arg.type, variables[arg.name], [arg.name]).flatMap((leaf) =>
          hostileValuesFor(leaf).map((value) => ({ leaf, value })),
        ),
      );
      const findings: Finding[] = [];
      let before = await fingerprint(user.id);
      for (const { leaf, value } of cases) {
        const response = await t.gql(document, withValue(variables, leaf.path, value), {
          token: user.token,
          headers: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
        });
        const after = await fingerprint(user.id);
        const changed = Boolean(response.errors) && after !== before;
        before = after;
        const problem = problemOf(response, changed);
        if (problem)
          findings.push({
            operation: operation.name,
            at: leaf.path.join('.'),
            value: JSON.stringify(value)?.slice(0, 60) ?? String(value),
            problem: problem.slice(0, 300),
          });
      }
      expect(cases.length).toBeGreaterThan(0);
      expect(findings).toEqual([]);
    },
  );
});

describe('hostile text inside the document itself', () => {
  it.each([
    ['a NUL escape in a string literal', '"nul \\u0000 here"'],
    ['a 20,000-character literal', `"${'y'.repeat(20_000)}"`],
    ['an SQL fragment literal', `"'); DELETE FROM wallet; --"`],
  ])('%s is refused clearly or stored as text, never a 500', async (_label, literal) => {
    const user = await newUser(t);
    const before = await fingerprint(user.id);
    const response = await t.gql(
      `mutation { addWallet(input: { walletName: ${literal} }) { id walletName } }`,
      {},
      { token: user.token },
    );
    expect(response.status).toBeLessThan(500);
    if (response.errors) {
      expect(CODES).toContain(response.errors[0]?.extensions?.code);
      expect(response.errors[0]?.message).not.toMatch(LEAKS);
      expect(await fingerprint(user.id)).toBe(before);
    } else {
      expect(response.data).toMatchObject({ addWallet: { walletName: JSON.parse(literal) } });
    }
  });
});
