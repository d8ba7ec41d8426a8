import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from './test';

export interface ScratchFolder {
  /** Where a file of this name goes in the folder (the test writes it). */
  path(name: string): string;
}

/**
 * A temporary folder for the files a spec's tests upload, made before the spec's first test in
 * each worker that runs it and removed after its last. Call it at the top of the spec. Not made
 * at import: Playwright also imports a spec to list its tests, in a process where no afterAll
 * runs, so a folder made there would be left behind.
 */
export function scratchFolder(label: string): ScratchFolder {
  let folder: string | null = null;
  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), `tidings-e2e-${label}-`));
  });
  test.afterAll(() => {
    if (folder !== null) rmSync(folder, { recursive: true, force: true });
    folder = null;
  });
  return {
    path(name) {
      if (folder === null) throw new Error('the scratch folder exists only while the spec runs');
      return join(folder, name);
    },
  };
}
