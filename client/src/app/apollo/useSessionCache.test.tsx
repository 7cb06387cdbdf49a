import { ApolloClient, InMemoryCache } from '@apollo/client';
import { act, renderHook } from '@testing-library/react';
import { SessionPrefetchListsDocument } from '../../gql/graphql';
import { schemaLink, type RecordedOperation } from '../../kit/testing';
import { sessionStore } from '../session/sessionStore';
import { signInForTest, simulatePageLoad } from '../testing/session';
import { sessionListsWritten, useSessionCache } from './useSessionCache';

const LISTS = { wallets: () => [], incomeSources: () => [], liabilities: () => [] };

function setup() {
  const operations: RecordedOperation[] = [];
  const client = new ApolloClient({ link: schemaLink(LISTS, operations), cache: new InMemoryCache() });
  renderHook(() => useSessionCache(client));
  const asked = () => operations.map((operation) => operation.operationName);
  return { client, asked };
}

/** What the dashboard's own list queries leave in the cache. */
function listsReadByTheFirstScreen(client: ApolloClient) {
  client.writeQuery({
    query: SessionPrefetchListsDocument,
    data: { wallets: [], incomeSources: [], liabilities: [] },
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  simulatePageLoad({ flag: false });
});
afterEach(() => jest.useRealTimers());

describe('the three lists on sign-in', () => {
  it('load a few seconds after sign-in, once the first screen has asked for what it shows', async () => {
    const { asked } = setup();
    act(() => signInForTest());
    await act(async () => {
      jest.advanceTimersByTime(4999);
    });
    expect(asked()).toEqual([]);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(asked()).toEqual(['SessionPrefetchLists']);
  });

  it('cost no request when the first screen already read them', async () => {
    const { client, asked } = setup();
    act(() => signInForTest());
    listsReadByTheFirstScreen(client);
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(asked()).toEqual([]);
  });

  it('are not even read back from the cache once the dashboard’s first screen wrote them', async () => {
    const { client, asked } = setup();
    act(() => signInForTest());
    listsReadByTheFirstScreen(client);
    sessionListsWritten(client);
    const query = jest.spyOn(client, 'query');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(query).not.toHaveBeenCalled();
    expect(asked()).toEqual([]);
  });

  it('are not read back either when the first screen wrote them before the session was watched', async () => {
    const operations: RecordedOperation[] = [];
    const client = new ApolloClient({ link: schemaLink(LISTS, operations), cache: new InMemoryCache() });
    // A slow phone: the page is signed in and the first screen written before this hook's effect.
    act(() => signInForTest());
    listsReadByTheFirstScreen(client);
    sessionListsWritten(client);
    renderHook(() => useSessionCache(client));
    const query = jest.spyOn(client, 'query');
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(query).not.toHaveBeenCalled();
    expect(operations).toEqual([]);
  });

  it('are asked for again for the next person, whatever the last one’s first screen wrote', async () => {
    const { client, asked } = setup();
    act(() => signInForTest());
    sessionListsWritten(client);
    act(() => sessionStore.clear());
    act(() => signInForTest());
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(asked()).toEqual(['SessionPrefetchLists']);
  });

  it('are never asked for once the person signed out before then', async () => {
    const { asked } = setup();
    act(() => signInForTest());
    act(() => sessionStore.clear());
    await act(async () => {
      jest.advanceTimersByTime(5000);
    });
    expect(asked()).toEqual([]);
  });
});
