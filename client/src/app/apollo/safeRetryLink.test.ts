import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { GraphQLError } from 'graphql';
import { of, throwError } from 'rxjs';
import { AddWalletDocument, ApiTokensDocument, UpdateWalletBalanceDocument } from '../../gql/graphql';
import { createSafeRetryLink } from './safeRetryLink';

const TOKENS = { apiTokens: [] };
const WALLET = { updateWalletBalance: { __typename: 'Wallet', id: '7', balance: 12.5, lastUpdate: null } };
const unavailable = {
  errors: [
    new GraphQLError('We could not reach our database just now. Try again in a moment.', {
      extensions: { code: 'UNAVAILABLE' },
    }),
  ],
};
const badInput = {
  errors: [new GraphQLError('Enter an amount', { extensions: { code: 'BAD_USER_INPUT' } })],
};

type Answer = ApolloLink.Result | Error;

/** A client whose server answers each attempt with the next answer, recording the key it saw. */
function setup(answers: Answer[], delays = [0, 0, 0]) {
  const seenKeys: (string | undefined)[] = [];
  const server = new ApolloLink((operation) => {
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    seenKeys.push(headers['idempotency-key']);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer instanceof Error ? throwError(() => answer) : of(answer);
  });
  const client = new ApolloClient({
    link: ApolloLink.from([createSafeRetryLink(delays), server]),
    cache: new InMemoryCache(),
  });
  return { client, seenKeys };
}

const spend = {
  mutation: UpdateWalletBalanceDocument,
  variables: { input: { walletId: '7', transaction: { direction: 'SPENT' as const, amount: 12.5 } } },
};

function gatewayError(status: number): ServerError {
  return new ServerError(`Received status code ${status}`, {
    response: { status, headers: new Map() } as unknown as Response,
    bodyText: 'Service Unavailable',
  });
}

describe('safe retry', () => {
  it('sends a mutation again with the same Idempotency-Key while the database is out of reach', async () => {
    const { client, seenKeys } = setup([unavailable, new TypeError('Failed to fetch'), { data: WALLET }]);
    const { data } = await client.mutate(spend);
    expect(data).toEqual(WALLET);
    expect(seenKeys).toHaveLength(3);
    expect(seenKeys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(seenKeys).size).toBe(1);
  });

  it('gives each mutation its own key', async () => {
    const { client, seenKeys } = setup([{ data: WALLET }, { data: WALLET }]);
    await client.mutate(spend);
    await client.mutate(spend);
    expect(seenKeys[0]).not.toBe(seenKeys[1]);
  });

  it('asks a query again after a gateway error, without a key', async () => {
    const { client, seenKeys } = setup([gatewayError(503), { data: TOKENS }]);
    const { data } = await client.query({ query: ApiTokensDocument });
    expect(data).toEqual(TOKENS);
    expect(seenKeys).toEqual([undefined, undefined]);
  });

  it("waits at least as long as a busy server's Retry-After before asking again", async () => {
    const busy = {
      errors: [
        new GraphQLError('TrueNet is busy with a lot of work right now. Try again in a moment.', {
          extensions: { code: 'UNAVAILABLE', reason: 'BUSY', retryAfterSeconds: 0.05 },
        }),
      ],
    };
    const { client, seenKeys } = setup([busy, { data: TOKENS }]);
    const started = performance.now();
    const { data } = await client.query({ query: ApiTokensDocument });
    expect(data).toEqual(TOKENS);
    expect(seenKeys).toHaveLength(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('passes the last answer on once the attempts are spent', async () => {
    const { client, seenKeys } = setup([unavailable, unavailable, unavailable, unavailable]);
    await expect(client.mutate(spend)).rejects.toThrow('We could not reach our database');
    expect(seenKeys).toHaveLength(4);
  });

  it('leaves a change the server does not apply once to the person', async () => {
    const { client, seenKeys } = setup([unavailable]);
    await expect(
      client.mutate({
        mutation: AddWalletDocument,
        variables: { input: { walletName: 'Cash', balance: 0 } },
      }),
    ).rejects.toThrow('We could not reach our database');
    expect(seenKeys).toEqual([undefined]);
  });

  it('never repeats a request the server refused or a failure that is not a lost answer', async () => {
    const refused = setup([badInput]);
    await expect(refused.client.mutate(spend)).rejects.toThrow('Enter an amount');
    expect(refused.seenKeys).toHaveLength(1);

    const failed = setup([gatewayError(500)]);
    await expect(failed.client.query({ query: ApiTokensDocument })).rejects.toThrow('500');
    expect(failed.seenKeys).toHaveLength(1);
  });
});
