import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { Kind, type DocumentNode } from 'graphql';
import * as generated from '../../gql/graphql';
import manifest from '../../gql/persisted-documents.json';
import { render, screen } from '@testing-library/react';
import { OutdatedPageNotice } from '../../components/OutdatedPageNotice';
import { resetOutdatedPage } from '../outdatedPage';
import { documentHash } from '../trustedDocuments';
import { OUTDATED_PAGE, toSaveError } from './errors';
import { trustedDocumentLink } from './trustedDocumentLink';

const documents = Object.entries(generated).filter(
  (entry): entry is [string, DocumentNode] => entry[0].endsWith('Document') && typeof entry[1] === 'object',
);
const trusted = manifest as Record<string, string>;

describe('trusted documents', () => {
  it.each(documents)('%s is in the manifest the server runs', (_name, document) => {
    const hash = documentHash(document);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const operation = document.definitions.find(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    expect(trusted[`sha256:${hash}`]).toContain(` ${operation?.name?.value ?? ''}`);
  });

  it('sends the hash of a query through Apollo Client, not its text', async () => {
    const bodies: Record<string, unknown>[] = [];
    const fetchMock = jest.fn(async (_uri: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
      const answer = JSON.stringify({ data: { __typename: 'Mutation', logout: true } });
      // jsdom has no fetch Response: the parts of one HttpLink reads.
      return {
        ok: true,
        status: 200,
        headers: new Headers({ 'content-type': 'application/json' }),
        text: async () => answer,
        json: async () => JSON.parse(answer) as unknown,
      } as unknown as Response;
    });
    const client = new ApolloClient({
      link: ApolloLink.from([trustedDocumentLink, new HttpLink({ uri: '/graphql', fetch: fetchMock })]),
      cache: new InMemoryCache(),
    });
    const { data } = await client.mutate({ mutation: generated.LogoutDocument });
    expect(data?.logout).toBe(true);
    expect(bodies).toEqual([
      {
        operationName: 'Logout',
        variables: {},
        extensions: expect.objectContaining({
          persistedQuery: { version: 1, sha256Hash: documentHash(generated.LogoutDocument) },
        }) as unknown,
      },
    ]);
    expect(bodies[0]).not.toHaveProperty('query');
  });
});

describe('a page older than the running server', () => {
  afterEach(resetOutdatedPage);

  it('learns it from the answer to an unknown hash and offers a reload; the failure reads for people', async () => {
    // The body Apollo Server sends for a hash it does not hold (status 200, as it answers it).
    const answer = JSON.stringify({
      errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
    });
    const fetchMock = jest.fn(
      async () =>
        ({
          ok: true,
          status: 200,
          headers: new Headers({ 'content-type': 'application/json' }),
          text: async () => answer,
          json: async () => JSON.parse(answer) as unknown,
        }) as unknown as Response,
    );
    const client = new ApolloClient({
      link: ApolloLink.from([trustedDocumentLink, new HttpLink({ uri: '/graphql', fetch: fetchMock })]),
      cache: new InMemoryCache(),
    });
    render(<OutdatedPageNotice />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const failure = await client
      .mutate({ mutation: generated.LogoutDocument })
      .catch((error: unknown) => error);
    expect(toSaveError(failure).detail).toBe(OUTDATED_PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent('TrueNet has been updated.');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});
