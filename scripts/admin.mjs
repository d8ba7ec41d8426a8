// `npm run admin -- <command>`: the operator's command line (server/admin.ts), built if needed,
// with the same .env and environment as `npm start`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, loadDotEnv, root } from './lib.mjs';

loadDotEnv();
ensureDependencies();
ensureBuild();
const { status } = spawnSync(
  process.execPath,
  [join(root, 'dist', 'server', 'admin.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
process.exit(status ?? 1);
