module.exports = {
  displayName: 'client',
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src', '<rootDir>/build'],
  // The build's tests that need Node's own ES modules (Beasties) run under node:test (package.json).
  testPathIgnorePatterns: ['/node_modules/', '\\.test\\.mts$'],
  transform: {
    '^.+\\.(ts|tsx)$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    '^@truenet/core$': '<rootDir>/../core/src/index.ts',
    '\\.(css|scss)$': 'identity-obj-proxy',
    '\\.(png|svg|jpg|webp)$': '<rootDir>/src/test/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/src/test/polyfills.cjs'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  testTimeout: 20000,
};
