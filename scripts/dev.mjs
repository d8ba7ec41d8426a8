// `npm run dev`: the API on :3000 restarting on change, and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
for (const child of children) child.on('exit', stopAll);
