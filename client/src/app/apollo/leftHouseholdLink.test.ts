import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { GraphQLError } from 'graphql';
import { of } from 'rxjs';
import { ApiTokensDocument } from '../../gql/graphql';
import { sessionStore } from '../session/sessionStore';
import { tabHousehold } from '../session/tabHousehold';
import { buildAuthPayload, simulatePageLoad } from '../testing/session';
import { authLink } from './createApolloClient';
import { createLeftHouseholdLink } from './leftHouseholdLink';

const TOKENS = { apiTokens: [] };
const SHARED = '6f1c0c53-0a43-4c39-9d2b-3c8f4d7a2e10';
const notAMember = {
  errors: [
    new GraphQLError('You are no longer a member of this household.', {
      extensions: { code: 'FORBIDDEN', reason: 'NOT_A_MEMBER' },
    }),
  ],
};

/** A client whose server answers with the next answer, recording the household header it saw. */
function setup(answers: ApolloLink.Result[]) {
  const seen: (string | undefined)[] = [];
  const onLeft = jest.fn();
  const server = new ApolloLink((operation) => {
    seen.push((operation.getContext().headers as Record<string, string>)['x-household']);
    return of(answers.shift() as ApolloLink.Result);
  });
  const client = new ApolloClient({
    link: ApolloLink.from([createLeftHouseholdLink(onLeft), authLink, server]),
    cache: new InMemoryCache(),
  });
  return { client, onLeft, seen };
}

beforeEach(() => {
  simulatePageLoad({ flag: false });
  tabHousehold.forget();
  sessionStore.signIn(buildAuthPayload({ accessToken: 'token' }));
});

describe("the tab's household", () => {
  it('is sent with every signed-in request once the tab names one, and never without a session', async () => {
    const { client, seen } = setup([{ data: TOKENS }, { data: TOKENS }, { data: TOKENS }]);
    await client.query({ query: ApiTokensDocument, fetchPolicy: 'network-only' });
    tabHousehold.adopt(SHARED);
    tabHousehold.adopt('another-one');
    await client.query({ query: ApiTokensDocument, fetchPolicy: 'network-only' });
    sessionStore.clear();
    expect(tabHousehold.get()).toBeNull();
    await client.query({ query: ApiTokensDocument, fetchPolicy: 'network-only' });
    expect(seen).toEqual([undefined, SHARED, undefined]);
  });

  it('is forgotten when the server says the person is no longer a member, and every screen reads again', async () => {
    tabHousehold.set(SHARED);
    const { client, onLeft, seen } = setup([notAMember, { data: TOKENS }]);
    const refused = await client.query({ query: ApiTokensDocument, errorPolicy: 'all' });
    expect(refused.error?.message).toContain('You are no longer a member of this household.');
    expect(onLeft).toHaveBeenCalledTimes(1);
    expect(tabHousehold.get()).toBeNull();
    await client.query({ query: ApiTokensDocument, fetchPolicy: 'network-only' });
    expect(seen).toEqual([SHARED, undefined]);
  });

  it('leaves other refusals alone', async () => {
    tabHousehold.set(SHARED);
    const viewer = {
      errors: [
        new GraphQLError('Your role in this household is viewer', { extensions: { code: 'FORBIDDEN' } }),
      ],
    };
    const { client, onLeft } = setup([viewer]);
    await client.query({ query: ApiTokensDocument, errorPolicy: 'all' });
    expect(onLeft).not.toHaveBeenCalled();
    expect(tabHousehold.get()).toBe(SHARED);
  });
});
