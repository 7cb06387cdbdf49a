import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { Kind, parse, print, visit, type ASTNode, type DocumentNode, type FieldNode } from 'graphql';
import { REPO_ROOT } from '../config';

/** The web client's documents as graphql-codegen writes them: `sha256:<hex>` → document text. */
export const TRUSTED_DOCUMENTS_FILE = path.join(
  REPO_ROOT,
  'client',
  'src',
  'gql',
  'persisted-documents.json',
);

/**
 * The web client's documents by the SHA-256 (hex) of their text, each parsed at start-up and made
 * what Apollo Client sends in their place: its cache adds `__typename` to every selection set but
 * the operation's own, so the answers carry the type names it normalizes by.
 */
export function loadTrustedDocuments(file = TRUSTED_DOCUMENTS_FILE): ReadonlyMap<string, string> {
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  const documents = new Map<string, string>();
  for (const [key, text] of Object.entries(manifest)) {
    documents.set(key.replace(/^sha256:/, ''), print(withTypenames(parse(text))));
  }
  return documents;
}

const TYPENAME: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

function withTypenames(document: DocumentNode): DocumentNode {
  return visit(document, {
    SelectionSet(node, _key, parent) {
      if ((parent as ASTNode | undefined)?.kind === Kind.OPERATION_DEFINITION) return undefined;
      const named = node.selections.some(
        (selection) => selection.kind === Kind.FIELD && selection.name.value === '__typename',
      );
      return named ? undefined : { ...node, selections: [...node.selections, TYPENAME] };
    },
  });
}

/**
 * Apollo's persisted-query store, read-only: a hash finds one of the web client's documents, and
 * nothing a caller sends is ever registered (Apollo's automatic persisted queries would let any
 * client add documents). Apollo prefixes its keys with 'apq:'.
 */
export function trustedDocumentStore(documents: ReadonlyMap<string, string>) {
  return {
    async get(key: string) {
      return documents.get(key.replace(/^apq:/, ''));
    },
    async set() {},
    async delete() {},
  };
}

/**
 * A browser (signed in or not) runs only the web client's documents: it sends their hash, and a
 * document's text is refused before Apollo parses it. Personal API tokens belong to scripts, which
 * may send any document within the limits (depth, aliases, cost, tokens); a script whose token
 * failed is told that (401) instead. Express middleware, after authentication: an error thrown from
 * an Apollo plugin before parsing would answer 500.
 */
export function trustedDocumentsOnly(documents: ReadonlyMap<string, string>): RequestHandler {
  return (req, res, next) => {
    const params = (req.method === 'GET' ? req.query : req.body) as GraphQLParams | undefined;
    if (params?.query === undefined || req.user?.via === 'api-token') return next();
    // The text of a trusted document with its hash: Apollo checks that the two match.
    const extensions =
      typeof params.extensions === 'string' ? safeJson(params.extensions) : params.extensions;
    const hash = extensions?.persistedQuery?.sha256Hash;
    if (typeof hash === 'string' && documents.has(hash)) return next();
    // A script whose token failed (revoked, mistyped, expired) must fix that, not its document.
    const [status, message, code] = req.authFailure
      ? [401, req.authFailure, 'UNAUTHENTICATED']
      : [400, TEXT_REFUSED, 'TRUSTED_DOCUMENT_REQUIRED'];
    const graphqlResponse = req.accepts(['application/graphql-response+json', 'application/json']);
    res
      .status(status)
      .type(graphqlResponse || 'application/json')
      .send(JSON.stringify({ errors: [{ message, extensions: { code } }] }));
  };
}

const TEXT_REFUSED =
  'This endpoint runs only the TrueNet app’s own operations for a browser session: send the hash of one of them, or use a personal API token to send your own.';

interface GraphQLParams {
  query?: unknown;
  extensions?: { persistedQuery?: { sha256Hash?: unknown } } | string;
}

function safeJson(text: string): { persistedQuery?: { sha256Hash?: unknown } } | undefined {
  try {
    return JSON.parse(text) as { persistedQuery?: { sha256Hash?: unknown } };
  } catch {
    return undefined;
  }
}
