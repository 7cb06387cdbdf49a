import fc from 'fast-check';
import {
  getNamedType,
  getOperationAST,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  type OperationDefinitionNode,
  typeFromAST,
  type GraphQLInputType,
} from 'graphql';
import { seedEveryKind } from '../test/every-kind';
import { accountFingerprint } from '../test/fingerprint';
import { newUser, NOW, ok, ZONE, type TestUser } from '../test/finance';
import { failureOf, FuzzTally } from '../test/fuzz-tally';
import { startTestApp, type TestApp } from '../test/harness';
import {
  CODES,
  DATES,
  hostileValuesFor,
  IDS,
  LEAKS,
  MONEY,
  STRINGS,
  TIME_ZONES,
} from '../test/hostile-values';
import { trustedOperations } from '../test/trusted-operations';
import {
  buildOperation,
  idKindOf,
  schema,
  schemaOperations,
  type IdKind,
} from '../modules/analysis/schema-operations';
import { uniqueIp } from '../test/rest';

/**
 * A property-based fuzz of the GraphQL API: every query and mutation of the schema sent as text
 * (as a script would, with a session or an API token), and every trusted document of the web
 * client sent by its hash. Variables are generated from the declared types by fast-check from a
 * fixed seed, sent with the person's session or API token, a stranger's, none or garbage: mostly
 * well-typed values (ids of the person's own records, of another household's
 * records of every kind, and nobody's), now and then a hostile value for the position's type.
 *
 * Every answer is a success or a refusal with one of the API's codes and a message for people,
 * never a 5xx; no answer shows another household's records and none of them changes.
 */

const SEED = 5858;
const RUNS = 10;
const MUTATIONS_PER_PERSON = 6;
const OTHER = 'otherhousehold';

type Auth = 'session' | 'apiToken' | 'stranger' | 'none' | 'garbage';

interface Target {
  label: string;
  kind: 'query' | 'mutation' | 'subscription';
  /** The root field, which tells what an `id` argument points at. */
  field: string;
  /** The document's text, or the hash of a trusted document. */
  send: { query: string } | { hash: string };
  variables: { name: string; type: GraphQLInputType }[];
}

interface Answer {
  status: number;
  text: string;
}

let t: TestApp;
let other: TestUser;
let otherIds: Ids;
/** A third account: its token may touch neither household. */
let stranger: TestUser;
const tally = new FuzzTally('GraphQL fuzz');

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Well-typed values for a position of the declared type, now and then a hostile one. */
function valueOf(type: GraphQLInputType, name: string, idOf: IdOf, depth = 0): fc.Arbitrary<unknown> {
  const typed = typedValueOf(type, name, idOf, depth);
  const hostile = hostileValuesFor(type, name);
  return fc.oneof({ weight: 19, arbitrary: typed }, { weight: 1, arbitrary: fc.constantFrom(...hostile) });
}

function typedValueOf(
  type: GraphQLInputType,
  name: string,
  idOf: IdOf,
  depth: number,
): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return typedValueOf(type.ofType, name, idOf, depth);
  if (isListType(type))
    return fc.array(valueOf(type.ofType as GraphQLInputType, name, idOf, depth + 1), {
      maxLength: depth > 2 ? 0 : 3,
    });
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    return fc.record(
      Object.fromEntries(
        fields.map((field) => [field.name, valueOf(field.type, field.name, idOf, depth + 1)]),
      ),
      { requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name) },
    );
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  if (name === 'timeZone') return fc.constantFrom(ZONE, 'UTC', 'Europe/Paris', ...TIME_ZONES);
  switch (getNamedType(type).name) {
    case 'Money':
      return fc.oneof(
        fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100),
        fc.constantFrom(...MONEY),
      );
    case 'Date':
      return fc.oneof(
        fc
          .date({ min: new Date('2026-01-01'), max: new Date('2027-12-31'), noInvalidDate: true })
          .map(isoDate),
        fc.constantFrom(...DATES),
      );
    case 'ID':
      return idOf(name);
    case 'Int':
      return fc.integer({ min: -5, max: 1_000 });
    case 'Float':
      return fc.double({ noNaN: true, min: -1e6, max: 1e6 });
    case 'Boolean':
      return fc.boolean();
    default:
      return fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...STRINGS));
  }
}

type Ids = Partial<Record<IdKind, string>>;
/** Values for an ID position named `name`. */
type IdOf = (name: string) => fc.Arbitrary<unknown>;

/**
 * Ids for a target's positions: mostly the person's own record of the kind the position points
 * at (so that requests also succeed), then another household's of that kind, then nobody's.
 */
function idsFor(target: Target, own: Ids): IdOf {
  return (name) => {
    const kind = idKindOf(target.field, name);
    const ofKind = (ids: Ids) => (kind ? [ids[kind]] : Object.values(ids)).filter((id): id is string => !!id);
    const mine = ofKind(own);
    const theirs = ofKind(otherIds);
    return fc.oneof(
      ...(mine.length > 0 ? [{ weight: 6, arbitrary: fc.constantFrom(...mine) }] : []),
      ...(theirs.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...theirs) }] : []),
      { weight: 1, arbitrary: fc.constantFrom(...IDS) },
    );
  };
}

/** The first field an operation selects. */
function firstFieldOf(operation: OperationDefinitionNode): string {
  const first = operation.selectionSet.selections[0];
  return first?.kind === Kind.FIELD ? first.name.value : '';
}

const variablesOf = (target: Target, idOf: IdOf) =>
  fc.record(
    Object.fromEntries(
      target.variables.map((variable) => [variable.name, valueOf(variable.type, variable.name, idOf)]),
    ),
  );

