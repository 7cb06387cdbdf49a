import type { ApolloClient } from '@apollo/client';
import { sessionStore } from '../session/sessionStore';
import { forgetEarlyFrame } from '../../features/dashboard/earlyFrameOnPage';

function signedInUser(): number {
  return sessionStore.getState().auth?.uid ?? 0;
}

/**
 * Empties the client's cache as soon as the signed-in account signs out or another one signs in,
 * whatever screen is shown: a screen that reads the cache first (the dashboard's first screen) must
 * never find the previous person's data there, nor the dashboard's frame the numbers index.html's
 * head script drew for them (earlyFrameOnPage.ts). Answers the unsubscribe.
 */
export function forgetPreviousUsers(client: ApolloClient): () => void {
  let user = signedInUser();
  return sessionStore.subscribe(() => {
    const next = signedInUser();
    if (next === user) return;
    const previous = user;
    user = next;
    if (previous > 0) {
      forgetEarlyFrame();
      void client.clearStore().catch(() => undefined);
    }
  });
}
