import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  overwrite: true,
  schema: 'schema.graphql',
  config: {
    scalars: { Money: 'number', Date: 'string', DateTime: 'string' },
    enumsAsTypes: true,
  },
  generates: {
    'server/src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../graphql/context#GraphQLContext',
        useIndexSignature: true,
        // `Subscription` is an ordinary object type (an account's billing state), not a subscription root.
        mappers: { Subscription: 'Subscription' },
        avoidOptionals: { field: true, inputValue: false },
      },
    },
    'client/src/gql/': {
      preset: 'client',
      documents: ['client/src/**/*.graphql', 'client/src/**/*.tsx', '!client/src/gql/**'],
      presetConfig: {
        fragmentMasking: false,
        // Trusted documents (DESIGN.md §3): the web client sends each document's hash, and the
        // server runs only the documents of persisted-documents.json for browser sessions.
        persistedDocuments: { mode: 'embedHashInDocument', hashAlgorithm: 'sha256' },
      },
    },
  },
};

export default config;
