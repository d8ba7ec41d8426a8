// npm run audit:lighthouse [-- --report-only] [-- --runs=3]
// Builds the app when a source changed, then runs the audit (bench/lighthouse/audit.ts).
import { ensureBuild, run } from './lib.mjs';

ensureBuild();
process.exit(
  run(process.execPath, ['--import', 'tsx', 'bench/lighthouse/audit.ts', ...process.argv.slice(2)]),
);
