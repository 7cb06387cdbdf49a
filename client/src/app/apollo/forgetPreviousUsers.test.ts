import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { SessionPrefetchListsDocument } from '../../gql/graphql';
import { sessionStore } from '../session/sessionStore';
import { signInForTest, simulatePageLoad } from '../testing/session';
import { forgetPreviousUsers } from './forgetPreviousUsers';

function clientWithLists() {
  const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
  client.writeQuery({
    query: SessionPrefetchListsDocument,
    data: { wallets: [], incomeSources: [], liabilities: [] },
  });
  return client;
}

const lists = (client: ApolloClient) => client.readQuery({ query: SessionPrefetchListsDocument });

beforeEach(() => simulatePageLoad({ flag: false }));

describe("another person's data in this tab", () => {
  it('is emptied from the cache when the person signs out, with no screen mounted', async () => {
    signInForTest({ uid: 7 });
    const client = clientWithLists();
    const stop = forgetPreviousUsers(client);
    sessionStore.clear();
    await Promise.resolve();
    expect(lists(client)).toBeNull();
    stop();
  });

  it('is emptied when another account signs in without a sign-out in between', async () => {
    signInForTest({ uid: 7 });
    const client = clientWithLists();
    const stop = forgetPreviousUsers(client);
    signInForTest({ uid: 8 });
    await Promise.resolve();
    expect(lists(client)).toBeNull();
    stop();
  });

  it("stays while the same person's session is renewed", async () => {
    signInForTest({ uid: 7 });
    const client = clientWithLists();
    const stop = forgetPreviousUsers(client);
    signInForTest({ uid: 7 });
    await Promise.resolve();
    expect(lists(client)).not.toBeNull();
    stop();
  });
});
