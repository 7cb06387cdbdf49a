import { InMemoryCache } from '@apollo/client';
import { Kind, parse, print, type OperationDefinitionNode } from 'graphql';
import { rootSelectionParts, writeInParts } from './writeInParts';

const document = parse(`
  query Screen($zone: String) {
    me { ...Person }
    wallets { id name }
    ...Lists
  }
  fragment Person on Person { id name friend { ...Friend } }
  fragment Friend on Person { id name }
  fragment Lists on Query { bills(zone: $zone) { id amount } }
  fragment Unused on Person { id }
`);

const data = {
  me: { __typename: 'Person', id: '1', name: 'Pat', friend: { __typename: 'Person', id: '2', name: 'Sam' } },
  wallets: [{ __typename: 'Wallet', id: 'w1', name: 'Checking' }],
  bills: [{ __typename: 'Bill', id: 'b1', amount: 1250 }],
};

describe('rootSelectionParts', () => {
  it('cuts a query into one per root selection, each with only the fragments it uses', () => {
    const parts = rootSelectionParts(document);
    const summary = parts.map((part) =>
      part.definitions.map((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION
          ? print((definition as OperationDefinitionNode).selectionSet)
          : `fragment ${definition.kind === Kind.FRAGMENT_DEFINITION ? definition.name.value : ''}`,
      ),
    );
    expect(summary).toEqual([
      ['{\n  me {\n    ...Person\n  }\n}', 'fragment Person', 'fragment Friend'],
      ['{\n  wallets {\n    id\n    name\n  }\n}'],
      ['{\n  ...Lists\n}', 'fragment Lists'],
    ]);
    // Made once per document.
    expect(rootSelectionParts(document)).toBe(parts);
  });
});

describe('writeInParts', () => {
  it('writes the whole answer, and tells a watcher once, after the last part', async () => {
    const cache = new InMemoryCache();
    const variables = { zone: 'America/Chicago' };
    const seen: unknown[] = [];
    cache.watch({
      query: document,
      variables,
      optimistic: true,
      callback: (diff) => seen.push(diff.complete ? diff.result : 'incomplete'),
    });
    await writeInParts(cache, document, variables, data);
    expect(cache.readQuery({ query: document, variables })).toEqual(data);
    expect(seen).toEqual([data]);
  });

  it('writes each part in a task of its own', async () => {
    const cache = new InMemoryCache();
    const writing = writeInParts(cache, document, { zone: null }, data);
    // The first part is written at once, the rest after the browser has had a turn.
    expect(cache.extract().ROOT_QUERY).toEqual({ __typename: 'Query', me: { __ref: 'Person:1' } });
    await writing;
    expect(Object.keys(cache.extract().ROOT_QUERY ?? {})).toEqual([
      '__typename',
      'me',
      'wallets',
      'bills({"zone":null})',
    ]);
  });
});
