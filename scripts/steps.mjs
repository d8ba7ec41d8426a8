// Runs the commands of `npm test` and `npm run typecheck`, one at a time or several side by side,
// and says how long each took. A step never stops the run: its exit status is returned for the
// caller to count.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

/** A step that runs `npm run <script>`. */
export const npmScript = (script, label) => ({ label, command: ['npm', 'run', script] });

const seconds = (startedAt) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;
/** What a step's heading shows: `display` when the command itself is long-winded. */
const shown = ({ command, display }) => display ?? command.join(' ');

function outcome({ label }, status, startedAt) {
  const verdict = status === 0 ? 'passed' : `failed (exit ${status})`;
  return `  ${label}: ${verdict} in ${seconds(startedAt)}`;
}

/** Starts the step's command; `status` resolves with its exit status (a crash or a signal counts as 1). */
function start({ command: [file, ...args] }, stdio) {
  const child = spawn(file, args, { cwd: root, stdio });
  const status = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`could not start ${file}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { child, status };
}

/** One step with the terminal to itself. */
export async function runStep(step) {
  console.log(`\n▶ ${step.label}: ${shown(step)}`);
  const startedAt = performance.now();
  const status = await start(step, 'inherit').status;
  console.log(outcome(step, status, startedAt));
  return { ...step, status };
}

/**
 * Several steps at once. Each one's output is collected and printed in one piece when it ends,
 * so lines of different tools never interleave.
 */
export async function runStepsTogether(steps) {
  console.log(`\n▶ Side by side: ${steps.map(({ label }) => label).join(', ')}`);
  const startedAt = performance.now();
  return Promise.all(
    steps.map(async (step) => {
      const { child, status: exited } = start(step, ['ignore', 'pipe', 'pipe']);
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await exited;
      console.log(`\n▶ ${step.label}: ${shown(step)}`);
      process.stdout.write(Buffer.concat(output));
      console.log(outcome(step, status, startedAt));
      return { ...step, status };
    }),
  );
}
