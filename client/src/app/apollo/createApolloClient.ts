import { ApolloClient, ApolloLink, HttpLink } from '@apollo/client';
import { refreshSession } from '../session/authApi';
import { GRAPHQL_PATH } from '../session/graphQLRequest';
import { isOutdatedPage } from '../outdatedPage';
import { endLostSession, sessionStore } from '../session/sessionStore';
import { householdHeader } from '../session/tabHousehold';
import { createLeftHouseholdLink } from './leftHouseholdLink';
import { createRefreshRetryLink } from './refreshRetryLink';
import { createSafeRetryLink } from './safeRetryLink';
import { trustedDocumentLink } from './trustedDocumentLink';
import { createCache } from './cache';

/**
 * Adds the in-memory access token as a bearer token and the household the tab shows, both read at
 * send time (so a retry sees a new token, and a switch's next request the new household).
 */
export const authLink = new ApolloLink((operation, forward) => {
  const token = sessionStore.getAccessToken();
  operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}`, ...householdHeader() } : {}) },
  }));
  return forward(operation);
});

/** The app's client: same-origin `/graphql`, cookies sent for the refresh token. */
export function createApolloClient(): ApolloClient {
  const client: ApolloClient = new ApolloClient({
    link: ApolloLink.from([
      // After the answer that said so is delivered: every screen reads again, for the household
      // the account works in now.
      createLeftHouseholdLink(() => setTimeout(() => void client.resetStore().catch(() => undefined), 0)),
      createRefreshRetryLink({
        refresh: refreshSession,
        // A refresh the server could not run because the page is out of date ends nothing: the
        // session is still good after the reload the page offers.
        onRefreshFailed: () => {
          if (!isOutdatedPage()) endLostSession();
        },
      }),
      // Below the session's refresh, so that each new attempt carries the current access token.
      createSafeRetryLink(),
      authLink,
      trustedDocumentLink,
      new HttpLink({
        uri: GRAPHQL_PATH,
        credentials: 'same-origin',
        // Sends the variables as given, without first walking the whole document to drop any it
        // does not use (a long task for the dashboard's first screen on a phone): the app's
        // documents use every variable they declare, and the server ignores any other.
        includeUnusedVariables: true,
      }),
    ]),
    cache: createCache(),
  });
  return client;
}
