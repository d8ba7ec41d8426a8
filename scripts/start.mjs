// `npm start`: install what is missing, build what changed, migrate and serve on embedded defaults.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, loadDotEnv, root, serverNodeFlags, whenOrphaned } from './lib.mjs';

loadDotEnv();
ensureDependencies();
ensureBuild();

// The IPC channel is the server's lifeline: if this script dies, even of SIGKILL, the channel
// closes and the server shuts down instead of running on as an orphan.
const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  // glibc: two malloc arenas and a fixed mmap threshold keep libvips' freed buffers from piling up (README).
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
const stop = (signal) => {
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
};
// A supervisor signals only its own child (npm, or this script): pass the signal on to the server.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
whenOrphaned(() => stop('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
