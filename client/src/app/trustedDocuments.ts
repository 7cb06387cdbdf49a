import type { DocumentNode } from 'graphql';

/**
 * Trusted documents (docs/product-rules.md §11): the web client sends the SHA-256 graphql-codegen gave each of
 * its documents (`__meta__.hash`) instead of their text, and the server runs the document it holds
 * under that hash. Null for a document that was not generated.
 */
export function documentHash(document: DocumentNode): string | null {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' ? bareHash(hash) : null;
}

/**
 * A hash as graphql-codegen writes it (`sha256:<hex>`) without the algorithm's name, as the server
 * holds its documents; the build writes the documents' hashes so (build/sharedDocumentNodes.ts).
 */
export function bareHash(hash: string): string {
  return hash.replace(/^sha256:/, '');
}

/** The `extensions` that name a trusted document (Apollo's persisted-query format). */
export function persistedQuery(sha256Hash: string) {
  return { persistedQuery: { version: 1, sha256Hash } };
}

/** The name of a document's operation, sent beside its hash so that logs and proxies can read it. */
export function operationName(document: DocumentNode): string | undefined {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') return definition.name?.value;
  }
  return undefined;
}
