import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { SessionPrefetchListsDocument } from '../../gql/graphql';
import { sessionStore } from '../session/sessionStore';
import { signInForTest, simulatePageLoad } from '../testing/session';
import { forgetPreviousUsers } from './forgetPreviousUsers';
import { currentEarlyFrame, EARLY_FRAME_KEY } from '../../features/dashboard/earlyFrameOnPage';

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

/** A client holding the lists of account `uid`, watched from then on; then `next` happens. */
async function listsAfter(uid: number, next: () => void) {
  signInForTest({ uid });
  const client = clientWithLists();
  const stop = forgetPreviousUsers(client);
  next();
  await Promise.resolve();
  stop();
  return lists(client);
}

describe("another person's data in this tab", () => {
  it('is emptied from the cache when the person signs out, with no screen mounted', async () => {
    expect(await listsAfter(7, () => sessionStore.clear())).toBeNull();
  });

  it('is emptied when another account signs in without a sign-out in between', async () => {
    expect(await listsAfter(7, () => signInForTest({ uid: 8 }))).toBeNull();
  });

  it("stays while the same person's session is renewed", async () => {
    expect(await listsAfter(7, () => signInForTest({ uid: 7 }))).not.toBeNull();
  });

  it("drops the numbers index.html's boot script drew for the person who signed out", async () => {
    Object.assign(window, {
      [EARLY_FRAME_KEY]: { name: 'Ada', hero: '<section></section>', drawnAt: Date.now() },
    });
    await listsAfter(7, () => sessionStore.clear());
    expect(currentEarlyFrame()).toBeNull();
  });
});
