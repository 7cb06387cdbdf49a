import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type {
  LogoutMutation,
  LogoutMutationVariables,
  RefreshSessionMutation,
  RefreshSessionMutationVariables,
} from '../../gql/graphql';

/**
 * The two documents the session sends before Apollo loads (the silent refresh and logout), as
 * trusted documents need them: a hash and an operation name. Importing the generated module instead
 * would put every document of the app (about 10 KiB gz) into the application's entry. The hashes are
 * graphql-codegen's; sessionDocuments.test.ts fails when they drift from the generated ones (then
 * copy the new hash here).
 */
function trustedDocument<TData, TVariables>(
  name: string,
  hash: string,
): TypedDocumentNode<TData, TVariables> {
  return {
    __meta__: { hash },
    kind: 'Document',
    definitions: [
      {
        kind: 'OperationDefinition',
        operation: 'mutation',
        name: { kind: 'Name', value: name },
        selectionSet: { kind: 'SelectionSet', selections: [] },
      },
    ],
  } as unknown as TypedDocumentNode<TData, TVariables>;
}

export const RefreshSessionDocument = trustedDocument<
  RefreshSessionMutation,
  RefreshSessionMutationVariables
>('RefreshSession', 'sha256:07fda23c7630fa2cba5d02dc58b9eac50344cf495a389f59eb1c6b43d96e88dd');

export const LogoutDocument = trustedDocument<LogoutMutation, LogoutMutationVariables>(
  'Logout',
  'sha256:cb1d14c1cc99a25294cfa4376de2402364cb32e6c038a11fb36cf0ebb3a5ce91',
);
