import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../server-process';

/** How long the server may take to exit after SIGTERM before the data directory is removed anyway. */
const STOP_TIMEOUT_MS = 10_000;
const EXIT_POLL_INTERVAL_MS = 100;

export interface AppServer {
  origin: string;
  pid: number;
  /** Stops the server by its PID, waits for it to exit and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The production build (dist/server/main.js, NODE_ENV=production) on 127.0.0.1:`port` with a fresh
 * SQLite data directory. The link-preview fetcher may read pages on `previewAddress` (the audit's
 * own page server) and is offline for everything else: the audit sends nothing off this machine.
 */
export async function startAppServer(port: number, previewAddress: string): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-lighthouse-'));
  try {
    const server = await startBuiltServer(dataDir, {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      UNSAFE_PREVIEW_ALLOWED_ADDRESSES: previewAddress,
      UNSAFE_PREVIEW_OFFLINE: 'true',
    });
    return {
      origin: server.origin,
      pid: server.pid,
      async stop() {
        server.stop();
        await waitForExit(server.pid);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number): Promise<void> {
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (isRunning(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, EXIT_POLL_INTERVAL_MS));
  }
}
