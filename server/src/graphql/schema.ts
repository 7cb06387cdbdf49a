import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, visit, type DocumentNode } from 'graphql';
import { REPO_ROOT } from '../config';

/**
 * A copy of `text` that V8 keeps at one byte per character (lossless for Latin-1 text). V8 keeps a
 * string two bytes wide when any character of the text it was cut from is beyond Latin-1, even
 * when its own characters are all ASCII.
 */
export function oneByteCopy(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/**
 * schema.graphql at the repository root is the single source of truth, parsed once here.
 *
 * Its names are copied one byte wide. The file's descriptions hold characters beyond Latin-1 (an
 * arrow, say), so V8 reads the whole text two bytes wide, and every name cut from it would be too:
 * the keys and type names of every GraphQL answer, and then the JSON text of every answer, twice
 * its size in memory (about 45 KB more garbage per dashboard analysis, bench/README.md). Names are
 * ASCII by GraphQL's grammar.
 */
export const schemaDocument: DocumentNode = visit(
  parse(readFileSync(path.join(REPO_ROOT, 'schema.graphql'), 'utf8')),
  { Name: (node) => ({ ...node, value: oneByteCopy(node.value) }) },
);
