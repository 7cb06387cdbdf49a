import { getOperationAST, parse, type OperationTypeNode } from 'graphql';
import { loadTrustedDocuments } from '../graphql/trusted-documents';

/** Test support: the web client's trusted documents, each with its operation's name and kind. */
export interface TrustedOperation {
  name: string;
  kind: OperationTypeNode;
  hash: string;
  /** The document as the server runs it (with the `__typename`s Apollo Client adds). */
  text: string;
}

export const trustedDocuments = loadTrustedDocuments();

export const trustedOperations: readonly TrustedOperation[] = [...trustedDocuments].map(([hash, text]) => {
  const operation = getOperationAST(parse(text));
  if (!operation?.name) throw new Error(`a trusted document without one named operation: ${hash}`);
  return { name: operation.name.value, kind: operation.operation, hash, text };
});

/** The hash of the web client's operation `name`. */
export function trustedHashOf(name: string): string {
  const found = trustedOperations.find((operation) => operation.name === name);
  if (!found) throw new Error(`no trusted document for ${name}`);
  return found.hash;
}
