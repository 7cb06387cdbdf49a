import fc from 'fast-check';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { generateSync } from 'json-schema-faker';
import { accountFingerprint } from '../test/fingerprint';
import { addIncomeSource, addLiability, addWallet, newUser, NOW, ZONE, type TestUser } from '../test/finance';
import { failureOf, FuzzTally } from '../test/fuzz-tally';
import { startTestApp, type TestApp } from '../test/harness';
import { BOOLEANS, DATES, IDS, INTS, LEAKS, MARK, MONEY, STRINGS } from '../test/hostile-values';
import { rest, REST_TEST_ENV, type RestResponse } from '../test/rest';

/**
 * A property-based fuzz of the REST layer from its own contract: every operation of
 * /api/openapi.json, sent requests generated from a fixed seed. Bodies start from the documented
 * request schema (json-schema-faker, seeded by fast-check), with ids drawn from the person's own
 * records, another household's and nobody's; then one property is dropped or replaced by a hostile
 * value, or the whole body is of the wrong shape or not JSON at all. Tokens are the person's,
 * a stranger's, none, or garbage.
 *
 * Every answer must be a status the operation documents (never a 5xx) with a body its schema
 * accepts (ajv); no answer shows another household's records, none of them changes, and the
 * process is healthy at the end.
 */

const SEED = 58;
const RUNS = 30;
const OTHER = 'otherhousehold';

type Json = Record<string, unknown>;
type Auth = 'owner' | 'stranger' | 'none' | 'garbage';

interface Parameter {
  name: string;
  in: 'query' | 'path';
  required?: boolean;
  schema: Json;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Json;
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}

