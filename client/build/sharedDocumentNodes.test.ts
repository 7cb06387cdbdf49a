import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentNode } from 'graphql';
import { documentHash } from '../src/app/trustedDocuments';
import { shareDocumentNodes } from './sharedDocumentNodes';

/** Runs the documents' lines of a graphql.ts as plain JavaScript and answers each document by name. */
function documentsOf(source: string): Record<string, unknown> {
  const lines = source
    .split('\n')
    .filter((line) => /^(export )?const \w+ = /.test(line))
    .map((line) => line.replace(/^export /, '').replace(/ as unknown as .*;$/, ';'));
  const names = lines
    .map((line) => /^const (\w+Document) = /.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
  return new Function(`${lines.join('\n')}\nreturn { ${names.join(', ')} };`)() as Record<string, unknown>;
}

const generated = readFileSync(path.join(__dirname, '..', 'src', 'gql', 'graphql.ts'), 'utf8');

describe('shareDocumentNodes', () => {
  const shared = shareDocumentNodes(generated);

  it('writes every generated document as it was, in far fewer characters', () => {
    const before = documentsOf(generated);
    const after = documentsOf(shared);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    // The same document and the same hash, without the `sha256:` every hash starts with.
    const withoutPrefix = (document: unknown) =>
      JSON.parse(JSON.stringify(document).replace(/"hash":"sha256:/, '"hash":"')) as unknown;
    expect(after).toEqual(
      Object.fromEntries(Object.entries(before).map(([name, d]) => [name, withoutPrefix(d)])),
    );
    expect(shared.length).toBeLessThan(generated.length * 0.7);
  });

  it('names each document by the hash the server holds it under', () => {
    const { DashboardViewerDocument: before } = documentsOf(generated);
    const { DashboardViewerDocument: after } = documentsOf(shared);
    expect(documentHash(after as DocumentNode)).toMatch(/^[0-9a-f]{64}$/);
    expect(documentHash(after as DocumentNode)).toBe(documentHash(before as DocumentNode));
  });

  it('builds a fragment once for all the documents that spread it', () => {
    interface Document {
      definitions: { kind: string; name: { value: string } }[];
    }
    const documents = documentsOf(shared) as Record<string, Document>;
    const { DashboardAnalysisDocument, SavePaidInfoDocument } = documents;
    const analysisView = (document: Document | undefined) =>
      document?.definitions.find((definition) => definition.name.value === 'AnalysisView');
    expect(analysisView(DashboardAnalysisDocument)).toBeDefined();
    expect(analysisView(DashboardAnalysisDocument)).toBe(analysisView(SavePaidInfoDocument));
  });

  it('leaves a file without documents as it is', () => {
    expect(shareDocumentNodes('export type A = { a: string };\n')).toBe('export type A = { a: string };\n');
  });
});
