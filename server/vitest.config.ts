import { defineConfig } from 'vitest/config';

export default defineConfig({
  // One copy of graphql-js: Node loads its CommonJS build for our dependencies, so the tests must too.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A file's shared database and app start in beforeAll: slow when three files start at once on a loaded machine.
    hookTimeout: 120_000,
    pool: 'forks',
    // The files mostly wait on databases, sockets and child processes: three at once keep two cores busy (vitest's
    // default on two cores is one at a time). BAKJE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.BAKJE_TEST_WORKERS ?? 3),
  },
});
