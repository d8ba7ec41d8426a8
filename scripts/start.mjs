// `npm start`: install what is missing, build what changed, migrate and serve on embedded defaults.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root, serverNodeFlags } from './lib.mjs';

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, [...serverNodeFlags, join(root, 'dist', 'server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  // glibc: two malloc arenas and a fixed mmap threshold keep libvips' freed buffers from piling up (README).
  env: { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
