import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { of, throwError } from 'rxjs';
import { GraphQLError } from 'graphql';
import { ApiTokensDocument, LoginDocument } from '../../gql/graphql';
import { sessionStore } from '../session/sessionStore';
import { buildAuthPayload, simulatePageLoad } from '../testing/session';
import { authLink } from './createApolloClient';
import { createRefreshRetryLink } from './refreshRetryLink';

const TOKENS = { apiTokens: [] };
const unauthenticated = {
  errors: [new GraphQLError('Token expired', { extensions: { code: 'UNAUTHENTICATED' } })],
};
const forbidden = { errors: [new GraphQLError('Bad token', { extensions: { code: 'FORBIDDEN' } })] };

type Answer = ApolloLink.Result | Error;

/** A client whose server answers each request with the next answer, recording the bearer it saw. */
function setup(answers: Answer[], refreshOutcome: 'ok' | 'fail' = 'ok') {
  const seenAuthorization: (string | undefined)[] = [];
  const refresh = jest.fn(async () => {
    if (refreshOutcome === 'fail') throw new Error('refresh failed');
    sessionStore.signIn(buildAuthPayload({ accessToken: 'fresh-token' }));
    return 'fresh-token';
  });
  const onRefreshFailed = jest.fn();
  const server = new ApolloLink((operation) => {
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    seenAuthorization.push(headers.authorization);
    const answer = answers.shift();
    if (!answer) throw new Error('no more answers');
    return answer instanceof Error ? throwError(() => answer) : of(answer);
  });
  const client = new ApolloClient({
    link: ApolloLink.from([createRefreshRetryLink({ refresh, onRefreshFailed }), authLink, server]),
    cache: new InMemoryCache(),
  });
  return { client, refresh, onRefreshFailed, seenAuthorization };
}

function httpError(status: number): ServerError {
  return new ServerError(`Received status code ${status}`, {
    response: { status, headers: new Map() } as unknown as Response,
    bodyText: 'Unauthorized',
  });
}

beforeEach(() => {
  simulatePageLoad({ flag: false });
  sessionStore.signIn(buildAuthPayload({ accessToken: 'stale-token' }));
});

describe('refresh and retry once', () => {
  it('on an UNAUTHENTICATED answer, refreshes the token once and retries the request once with it', async () => {
    const { client, refresh, seenAuthorization } = setup([unauthenticated, { data: TOKENS }]);
    const { data } = await client.query({ query: ApiTokensDocument });
    expect(data).toEqual(TOKENS);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seenAuthorization).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });

  it('treats FORBIDDEN the same way', async () => {
    const { client, refresh } = setup([forbidden, { data: TOKENS }]);
    await expect(client.query({ query: ApiTokensDocument })).resolves.toMatchObject({ data: TOKENS });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it.each([401, 403])('on HTTP %i, refreshes and retries once', async (status) => {
    const { client, refresh, seenAuthorization } = setup([httpError(status), { data: TOKENS }]);
    await expect(client.query({ query: ApiTokensDocument })).resolves.toMatchObject({ data: TOKENS });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seenAuthorization).toHaveLength(2);
  });

  it('retries only once: a second refusal is passed on', async () => {
    const { client, refresh, seenAuthorization } = setup([unauthenticated, unauthenticated]);
    await expect(client.query({ query: ApiTokensDocument })).rejects.toThrow('Token expired');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(seenAuthorization).toHaveLength(2);
  });

  it('when the refresh fails, ends the session (to /login) and passes the refusal on without retrying', async () => {
    const { client, onRefreshFailed, seenAuthorization } = setup([unauthenticated], 'fail');
    await expect(client.query({ query: ApiTokensDocument })).rejects.toThrow('Token expired');
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(seenAuthorization).toHaveLength(1);
  });

  it('leaves other errors alone', async () => {
    const notFound = { errors: [new GraphQLError('Nope', { extensions: { code: 'NOT_FOUND' } })] };
    const { client, refresh } = setup([notFound]);
    await expect(client.query({ query: ApiTokensDocument })).rejects.toThrow('Nope');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('never refreshes for the login itself (a refusal there means wrong credentials)', async () => {
    const { client, refresh } = setup([unauthenticated]);
    await expect(
      client.mutate({ mutation: LoginDocument, variables: { userName: 'jdoe', userPassword: 'x' } }),
    ).rejects.toThrow('Token expired');
    expect(refresh).not.toHaveBeenCalled();
  });
});
