import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { freshTestDatabase, type TestDatabase } from '../test-support/test-database';

// The command line as an operator runs it: its own process, the server's settings from the
// environment, on SQLite, or on PostgreSQL when the suite runs there.
let dataDir: string;
let database: TestDatabase | null;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tidings-admin-cli-'));
  database = await freshTestDatabase(inject('testDatabaseTemplate'));
});
afterAll(async () => {
  await database?.release();
  rmSync(dataDir, { recursive: true, force: true });
});

function admin(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/admin.ts', ...args], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://tidings.test',
      LOG_LEVEL: 'silent',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('creates an admin, lists it, and explains a refusal without a stack trace', () => {
  const created = admin(['create-admin', '--email', 'op@example.com', '--handle', 'operator']);
  expect(created.stderr).toBe('');
  expect(created.status).toBe(0);
  expect(created.stdout).toContain('Created @operator, an admin.');
  expect(created.stdout).toMatch(/^https:\/\/tidings\.test\/reset-password#token=[A-Za-z0-9_-]{43}$/m);

  const listed = admin(['list-users']);
  expect(listed.status).toBe(0);
  expect(listed.stdout).toMatch(/^@operator\top@example\.com\tadmin\t/m);

  const missing = admin(['reset-password', '@nobody_here']);
  expect(missing.status).toBe(1);
  expect(missing.stderr).toBe('No account is @nobody_here.\n');

  const misspelt = admin(['list-users', '--serach', 'op']);
  expect(misspelt.status).toBe(1);
  expect(misspelt.stderr).toContain("Unknown option '--serach'");
  expect(misspelt.stderr).not.toContain('    at ');
});

it('stops on a bad setting, naming it, before touching the database', () => {
  const result = admin(['list-users'], { SMTP_URL: 'http://mail.example.com' });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('SMTP_URL must be an smtp://');
});
