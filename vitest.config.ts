import { configDefaults, defineConfig } from 'vitest/config';
import { compiledMessages } from './client/i18n/compiled-messages-plugin';
import { RUN_ALONE } from './server/test-support/run-alone';

const TEST_FILES = [
  'common/**/*.test.ts',
  'server/**/*.test.ts',
  'client/**/*.test.ts',
  'bench/**/*.test.ts',
];

export default defineConfig({
  // Client modules under test read their message catalogues as the build compiles them.
  plugins: [compiledMessages()],
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Child processes rather than threads: native modules (better-sqlite3, sharp) and process
    // signals behave as in the server.
    pool: 'forks',
    // With TEST_DATABASE_URL set, migrates the PostgreSQL template every test database copies.
    globalSetup: ['server/test-support/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: TEST_FILES,
          exclude: [...configDefaults.exclude, ...RUN_ALONE],
          // As many files at once as there are cores (Vitest leaves one free by default).
          maxWorkers: '100%',
          // A worker runs file after file in one process, so the app's modules are imported
          // once per worker instead of once per file (on 2 cores: 131 s → 76 s for these files).
          // Each file builds its own app, databases and servers and closes them, so nothing a
          // file leaves in module state reaches the next; the files that start processes keep a
          // process each (below).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: [...RUN_ALONE], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
