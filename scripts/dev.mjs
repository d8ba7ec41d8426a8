// `npm run dev`: the API on :3000 restarting on change, and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies, loadDotEnv, root, whenOrphaned } from './lib.mjs';

loadDotEnv();
ensureDependencies();
// The tools' own executables, not `npx`: npx runs them through a shell that would die of a
// SIGTERM without passing it on, leaving the API or Vite running.
const bin = (name) => join(root, 'node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stopAll = () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
whenOrphaned(stopAll);
for (const child of children) child.on('exit', stopAll);
