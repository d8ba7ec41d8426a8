import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_STARTERS, RUN_ALONE } from './run-alone';

const root = join(import.meta.dirname, '..', '..');
const SOURCE_ROOTS = ['common', 'server', 'client', 'bench'];

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

/** The module specifiers a file imports, from its `from '…'` clauses. */
function importsOf(file: string): string[] {
  const source = readFileSync(join(root, file), 'utf8');
  return Array.from(source.matchAll(/\bfrom\s+'([^']+)'/g), (match) => match[1] ?? '');
}

describe('test files that run alone', () => {
  const testFiles = SOURCE_ROOTS.flatMap((folder) => testFilesUnder(join(root, folder)));

  it('lists every test file that starts processes of its own', () => {
    const startingProcesses = testFiles.filter(
      (file) =>
        file !== relative(root, import.meta.filename) &&
        importsOf(file).some((specifier) => PROCESS_STARTERS.some((starter) => specifier.endsWith(starter))),
    );
    expect(startingProcesses.length).toBeGreaterThan(5);
    expect([...RUN_ALONE].sort()).toEqual(expect.arrayContaining(startingProcesses.sort()));
  });

  it('names only files that exist', () => {
    for (const file of RUN_ALONE) expect(existsSync(join(root, file)), file).toBe(true);
  });
});
