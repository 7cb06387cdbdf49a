import { randomInt } from 'node:crypto';
import { isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { accountFingerprint } from '../test/fingerprint';
import { CODES, hostileValuesFor, LEAKS, MARK } from '../test/hostile-values';
import { newUser, TODAY, ZONE } from '../test/finance';
import { seedEveryKind } from '../test/every-kind';
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

const NOW = new Date('2026-11-16T15:00:00Z');

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
const fingerprint = (debtorId: number) => accountFingerprint(t.deps.dataSource, debtorId, MARK);

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
      const ids = await seedEveryKind(t, user);
      const { document, variables } = baseline(operation, ids);
      const cases = operation.field.args.flatMap((arg) =>
        leavesOf(arg.name, arg.type, variables[arg.name], [arg.name]).flatMap((leaf) =>
          hostileValuesFor(leaf.type, leaf.name).map((value) => ({ leaf, value })),
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
