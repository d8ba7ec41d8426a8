// The app as the browser tests see it: the production build on a fresh DATA_DIR, loopback only.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, serverNodeFlags } from './lib.mjs';

const dataDir = join(root, '.tmp', 'e2e-data');
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // Test pages for link previews are served on loopback; never set this outside tests.
    UNSAFE_PREVIEW_ALLOWED_ADDRESSES: '127.0.0.1',
    // Links typed in tests (example.com…) must not send DNS queries off this machine.
    UNSAFE_PREVIEW_OFFLINE: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
