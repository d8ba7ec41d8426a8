// `npm run typecheck`: the TypeScript compiler on every source root, in one build (`tsc -b`).
// `common`, `server` and `client` are composite projects: each is checked once and the projects
// that import it (e2e, bench, the service worker) read its declarations, written under
// .tmp/tsc/, instead of checking its sources again. Nothing runnable is emitted. The build
// information kept there also makes a second run check only what changed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const PROJECTS = ['tsconfig.json', 'common', 'server', 'client', 'client/service-worker', 'e2e', 'bench'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const { status } = spawnSync(process.execPath, [tsc, '--build', ...PROJECTS], {
  cwd: root,
  stdio: 'inherit',
});
process.exitCode = status ?? 1;
