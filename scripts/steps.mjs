// Runs the npm scripts of `npm test`, one at a time or several side by side, and says how long
// each took. A step never stops the run: its exit status is returned for the caller to count.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const seconds = (startedAt) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

function outcome({ label }, status, startedAt) {
  const verdict = status === 0 ? 'passed' : `failed (exit ${status})`;
  return `  ${label}: ${verdict} in ${seconds(startedAt)}`;
}

/** `npm run <script>` with `stdio`; resolves with its exit status (a crash or a signal counts as 1). */
function npmRun(script, stdio) {
  const child = spawn('npm', ['run', script], { cwd: root, stdio });
  const status = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`could not start npm run ${script}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { child, status };
}

/** One step with the terminal to itself. */
export async function runStep(step) {
  console.log(`\n▶ ${step.label}: npm run ${step.script}`);
  const startedAt = performance.now();
  const status = await npmRun(step.script, 'inherit').status;
  console.log(outcome(step, status, startedAt));
  return { ...step, status };
}

/**
 * Several steps at once. Each one's output is collected and printed in one piece when it ends,
 * so lines of different tools never interleave.
 */
export async function runStepsTogether(steps) {
  console.log(
    `\n▶ ${steps.map(({ label, script }) => `${label} (npm run ${script})`).join(', ')}: side by side`,
  );
  const startedAt = performance.now();
  return Promise.all(
    steps.map(async (step) => {
      const { child, status: exited } = npmRun(step.script, ['ignore', 'pipe', 'pipe']);
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await exited;
      console.log(`\n▶ ${step.label}: npm run ${step.script}`);
      process.stdout.write(Buffer.concat(output));
      console.log(outcome(step, status, startedAt));
      return { ...step, status };
    }),
  );
}
