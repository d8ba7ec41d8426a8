// Bundles the server into dist/server/main.js, the operator's command line into admin.js, and the read worker thread next to them; packages stay in node_modules (native better-sqlite3).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    admin: 'server/admin.ts',
    'read-worker': 'server/read-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