interface Case {
  auth: Auth;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: { json: unknown } | { raw: string };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Values a real client would send for a field, so that generated bodies also reach the 2xx paths. */
const REALISTIC: Record<string, unknown[]> = {
  dueDate: ['2026-11-20', '2026-12-01'],
  nextPmtDate: ['2026-11-13'],
  biMonthlyPayDate: [null, '2026-11-27'],
  payment: [12.5, 1400],
  paymentAmount: [2000],
  amount: [20, 0.01],
  balance: [100, null],
  timeZone: [ZONE, 'UTC'],
  timezone: [ZONE],
  walletName: ['Fuzz wallet'],
  creditorName: ['Fuzz creditor'],
  sourceName: ['Fuzz payroll'],
  creditorUrl: [null, 'example.com'],
  sourceUrl: [null, 'https://example.com/pay'],
  creditorDescription: [null, 'Fuzz note'],
  walletDescription: [null, 'Fuzz note'],
  sourceDesciption: [null, 'Fuzz note'],
  apr: [null, 19.99],
  firstName: ['Zoë'],
  lastName: ["O'Brien"],
  senderName: ['Zoë'],
  email: [`${MARK}@example.com`],
  senderEmail: [`${MARK}@example.com`],
  message: [`Hello from ${MARK}`],
};

/** Ids to aim with: mostly the person's own, then another household's, then nobody's. */
interface Pools {
  people: unknown[];
  records: unknown[];
}

/** The pool a key's ids come from, if the key holds an id. */
function poolOf(key: string, pools: Pools): unknown[] | undefined {
  if (key === 'debtorId' || key === 'uid') return pools.people;
  if (key === 'id' || key === 'walletId') return pools.records;
  return undefined;
}

/** Hostile values, and some shapes fast-check makes up. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...STRINGS, ...MONEY, ...DATES, ...IDS, ...INTS, ...BOOLEANS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constant({ ['__proto__']: { polluted: true } }) },
);

/** Bodies that are not the JSON the operation takes at all. */
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'not json',
  'null',
  '\u0000',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_001)}`,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

let t: TestApp;
let other: TestUser;
let otherIds: number[];
/** A third account: its token may touch neither household. */
let stranger: TestUser;
let operations: Operation[];
let definitions: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
const tally = new FuzzTally('REST contract fuzz');

/** A schema of the document, made self-contained: its references point at `$defs` carried along. */
function standalone(schema: Json): Json {
  return {
    ...(JSON.parse(JSON.stringify(schema).replaceAll('#/components/schemas/', '#/$defs/')) as Json),
    $defs: definitions,
  };
}

function operationsOf(document: { paths: Record<string, Record<string, Json>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => {
        const body = (op.requestBody as { content?: Record<string, { schema: Json }> } | undefined)
          ?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          parameters: (op.parameters as Parameter[] | undefined) ?? [],
          ...(body ? { body: standalone(body) } : {}),
          responses: op.responses as Operation['responses'],
        };
      }),
  );
}

async function seedPerson(prefix: string): Promise<{ person: TestUser; ids: number[] }> {
  const person = await newUser(t);
  const wallet = await addWallet(t, person, `${prefix} savings`, 100);
  const income = await addIncomeSource(t, person, { sourceName: `${prefix} payroll` });
  const bill = await addLiability(t, person, { creditorName: `${prefix} loan` });
  return { person, ids: [person.id, Number(wallet.id), Number(income.id), Number(bill.id)] };
}

/** Draws from fast-check's picks in turn, so a generated body's choices replay from the seed. */
function chooser(picks: number[]): () => number {
  let at = 0;
  return () => picks[at++ % picks.length]!;
}

/** Puts ids of the person's own, of another household's or -1 in a generated body, and real-looking values. */
function withChosenValues(value: unknown, next: () => number, pools: Pools, key = 'uid', depth = 0): unknown {
  if (depth > 6) return value;
  if (Array.isArray(value)) return value.map((item) => withChosenValues(item, next, pools, key, depth + 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([name, inner]) => [
        name,
        withChosenValues(inner, next, pools, name, depth + 1),
      ]),
    );
  const pool = poolOf(key, pools);
  if (pool) {
    const choice = next() % (pool.length + 1);
    return choice === pool.length ? value : pool[choice];
  }
  const realistic = REALISTIC[key];
  if (realistic && next() % 8 !== 0) return realistic[next() % realistic.length];
  return value;
}

function bodyArbitrary(schema: Json, pools: Pools): fc.Arbitrary<Case['body']> {
  const generated = fc
    .record({ seed: fc.nat(), picks: fc.array(fc.nat({ max: 1_000 }), { minLength: 8, maxLength: 8 }) })
    .map(({ seed, picks }) =>
      withChosenValues(
        generateSync(schema, { seed, optionalsProbability: 0.6, maxDepth: 4 }),
        chooser(picks),
        pools,
      ),
    );
  const mutated = fc.tuple(generated, fc.nat(), hostile, fc.boolean()).map(([body, at, value, drop]) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return value;
    const copy = { ...(body as Json) };
    const keys = Object.keys(copy);
    if (keys.length === 0) return { [String(at)]: value };
    const key = keys[at % keys.length]!;
    if (drop) delete copy[key];
    else copy[key] = value;
    return copy;
  });
  return fc.oneof(
    { weight: 4, arbitrary: generated.map((json) => ({ json })) },
    { weight: 4, arbitrary: mutated.map((json) => ({ json })) },
    { weight: 1, arbitrary: hostile.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
  );
}

/** A value for a path or query parameter: an id of someone's, a generated value, or a hostile one. */
function parameterArbitrary(parameter: Parameter, pools: Pools): fc.Arbitrary<unknown> {
  const generated = fc.nat().map((seed) => generateSync(parameter.schema, { seed }));
  const fitsInUrl = hostile.filter((value) => encodeURIComponent(textOf(value)).length < 2_000);
  const realistic = REALISTIC[parameter.name];
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...(realistic ?? poolOf(parameter.name, pools) ?? pools.records)),
    },
    { weight: 1, arbitrary: generated },
    { weight: 2, arbitrary: fitsInUrl },
  );
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function caseArbitrary(operation: Operation, pools: Pools): fc.Arbitrary<Case> {
  const parametersIn = (where: Parameter['in']) => {
    const entries = operation.parameters
      .filter((parameter) => parameter.in === where)
      .map((parameter) => {
        const value = parameterArbitrary(parameter, pools);
        return [parameter.name, where === 'path' ? value : fc.option(value, { nil: undefined })] as const;
      });
    return fc.record(Object.fromEntries(entries) as Record<string, fc.Arbitrary<unknown>>);
  };
  return fc.record({
    auth: fc.constantFrom<Auth>('owner', 'owner', 'owner', 'owner', 'stranger', 'none', 'garbage'),
    path: parametersIn('path'),
    query: parametersIn('query'),
    body: operation.body ? bodyArbitrary(operation.body, pools) : fc.constant(undefined),
  });
}

function urlOf(operation: Operation, c: Case): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_all, name: string) =>
    encodeURIComponent(textOf(c.path[name])),
  );
  const query = Object.entries(c.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(textOf(value))}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

function validatorFor(operation: Operation, status: string, schema: Json): ValidateFunction {
  const key = `${operation.method} ${operation.path} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(standalone(schema));
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with an answer, if anything. */
function problemWith(operation: Operation, response: RestResponse, raw: string): string | undefined {
  const status = String(response.status);
  if (response.status >= 500) return `answered ${status}: ${raw.slice(0, 300)}`;
  const documented = operation.responses[status];
  if (!documented) return `answered ${status}, which the document does not name: ${raw.slice(0, 300)}`;
  if (raw.includes(OTHER)) return `showed another household's records: ${raw.slice(0, 300)}`;
  const content = documented.content ?? {};
  const type = response.headers.get('content-type') ?? '';
  if (content['application/json']) {
    if (!type.includes('json')) return `answered ${status} as ${type}, documented as JSON`;
    const validate = validatorFor(operation, status, content['application/json'].schema);
    if (!validate(response.body))
      return `answered ${status} off its schema: ${ajv.errorsText(validate.errors)}`;
    const message = (response.body as { message?: unknown } | null)?.message;
    if (response.status >= 400 && typeof message === 'string' && LEAKS.test(message))
      return `answered ${status} with an internal message: ${message}`;
  }
  return undefined;
}

beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: REST_TEST_ENV });
  const seeded = await seedPerson(OTHER);
  other = seeded.person;
  otherIds = seeded.ids;
  stranger = await newUser(t);
  const document = (await rest(t, 'GET', '/api/openapi.json')).body as {
    paths: Record<string, Record<string, Json>>;
    components: { schemas: Json };
  };
  definitions = JSON.parse(
    JSON.stringify(document.components.schemas).replaceAll('#/components/schemas/', '#/$defs/'),
  ) as Json;
  operations = operationsOf(document);
}, 60_000);

afterAll(async () => {
  tally.print();
  await t?.close();
});

// The list comes from the served document; a placeholder keeps Jest's table static.
describe('every REST operation of /api/openapi.json, from generated requests', () => {
  it('documents operations to fuzz', () => {
    expect(operations.length).toBeGreaterThan(25);
  });

  it('answers each generated request with a documented status and body, and changes nothing of another household', async () => {
    const findings: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const { person: owner, ids } = await seedPerson('owner');
      const pools: Pools = {
        people: [owner.id, owner.id, owner.id, other.id],
        records: [...ids, ...ids, ...otherIds, -1],
      };
      const tokens: Record<Auth, string | undefined> = {
        owner: owner.token,
        stranger: stranger.token,
        none: undefined,
        garbage: 'not.a.token',
      };
      const before = await accountFingerprint(t.deps.dataSource, other.id, OTHER);
      await fc
        .assert(
          fc.asyncProperty(caseArbitrary(operation, pools), async (c) => {
            const body = c.body && ('raw' in c.body ? { rawBody: c.body.raw } : { body: c.body.json });
            const response = await rest(t, operation.method, urlOf(operation, c), {
              token: tokens[c.auth],
              ...body,
            });
            tally.count(response.status);
            process.stdout.write(
              `${operation.method} ${operation.path} ${c.auth} ${response.status} ${JSON.stringify(response.body).slice(0, 100)}\n`,
            );
            const raw = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
            const problem = problemWith(operation, response, raw ?? '');
            if (problem) throw new Error(`${operation.method} ${operation.path}: ${problem}`);
          }),
          {
            seed: SEED + index,
            numRuns: operation.parameters.length + (operation.body ? 1 : 0) > 0 ? RUNS : 4,
          },
        )
        .catch((error: Error) => findings.push(failureOf(error)));
      if ((await accountFingerprint(t.deps.dataSource, other.id, OTHER)) !== before)
        findings.push(`${operation.method} ${operation.path}: changed another household's records`);
    }
    expect(findings).toEqual([]);
    expect(tally.requests).toBeGreaterThan(operations.length * 4);
  }, 600_000);

  it('is healthy afterwards: ready, and no object prototype polluted', async () => {
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
