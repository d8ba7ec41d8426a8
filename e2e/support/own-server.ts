import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseServerUrl,
} from '../../server/test-support/test-database';
import { TEST_INSTANCE_ENV } from './server-env';

/** A post written straight to the database, as another process sharing it would. */
export interface DirectPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: number;
}

/**
 * A second copy of the production build on its own port and DATA_DIR (and its own PostgreSQL
 * database when TEST_DATABASE_URL is set), for tests that stop and restart the server or need other settings (`env`).
 * `build` names another build directory (a copy of dist/ that a test changes). Loopback only;
 * stopped by PID.
 */
export function ownServer(port: number, env: Record<string, string> = {}, build = 'dist') {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-e2e-own-'));
  const serverUrl = testDatabaseServerUrl();
  let database: TestDatabase | null = null;
  let child: ChildProcess | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Its DATA_DIR: the outbox folder of its e-mail is in here. */
    dataDir,
    async start(): Promise<void> {
      if (serverUrl !== null && database === null) database = await createTestDatabase(serverUrl);
      const started = spawn(process.execPath, [join(build, 'server', 'main.js')], {
        env: {
          ...process.env,
          ...TEST_INSTANCE_ENV,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          ...(database ? { DATABASE_URL: database.url } : {}),
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: 'ignore',
      });
      child = started;
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}`);
        const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('server did not become healthy');
    },
    /** Writes a top-level post behind the server's back: no live event announces it. */
    async insertPost(post: DirectPost): Promise<void> {
      const values = [post.id, post.authorId, post.text, `<p>${post.text}</p>`, post.createdAt];
      if (database) {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          await client.query(
            'insert into posts (id, author_id, parent_id, body_text, body_html, created_at) values ($1, $2, null, $3, $4, $5)',
            values,
          );
        } finally {
          await client.end();
        }
        return;
      }
      const db = new Database(join(dataDir, 'tidings.db'));
      try {
        db.prepare(
          'insert into posts (id, author_id, parent_id, body_text, body_html, created_at) values (?, ?, null, ?, ?, ?)',
        ).run(...values);
      } finally {
        db.close();
      }
    },
    async stop(): Promise<void> {
      const running = child;
      child = null;
      if (!running?.pid || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      process.kill(running.pid, 'SIGTERM');
      await exited;
    },
    async dispose(): Promise<void> {
      await this.stop();
      await database?.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
