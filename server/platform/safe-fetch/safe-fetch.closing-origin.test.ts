import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./testing/closing-origin-run.ts', import.meta.url));
const ROUNDS = 20;
const FETCHES = ROUNDS * 8;

function runScript(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', SCRIPT, String(ROUNDS)],
      { timeout: 100_000, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stdout, stderr }),
    );
  });
}

describe('safe fetch: origins that close the connection after a large body', () => {
  // An exception thrown from a socket handler cannot be caught: it ends the process. Only a
  // child process shows it, by dying.
  it('never crashes the process, whether the body is read slowly, stopped early or dropped', async () => {
    const run = await runScript();
    expect(run.stderr).not.toContain('AssertionError');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      'br, read to the end': { ok: FETCHES },
      'br, stopped at once': { ok: FETCHES },
      'gzip, read to the end': { ok: FETCHES },
      'identity, read to the end': { ok: FETCHES },
      'identity, stopped at once': { ok: FETCHES },
      'error status': { upstream_status: FETCHES },
      redirect: { ok: FETCHES },
      'image, headers only': { ok: FETCHES },
      'image, whole file': { ok: FETCHES },
    });
  }, 120_000);
});
