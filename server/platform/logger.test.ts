import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLoggerOptions } from './logger';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configFor(env: 'development' | 'production') {
  const dataDir = mkdtempSync(join(tmpdir(), 'tidings-logger-'));
  dirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, NODE_ENV: env });
}

const transportOf = (options: ReturnType<typeof createLoggerOptions>) =>
  typeof options === 'object' && options !== null && 'transport' in options ? options.transport : undefined;

describe('createLoggerOptions', () => {
  it.each(['development', 'production'] as const)(
    'prints readable lines on a terminal, whatever NODE_ENV (%s)',
    (env) => {
      const options = createLoggerOptions(configFor(env), { isTerminal: true });
      expect(transportOf(options)).toMatchObject({ target: 'pino-pretty' });
    },
  );

  it.each(['development', 'production'] as const)(
    'prints JSON lines when the output is not a terminal (%s)',
    (env) => {
      expect(transportOf(createLoggerOptions(configFor(env), { isTerminal: false }))).toBeUndefined();
    },
  );

  it('falls back to JSON lines when pino-pretty is not installed (npm ci --omit=dev)', () => {
    const options = createLoggerOptions(configFor('development'), {
      isTerminal: true,
      prettyPrinter: 'pino-pretty-not-installed',
    });
    expect(transportOf(options)).toBeUndefined();
  });

  it('starts no pretty-printing thread when LOG_LEVEL is silent', () => {
    const config = { ...configFor('development'), logLevel: 'silent' as const };
    expect(transportOf(createLoggerOptions(config, { isTerminal: true }))).toBeUndefined();
  });

  it('keeps the level and the redaction of secrets either way', () => {
    for (const isTerminal of [true, false]) {
      expect(createLoggerOptions(configFor('production'), { isTerminal })).toMatchObject({
        level: 'info',
        redact: expect.arrayContaining(['req.headers.cookie', 'req.headers.authorization']),
      });
    }
  });
});
