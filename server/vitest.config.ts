import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One copy of graphql-js: Node loads its CommonJS build for our dependencies, so the tests must too.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
