/**
 * Server tests talk to a real PostgreSQL: TEST_DATABASE_URL when set (CI), otherwise an embedded
 * PGlite served over the wire protocol. globalSetup creates a fresh database per run.
 */
module.exports = {
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: {
    '^.+\\.(ts|js)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
      },
    ],
  },
  // otplib's Base32 and hash helpers (@scure/base, @noble/hashes) ship ES modules only: compiled
  // to CommonJS for Jest, as Node 20 loads them natively in the app (require of ESM).
  // json-schema-faker (the fuzz tests' generator) is one too, and exports only an `import` entry.
  transformIgnorePatterns: ['^(?!.*/node_modules/(@scure|@noble|json-schema-faker)/).*/node_modules/'],
  moduleNameMapper: {
    '^@truenet/core$': '<rootDir>/../core/src/index.ts',
    '^json-schema-faker$': '<rootDir>/../node_modules/json-schema-faker/dist/index.js',
  },
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['<rootDir>/src/test/setup-env.ts'],
  testTimeout: 60000,
  // Two workers; without TEST_DATABASE_URL each has an embedded database of its own, in its own
  // process (src/test/global-setup.ts), since one serializes every query.
  maxWorkers: 2,
};
