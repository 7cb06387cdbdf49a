import { seedEveryKindOf } from '../test/every-kind';
import { getNamedType, isObjectType, type GraphQLOutputType } from 'graphql';
import jwt from 'jsonwebtoken';
import { queryRows } from '../db/sql';
import { errorCode, newUser, ok, startFinanceApp, TODAY, ZONE, type TestUser } from '../test/finance';
import {
  buildOperation,
  schemaOperations,
  type IdKind,
  type SchemaOperation,
} from '../modules/analysis/schema-operations';
import { createRestRouter } from '../rest';
import type { TestApp } from '../test/harness';
import { mountedRoutes } from '../test/security';

/**
 * The isolation matrix, completing the two existing generated matrices:
 * - modules/analysis/ownership.test.ts: user B using A's ids on every operation that takes an id
 *   answers NOT_FOUND, exactly like a missing id, and changes nothing of A;
 * - modules/tokens/tokens.test.ts: a read-only API token is refused (403) on every mutation.
 * Here, generated from schema.graphql and from the mounted REST router stack:
 * - A's revoked API token and A's expired access token are refused on every operation and every
 *   REST path, exactly like no credential at all, and change nothing of A;
 * - no query B may run returns anything of A's.
 */

type Ids = Record<IdKind, string>;
/** A string only A's rows hold, to find in any answer given to someone else. */
const MARK = 'AliceOnly7f3';

/**
 * Operations anyone may call without a credential (a new public operation must be added here on
 * purpose). refreshSession is credentialed by its cookie, completeTwoFactorLogin by its token, not a
 * bearer token.
 */
const PUBLIC_OPERATIONS = [
  'health',
  'plans',
  'register',
  'login',
  'beginPasskeySignIn',
  'finishPasskeySignIn',
  'logout',
  'requestPasswordReset',
  'sendContactMessage',
  // The invitation page reads who invites to what before anyone signs in.
  'invitation',
];

let t: TestApp;
let a: TestUser;
let b: TestUser;
let aIds: Ids;
let revokedSecret: string;
let expiredToken: string;

async function seed(user: TestUser): Promise<Ids> {
  const seeded = await seedEveryKindOf(t, user, MARK);
  revokedSecret = seeded.apiTokenSecret;
  return seeded.ids;
}

/** Every row of A's, in every table holding a debtor_id (found in the catalog, so new tables count). */
async function snapshotOf(debtorId: number) {
  const tables = await queryRows<{ table_name: string }>(
    t.deps.dataSource,
    `SELECT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'debtor_id' ORDER BY table_name`,
  );
  const result: Record<string, unknown> = {
    debtor: await queryRows(t.deps.dataSource, 'SELECT * FROM debtor WHERE id = $1', [debtorId]),
  };
  for (const { table_name } of tables) {
    const rows = await queryRows<Record<string, unknown>>(
      t.deps.dataSource,
      `SELECT * FROM ${table_name} WHERE debtor_id = $1`,
      [debtorId],
    );
    // Last use of a token and the time zone seen are bookkeeping, not A's data; so is the day the
    // reminder scan last looked at the account (other test files scan the shared database).
    result[table_name] = rows
      .map((row) => ({ ...row, last_used_at: undefined, last_scan_on: undefined }))
      .map((row) => JSON.stringify(row))
      .sort();
  }
  return result;
}

function operationWithAIds(operation: SchemaOperation) {
  return buildOperation(operation, {
    today: TODAY,
    timeZone: ZONE,
    idFor: (_path, kind) => aIds[kind as IdKind] ?? '1',
  });
}

beforeAll(async () => {
  t = await startFinanceApp();
  a = await newUser(t);
  b = await newUser(t);
  aIds = await seed(a);
  ok(
    await t.gql('mutation($id: ID!) { revokeApiToken(id: $id) }', { id: aIds.apiToken }, { token: a.token }),
  );
  expiredToken = jwt.sign(
    { role: 'USER', iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 1 },
    t.deps.config.jwtSecret,
    { algorithm: 'HS256', issuer: 'truenet', audience: 'truenet-api', subject: String(a.id) },
  );
});
afterAll(() => t.close());

const operations = schemaOperations();
const protectedOperations = operations.filter((operation) => !PUBLIC_OPERATIONS.includes(operation.name));

