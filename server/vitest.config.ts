import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that start real server processes and wait for them (kill -9 and restart cycles, the CLI, start-up) run
 * first: they are long, and started last they would run on alone after the others have finished
 * (docs/decisions/0076-test-time.md). The rest keep vitest's order (longest or largest first).
 */
const PROCESS_FILES = /\/test\/(data-dir-lock|processes|cli|start-deadline|start-output|start-wrapper|pglite-cluster)\.test\.ts$/;

class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((file) => PROCESS_FILES.test(file.moduleId)), ...sorted.filter((file) => !PROCESS_FILES.test(file.moduleId))];
  }
}

export default defineConfig({
  // One copy of graphql-js: Node loads its CommonJS build for our dependencies, so the tests must too.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    // A file's shared database and app start in beforeAll: slow when three files start at once on a loaded machine.
    hookTimeout: 120_000,
    pool: 'forks',
    // Each worker imports the server's modules once for all its files instead of once per file: a quarter less
    // CPU (docs/decisions/0079-one-typed-pass.md). No test mocks modules or changes process.env; each file builds
    // its own app and databases.
    isolate: false,
    // The files mostly wait on databases, sockets and child processes: three at once keep two cores busy (vitest's
    // default on two cores is one at a time). BAKJE_TEST_WORKERS overrides it.
    maxWorkers: Number(process.env.BAKJE_TEST_WORKERS ?? 3),
    sequence: { sequencer: ProcessFilesFirst },
  },
});
