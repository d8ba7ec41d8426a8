import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'client/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // With TEST_DATABASE_URL set, migrates the PostgreSQL template every test database copies.
    globalSetup: ['server/test-support/global-setup.ts'],
  },
});