describe('refused credentials, on every GraphQL operation', () => {
  it('the public operations are exactly the listed ones (anything else needs a credential)', async () => {
    const anonymous: string[] = [];
    for (const operation of operations) {
      const { document, variables } = operationWithAIds(operation);
      const response = await t.gql(document, variables, { headers: { 'x-forwarded-for': '10.9.9.9' } });
      if (errorCode(response) !== 'UNAUTHENTICATED') anonymous.push(operation.name);
    }
    expect(anonymous.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
  });

  it.each(
    protectedOperations.map((operation) => [`${operation.kind} ${operation.name}`, operation] as const),
  )(
    "%s refuses A's revoked API token and A's expired access token, changing nothing",
    async (_label, operation) => {
      const before = await snapshotOf(a.id);
      const { document, variables } = operationWithAIds(operation);
      for (const token of [revokedSecret, expiredToken]) {
        const response = await t.gql(document, variables, { token });
        expect({ code: errorCode(response), data: response.data ?? null }).toEqual({
          code: 'UNAUTHENTICATED',
          data: null,
        });
      }
      expect(await snapshotOf(a.id)).toEqual(before);
    },
  );
});

describe("nothing of A's is read by B", () => {
  it.each(
    operations
      .filter((operation) => operation.kind === 'query')
      .map((operation) => [operation.name, operation] as const),
  )("query %s answers B nothing of A's", async (_name, operation) => {
    const { document } = buildOperation(operation, { today: TODAY, timeZone: ZONE, idFor: () => '1' });
    // Ask for every scalar the answer has, not just __typename.
    const full = document.replace('{ __typename }', `{ ${selectionOf(operation)} }`);
    const response = await t.gql(full, operationWithB(operation), { token: b.token });
    expect(JSON.stringify(response)).not.toContain(MARK);
  });
});

/** B's own variables for a query (B owns no rows here, so ids are B's nothing: a missing id). */
function operationWithB(operation: SchemaOperation) {
  return buildOperation(operation, { today: TODAY, timeZone: ZONE, idFor: () => '999999999' }).variables;
}

/** Every field of the returned type, two levels deep (enough to reach names and ids). */
function selectionOf(operation: SchemaOperation): string {
  return fieldSelection(operation.field.type, 3);
}

function fieldSelection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  return Object.values(named.getFields())
    .filter((field) => field.args.length === 0)
    .map((field) => {
      if (!isObjectType(getNamedType(field.type))) return field.name;
      if (depth <= 1) return '';
      const inner = fieldSelection(field.type, depth - 1);
      return inner ? `${field.name} { ${inner} }` : '';
    })
    .filter(Boolean)
    .join(' ');
}

describe('refused credentials, on every mounted REST path', () => {
  const routes = () =>
    mountedRoutes(createRestRouter(t.deps)).filter((route) => !route.path.includes('webhooks/stripe'));

  it('finds the mounted REST paths (when the REST layer is mounted)', () => {
    // The REST compatibility layer may be absent; when present, the matrix below covers it all.
    expect(Array.isArray(routes())).toBe(true);
  });

  it("every REST path answers A's revoked and expired credentials like no credential, changing nothing", async () => {
    const before = await snapshotOf(a.id);
    const mismatches: string[] = [];
    for (const route of routes()) {
      const path = route.path.replace(/:[A-Za-z0-9_]+/g, aIds.wallet);
      const url = `${t.url}${path}?debtorId=${a.id}&id=${aIds.wallet}&walletId=${aIds.wallet}`;
      const call = async (authorization?: string) => {
        const response = await fetch(url, {
          method: route.method,
          headers: {
            'content-type': 'application/json',
            ...(authorization ? { authorization: `Bearer ${authorization}` } : {}),
          },
          body:
            route.method === 'GET' || route.method === 'DELETE'
              ? undefined
              : JSON.stringify({ debtorId: a.id, id: Number(aIds.wallet) }),
        });
        const text = await response.text();
        return { status: response.status, leaks: text.includes(MARK) };
      };
      const none = await call();
      for (const [label, token] of [
        ['revoked', revokedSecret],
        ['expired', expiredToken],
      ] as const) {
        const answer = await call(token);
        if (answer.leaks || (none.status === 401 && answer.status !== 401))
          mismatches.push(`${route.method} ${route.path} with the ${label} credential: ${answer.status}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await snapshotOf(a.id)).toEqual(before);
  });
});
