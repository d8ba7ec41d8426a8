// The app as the browser tests see it: the production build on a fresh DATA_DIR, loopback only.
// With TEST_DATABASE_URL set it runs on a fresh PostgreSQL database of its own, dropped on exit.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { root, serverNodeFlags } from './lib.mjs';

const dataDir = join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });

const serverUrl = process.env.TEST_DATABASE_URL || null;
const databaseName = `tidings_t_e2e_${randomBytes(6).toString('hex')}`;

async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseUrl() {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}

if (serverUrl) await onServer(`create database "${databaseName}"`);
const dropDatabase = () =>
  serverUrl ? onServer(`drop database if exists "${databaseName}" with (force)`) : Promise.resolve();

const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(serverUrl ? { DATABASE_URL: databaseUrl() } : {}),
    LOG_LEVEL: 'warn',
    // Every answer is checked against the route table, as in the API tests: a mismatch answers 500.
    CHECK_ANSWERS: 'true',
    TRUST_PROXY: 'true',
    // Test pages for link previews are served on loopback; never set this outside tests.
    UNSAFE_PREVIEW_ALLOWED_ADDRESSES: '127.0.0.1',
    // Links typed in tests (example.com…) must not send DNS queries off this machine.
    UNSAFE_PREVIEW_OFFLINE: 'true',
    // The tests' push service stand-in listens on loopback; never set this outside tests.
    UNSAFE_PUSH_ALLOWED_ADDRESSES: '127.0.0.1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  dropDatabase().then(
    () => process.exit(code ?? 0),
    (error) => {
      console.error(`could not drop the test database ${databaseName}:`, error);
      process.exit(code || 1);
    },
  );
});
