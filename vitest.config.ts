import { availableParallelism } from 'node:os';
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
          // Twice as many files at once as there are cores: these files spend most of their time
          // waiting on sockets, databases and timers (on 2 cores, 2 workers kept the CPU 55 %
          // busy). 4 workers on 2 cores: 56.9 s → 40.3 s on SQLite, 69.7 s → 54.5 s on
          // PostgreSQL. (A percentage above 100 % is capped at the number of cores.)
          maxWorkers: 2 * availableParallelism(),
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
