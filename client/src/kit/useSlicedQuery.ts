import type { ErrorLike, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useSuspenseQuery } from '@apollo/client/react';

/** What a part reads of its query: the answer, or what went wrong. */
export interface SlicedQueryResult<TData> {
  data: TData | undefined;
  error: ErrorLike | undefined;
}

/**
 * A query watched as its part renders, through Apollo Client's suspense cache, rather than as its
 * part's effects run. React runs a commit's effects together, in one task: the dashboard's first
 * screen started its five queries' watches there (each a subscription through Apollo Client's
 * observables), 130 ms and more of a cheap phone's main thread at once. Rendered as a transition,
 * each part starts its watch in a slice of its own, and parts asking for the same query share one.
 *
 * For queries whose variables do not change while the part is mounted, under a Suspense boundary:
 * an answer not yet in the cache (the first screen's request failed, or it was evicted) suspends the
 * part until it comes. Errors are returned, as useQuery returns them, not thrown.
 */
export function useSlicedQuery<TData, TVariables extends OperationVariables = Record<string, never>>(
  query: TypedDocumentNode<TData, TVariables>,
  options: { variables?: TVariables; fetchPolicy?: 'cache-first' | 'cache-and-network' } = {},
): SlicedQueryResult<TData> {
  const { data, error } = useSuspenseQuery(query as TypedDocumentNode<TData, OperationVariables>, {
    ...options,
    errorPolicy: 'all',
  });
  return { data: data as TData | undefined, error };
}