/** Every query and mutation of the schema, as a script sends it: its text. */
function schemaTargets(): Target[] {
  return schemaOperations().map((operation) => {
    const { document } = buildOperation(operation, { today: '2026-11-16', timeZone: ZONE, idFor: () => '1' });
    return {
      label: `${operation.kind} ${operation.name} (text)`,
      kind: operation.kind,
      field: operation.name,
      send: { query: document },
      variables: operation.field.args.map((arg) => ({ name: arg.name, type: arg.type })),
    };
  });
}

/** Every document of the web client, as the client sends it: its hash. */
function trustedTargets(): Target[] {
  return trustedOperations.map((operation) => {
    const ast = getOperationAST(parse(operation.text))!;
    return {
      label: `${operation.kind} ${operation.name} (trusted)`,
      kind: operation.kind,
      field: firstFieldOf(ast),
      send: { hash: operation.hash },
      variables: (ast.variableDefinitions ?? []).map((definition) => ({
        name: definition.variable.name.value,
        type: typeFromAST(schema, definition.type) as GraphQLInputType,
      })),
    };
  });
}

async function post(
  target: Target,
  variables: Record<string, unknown>,
  token: string | undefined,
): Promise<Answer> {
  const body =
    'query' in target.send
      ? { query: target.send.query, variables }
      : { variables, extensions: { persistedQuery: { version: 1, sha256Hash: target.send.hash } } };
  const response = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json;q=0.9',
      'x-forwarded-for': uniqueIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

function errorsOf(answer: Answer) {
  return (JSON.parse(answer.text) as { errors?: { message?: string; extensions?: { code?: string } }[] })
    .errors;
}

const codeOf = (answer: Answer) => errorsOf(answer)?.[0]?.extensions?.code;

/** What is wrong with an answer, if anything. */
function problemWith(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.text.includes(OTHER)) return `showed another household's records: ${answer.text.slice(0, 300)}`;
  for (const error of errorsOf(answer) ?? []) {
    const code = error.extensions?.code ?? '';
    if (!CODES.includes(code)) return `answered the code ${code}: ${error.message}`;
    if (!error.message?.trim() || LEAKS.test(error.message))
      return `answered an internal message: ${error.message}`;
  }
  return undefined;
}

async function signedIn(owner: { tokens: Record<Auth, string | undefined> }): Promise<boolean> {
  const me = await t.gql<{ me: { id: string } | null }>('{ me { id } }', {}, { token: owner.tokens.session });
  return Boolean(me.data?.me);
}

async function ownerFor(): Promise<{ tokens: Record<Auth, string | undefined>; ids: Ids }> {
  const owner = await newUser(t);
  const ids = await seedEveryKind(t, owner);
  const apiToken = ok(
    await t.gql<{ createApiToken: { secret: string } }>(
      'mutation { createApiToken(name: "fuzz", scope: READ_WRITE) { secret } }',
      {},
      { token: owner.token },
    ),
  ).createApiToken.secret;
  return {
    tokens: {
      session: owner.token,
      apiToken,
      stranger: stranger.token,
      none: undefined,
      garbage: 'not.a.token',
    },
    ids,
  };
}

beforeAll(async () => {
  t = await startTestApp({ clock: { now: () => NOW }, env: { TRUST_PROXY: 'loopback' } });
  other = await newUser(t);
  // Every record of theirs carries the mark, so that any answer showing one is caught.
  otherIds = await seedEveryKind(t, other, OTHER);
  stranger = await newUser(t);
}, 120_000);

afterAll(async () => {
  tally.print();
  await t?.close();
});

describe.each([
  ['every query and mutation of the schema, sent as text', schemaTargets],
  ['every trusted document of the web client, sent by its hash', trustedTargets],
])('%s', (_title, targetsOf) => {
  it('answers generated variables with data or a clear refusal, and changes nothing of another household', async () => {
    const findings: string[] = [];
    const targets = targetsOf();
    // Queries change nothing, so they share one person; mutations take a fresh one every few
    // targets, and whenever one of them ended the session.
    const reader = await ownerFor();
    let writer = await ownerFor();
    let written = 0;
    for (const [index, target] of targets.entries()) {
      if (target.kind !== 'query' && (++written % MUTATIONS_PER_PERSON === 0 || !(await signedIn(writer))))
        writer = await ownerFor();
      const owner = target.kind === 'query' ? reader : writer;
      const before = await accountFingerprint(t.deps.dataSource, other.id, OTHER);
      const auth = fc.constantFrom<Auth>(
        'session',
        'session',
        'session',
        'apiToken',
        'stranger',
        'none',
        'garbage',
      );
      await fc
        .assert(
          fc.asyncProperty(variablesOf(target, idsFor(target, owner.ids)), auth, async (variables, who) => {
            const answer = await post(target, variables, owner.tokens[who]);
            tally.count(`${answer.status} ${codeOf(answer) ?? 'data'}`);
            const problem = problemWith(answer);
            if (problem) throw new Error(`${target.label}: ${problem}`);
          }),
          { seed: SEED + index, numRuns: target.variables.length > 0 ? RUNS : 2 },
        )
        .catch((error: Error) => findings.push(failureOf(error)));
      if ((await accountFingerprint(t.deps.dataSource, other.id, OTHER)) !== before)
        findings.push(`${target.label}: changed another household's records`);
    }
    expect(findings).toEqual([]);
    expect(targets.length).toBeGreaterThan(20);
  }, 900_000);
});

describe('afterwards', () => {
  it('is ready, and no object prototype is polluted', async () => {
    expect((await fetch(`${t.url}/readyz`)).status).toBe(200);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
