import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second copy of the production build on its own port and DATA_DIR, for tests that stop and
 * restart the server or need other settings (`env`). Loopback only; stopped by PID.
 */
export function ownServer(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-e2e-own-'));
  let child: ChildProcess | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    databaseFile: join(dataDir, 'tidings.db'),
    async start(): Promise<void> {
      const started = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
