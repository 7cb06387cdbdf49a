import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { makeExecutableSchema } from '@graphql-tools/schema';
import {
  getOperationAST,
  GraphQLError,
  parse,
  type DocumentNode,
  type ExecutionResult,
  type OperationDefinitionNode,
} from 'graphql';
import { AppError } from '../errors';
import type { TestApp } from '../test/harness';
import { trustedOperations } from '../test/trusted-operations';
import {
  addIncomeSource,
  addLiability,
  addWallet,
  newUser,
  settleLiability,
  invitationToken,
  startFinanceApp,
  TODAY,
  ZONE,
} from '../test/finance';
import { compiledExecution } from './compiled-execution';
import { resolvers } from './resolvers';
import { schemaDocument } from './schema';

/** The executor as Apollo calls it: a parsed, validated document and its resolved operation. */
function runner() {
  const execution = compiledExecution(
    makeExecutableSchema({ typeDefs: schemaDocument, resolvers: resolvers as never }),
  );
  let executor: ((context: GatewayGraphQLRequestContext) => Promise<ExecutionResult>) | undefined;
  const loaded = execution.load({ apollo: {} as never }).then(({ executor: loadedExecutor }) => {
    executor = loadedExecutor as never;
  });
  return {
    execution,
    async run(document: DocumentNode, variables: Record<string, unknown> = {}) {
      await loaded;
      const operation = getOperationAST(document) as OperationDefinitionNode;
      return executor!({
        document,
        operation,
        operationName: operation.name?.value ?? null,
        request: { variables },
        context: { user: null, authFailure: undefined, cache: new Map() },
      } as unknown as GatewayGraphQLRequestContext);
    },
  };
}

describe('compiled execution (graphql-jit)', () => {
  it('compiles a query the second time it runs, and only once', async () => {
    const { execution, run } = runner();
    const document = parse('{ health }');
    expect(await run(document)).toEqual({ data: { health: 'ok' } });
    expect(execution.compilations).toBe(0);
    expect(await run(document)).toEqual({ data: { health: 'ok' } });
    expect(await run(document)).toEqual({ data: { health: 'ok' } });
    expect(execution.compilations).toBe(1);
    // Another parse is another document: a one-off costs no compilation.
    await run(parse('{ health }'));
    expect(execution.compilations).toBe(1);
  });

  it('leaves mutations to graphql-js (it stops at the first root field that fails; graphql-jit would not)', async () => {
    const { execution, run } = runner();
    const document = parse('mutation { a: logout b: logout }');
    const first = await run(document);
    const second = await run(document);
    expect(execution.compilations).toBe(0);
    expect(second).toEqual(first);
  });

  it("answers a resolver's error as graphql-js would, as an error plugins may reword", async () => {
    const { run } = runner();
    const document = parse('query Me { me { id } }');
    const interpreted = await run(document);
    const compiled = await run(document);
    const error = compiled.errors![0]!;
    expect(error).toBeInstanceOf(GraphQLError);
    expect(error.originalError).toBeInstanceOf(AppError);
    expect(error.toJSON()).toEqual(interpreted.errors![0]!.toJSON());
    expect(compiled.data).toEqual(interpreted.data);
    // graphql-armor masks field suggestions by assigning to the message.
    expect(() => Object.assign(error, { message: 'reworded' })).not.toThrow();
  });

  it("answers variables that do not coerce with graphql-js's own errors, nothing run", async () => {
    const { execution, run } = runner();
    const document = parse('query F($days: Int) { balanceForecast(days: $days) { lowestBalance } }');
    const interpreted = await run(document, { days: 'ninety' });
    const compiled = await run(document, { days: 'ninety' });
    expect(execution.compilations).toBe(1);
    expect(compiled.data).toBeUndefined();
    expect(compiled.errors!.map((error) => error.toJSON())).toEqual(
      interpreted.errors!.map((error) => error.toJSON()),
    );
    expect(compiled.errors![0]!.nodes?.[0]?.kind).toBe('VariableDefinition');
  });
});

/**
 * Every query the web client sends answers the same, field for field, whether graphql-js
 * interprets it (its first run) or graphql-jit runs it compiled (every run after).
 */
describe('the web client’s queries, compiled', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startFinanceApp();
  });
  afterAll(() => t.close());

  // As the server runs them: with the __typename fields Apollo Client adds.
  const queries = trustedOperations
    .filter((operation) => operation.kind === 'query')
    .map(({ name, text }) => [name, text] as const);

  it('are all found', () => {
    expect(queries.length).toBeGreaterThan(15);
  });

  it.each(queries)('%s answers the same compiled', async (_name, query) => {
    const user = await newUser(t);
    const wallet = await addWallet(t, user, 'Checking', 2400);
    await addIncomeSource(t, user);
    const rent = await addLiability(t, user);
    await addLiability(t, user, {
      creditorName: 'Visa',
      debtType: 'CREDIT_CARD',
      payment: 75.5,
      balance: 1200,
      apr: 19.99,
    });
    await settleLiability(t, user, wallet.id, rent.id);
    // Variables an operation does not declare are ignored: one set serves every query.
    const variables = {
      walletId: wallet.id,
      liabilityId: rent.id,
      timeZone: ZONE,
      whatIf: [{ date: TODAY, amount: 120, description: 'Shoes' }],
      strategy: 'AVALANCHE',
      extraPayment: 100,
      from: '2026-10-01',
      to: TODAY,
      months: 12,
      periods: 12,
      token: await invitationToken(t, user),
    };
    const answers = [];
    for (let run = 0; run < 3; run++) {
      // The answer, not its transport: the Date header changes whenever two runs straddle a second.
      const { status, data, errors } = await t.gql(query, variables, { token: user.token });
      answers.push({ status, data, errors });
    }
    expect(answers[0]!.errors).toBeUndefined();
    expect(answers[0]!.data).toBeDefined();
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});
