import { ApolloLink } from '@apollo/client';
import { documentHash, persistedQuery } from '../trustedDocuments';

/** Sends a generated document's hash and leaves its text out of the request. */
export const trustedDocumentLink = new ApolloLink((operation, forward) => {
  const hash = documentHash(operation.query);
  if (hash) {
    Object.assign(operation.extensions, persistedQuery(hash));
    operation.setContext(({ http }: { http?: Record<string, unknown> }) => ({
      http: { ...http, includeQuery: false, includeExtensions: true },
    }));
  }
  return forward(operation);
});
