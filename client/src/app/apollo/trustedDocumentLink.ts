import { ApolloLink } from '@apollo/client';
import { tap } from 'rxjs';
import { noticeOutdatedPage } from '../outdatedPage';
import { documentHash, persistedQuery } from '../trustedDocuments';

/**
 * Sends a generated document's hash and leaves its text out of the request; an answer saying the
 * server does not know the hash means a newer TrueNet is running (the page offers a reload).
 */
export const trustedDocumentLink = new ApolloLink((operation, forward) => {
  const hash = documentHash(operation.query);
  if (hash) {
    Object.assign(operation.extensions, persistedQuery(hash));
    operation.setContext(({ http }: { http?: Record<string, unknown> }) => ({
      http: { ...http, includeQuery: false, includeExtensions: true },
    }));
  }
  return forward(operation).pipe(tap((result) => noticeOutdatedPage(result.errors)));
});
