import type { ApolloClient } from '@apollo/client';
import { useEffect } from 'react';
import { SessionPrefetchListsDocument } from '../../gql/graphql';
import { sessionStore } from '../session/sessionStore';

/**
 * How long after sign-in the three lists are made sure of: by then the dashboard, which reads them
 * itself, has them in the cache, so the prefetch asks for nothing; elsewhere it fills the cache for
 * the dashboard's tabs.
 */
const PREFETCH_DELAY_MS = 5000;

/** Clients whose cache the dashboard's first screen filled with the three lists, for this session. */
const listsWritten = new WeakSet<ApolloClient>();

/**
 * Says the three lists are in `client`'s cache (the dashboard's first screen asks for them): the
 * prefetch then does nothing at all. Read back from the cache, they cost a cheap phone a task of
 * about a hundred milliseconds, a few seconds after the dashboard was drawn, for nothing.
 */
export function sessionListsWritten(client: ApolloClient): void {
  listsWritten.add(client);
}

/**
 * On sign-in the three lists load (the product specification), from the cache when the first
 * screen already read them. (The cache is emptied on sign-out by forgetPreviousUsers, with the
 * client, whatever screen is shown.)
 */
export function useSessionCache(client: ApolloClient): void {
  useEffect(() => {
    let uid = 0;
    let prefetch: ReturnType<typeof setTimeout> | undefined;
    const sync = () => {
      const next = sessionStore.getState().auth?.uid ?? 0;
      if (next === uid) return;
      // After another person's session, whatever the first screen wrote was theirs. Not at the
      // first sign-in: on a slow phone the dashboard's first screen can be written before this
      // effect runs, and the lists it wrote are this person's.
      if (uid !== 0) listsWritten.delete(client);
      uid = next;
      clearTimeout(prefetch);
      if (next > 0) {
        prefetch = setTimeout(() => {
          if (listsWritten.has(client)) return;
          client.query({ query: SessionPrefetchListsDocument, fetchPolicy: 'cache-first' }).catch(() => {
            // The dashboard reports its own load errors; a prefetch failure only costs a round trip.
          });
        }, PREFETCH_DELAY_MS);
      }
    };
    sync();
    const unsubscribe = sessionStore.subscribe(sync);
    return () => {
      clearTimeout(prefetch);
      unsubscribe();
    };
  }, [client]);
}
