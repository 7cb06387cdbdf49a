import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GRAPHQL_PATH, refreshSession } from '../session/authApi';
import { isOutdatedPage } from '../outdatedPage';
import { endLostSession, sessionStore } from '../session/sessionStore';
import { createRefreshRetryLink } from './refreshRetryLink';
import { trustedDocumentLink } from './trustedDocumentLink';

/** Adds the in-memory access token as a bearer token, read at send time (so a retry sees a new one). */
export const authLink = new ApolloLink((operation, forward) => {
  const token = sessionStore.getAccessToken();
  operation.setContext(({ headers }: { headers?: Record<string, string> }) => ({
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }));
  return forward(operation);
});

/** The app's client: same-origin `/graphql`, cookies sent for the refresh token. */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: ApolloLink.from([
      createRefreshRetryLink({
        refresh: refreshSession,
        // A refresh the server could not run because the page is out of date ends nothing: the
        // session is still good after the reload the page offers.
        onRefreshFailed: () => {
          if (!isOutdatedPage()) endLostSession();
        },
      }),
      authLink,
      trustedDocumentLink,
      new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' }),
    ]),
    cache: new InMemoryCache(),
  });
}
