import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'client/src/gql/**',
      'server/src/generated/**',
      'bench/results/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // TypeORM loads the migrations as CommonJS: they share their helpers with require().
    files: ['migrations/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The domain knows no framework, no I/O and no clock: see STYLE.md.
    files: ['core/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '@truenet/server', '@truenet/client'],
              message: 'core/ must not depend on server/ or client/.',
            },
            {
              group: ['fs', 'node:*', 'http', 'https', 'net', 'pg', 'typeorm', 'react', 'express'],
              message: 'core/ is pure: no I/O and no framework.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'core/ reads no clock: take "today" as a parameter.' },
      ],
    },
  },
  {
    // Type-aware checks for promises nobody awaits. JSX attributes may take async handlers (React
    // ignores their result); every other promise is awaited, caught, or marked `void` on purpose.
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'core/src/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['server/tsconfig.test.json', 'client/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // No import cycles in the server or the client (type-only imports carry no code and are allowed).
    files: ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Services, policies and shared input know no transport: the GraphQL and REST layers call them.
    files: [
      'server/src/**/*.service.ts',
      'server/src/policies.ts',
      'server/src/rate-limit.ts',
      'server/src/request-scope.ts',
      'server/src/errors.ts',
      'server/src/input/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/graphql/*', '**/rest/*', '**/generated/*', 'graphql', 'express'],
              message: 'Services know no transport: return rows and throw AppError (errors.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // SQL is called one way in the modules: db/sql.ts's queryRows/queryOne (rows) and execute (none).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/modules/reminders/reminder-queue.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query'][arguments.0.type!='ObjectExpression']",
          message:
            "Call SQL through db/sql.ts: queryRows/queryOne when you read rows, execute when you don't.",
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
