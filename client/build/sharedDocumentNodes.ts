import type { Plugin } from 'vite';
import { bareHash } from '../src/app/trustedDocuments.ts';

/**
 * The generated documents (src/gql/graphql.ts) spell every fragment out again in each document that
 * spreads it, and every `{ id }` field again wherever it is asked for: about 150 KiB of object
 * literals that a phone parses and builds before the dashboard can ask for anything. Written as
 * shared constants instead, each repeated part is built once and referred to wherever it appears.
 *
 * Sharing is safe because nothing changes a document node in place: graphql-js and Apollo Client
 * copy a node to change it (graphql's `visit`), and key their caches by the document object.
 */

/** Parts shorter than this (in JSON) are cheaper written out than named. */
const SHORTEST_SHARED = 40;

const DOCUMENT_LINE = /^(export const \w+ = )(\{.*\})( as unknown as .*;)$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Counts every object and array in `node` by its JSON, innermost first. */
function countParts(node: Json, counts: Map<string, number>): void {
  if (node === null || typeof node !== 'object') return;
  for (const child of Array.isArray(node) ? node : Object.values(node)) countParts(child, counts);
  const json = JSON.stringify(node);
  counts.set(json, (counts.get(json) ?? 0) + 1);
}

/** A document with its `__meta__.hash` bare (bareHash): a hundred documents carry the prefix. */
function withBareHash(node: Json): Json {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const meta = node['__meta__'];
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta) || typeof meta['hash'] !== 'string')
    return node;
  return { ...node, __meta__: { ...meta, hash: bareHash(meta['hash']) } };
}

/**
 * `graphql.ts` with each repeated part of its documents declared once, as a `const` ahead of the
 * documents, and referred to by name in them. Anything else in the file is left as it is.
 */
export function shareDocumentNodes(source: string): string {
  const lines = source.split('\n');
  const documents = new Map<number, { head: string; node: Json; tail: string }>();
  const counts = new Map<string, number>();
  lines.forEach((line, index) => {
    const [, head, literal, tail] = DOCUMENT_LINE.exec(line) ?? [];
    if (head === undefined || literal === undefined || tail === undefined) return;
    const node = withBareHash(JSON.parse(literal) as Json);
    documents.set(index, { head, node, tail });
    countParts(node, counts);
  });
  if (documents.size === 0) return source;

  const names = new Map<string, string>();
  const declarations: string[] = [];
  const write = (node: Json): string => {
    if (node === null || typeof node !== 'object') return JSON.stringify(node);
    const json = JSON.stringify(node);
    const known = names.get(json);
    if (known) return known;
    const code = Array.isArray(node)
      ? `[${node.map(write).join(',')}]`
      : `{${Object.entries(node)
          .map(([key, value]) => `${JSON.stringify(key)}:${write(value)}`)
          .join(',')}}`;
    if ((counts.get(json) ?? 0) < 2 || json.length < SHORTEST_SHARED) return code;
    const name = `_d${names.size.toString(36)}`;
    names.set(json, name);
    declarations.push(`const ${name} = ${code};`);
    return name;
  };

  const out: string[] = [];
  lines.forEach((line, index) => {
    const document = documents.get(index);
    if (!document) {
      out.push(line);
      return;
    }
    const body = write(document.node);
    out.push(...declarations.splice(0));
    out.push(`${document.head}${body}${document.tail}`);
  });
  return out.join('\n');
}

/** The build's step that writes `src/gql/graphql.ts` with its repeated parts shared. */
export function sharedDocumentNodes(): Plugin {
  return {
    name: 'truenet-shared-document-nodes',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/src/gql/graphql.ts')) return null;
      return { code: shareDocumentNodes(code), map: null };
    },
  };
}
