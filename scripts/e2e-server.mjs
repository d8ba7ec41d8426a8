// The app as the browser tests see it: the production build on a fresh DATA_DIR, loopback only.
// With TEST_DATABASE_URL set it runs on a fresh PostgreSQL database of its own, dropped on exit.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { root, serverNodeFlags } from './lib.mjs';

const { instance: testInstanceEnv, env: sharedServerEnv } = JSON.parse(
  readFileSync(new URL('./e2e-server-env.json', import.meta.url), 'utf8'),
);

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
    ...testInstanceEnv,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(serverUrl ? { DATABASE_URL: databaseUrl() } : {}),
    LOG_LEVEL: 'warn',
    ...sharedServerEnv,
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
