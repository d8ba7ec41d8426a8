// `npm run typecheck`: the TypeScript compiler on every source root, all at once. The roots share
// no build output (nothing is emitted), so one waiting on another would only make the check slower.
import { join } from 'node:path';
import { root } from './lib.mjs';
import { runStepsTogether } from './steps.mjs';

const PROJECTS = ['tsconfig.json', 'common', 'server', 'client', 'client/service-worker', 'e2e', 'bench'];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');

const results = await runStepsTogether(
  PROJECTS.map((project) => ({
    label: `Types of ${project}`,
    command: [process.execPath, tsc, '-p', project, '--noEmit'],
    display: `tsc -p ${project} --noEmit`,
  })),
);
process.exitCode = results.every(({ status }) => status === 0) ? 0 : 1;
