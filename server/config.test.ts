import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tidings-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      isSecure: false,
      logLevel: 'info',
      database: { kind: 'sqlite', file: join(dataDir, 'tidings.db') },
      previewAllowedAddresses: [],
      previewOffline: false,
    });
    expect(loadConfig({ DATA_DIR: dataDir, UNSAFE_PREVIEW_OFFLINE: 'true' }).previewOffline).toBe(true);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it('reads PostgreSQL and SQLite URLs', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/test' })).toEqual([]);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'sqlite::memory:' }).database).toEqual({
      kind: 'sqlite',
      file: ':memory:',
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'ftp://tidings.example' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ UNSAFE_PREVIEW_ALLOWED_ADDRESSES: '127.0.0.2,not-an-ip' }, 'UNSAFE_PREVIEW_ALLOWED_ADDRESSES'],
    [{ UNSAFE_PREVIEW_OFFLINE: 'yes' }, 'UNSAFE_PREVIEW_OFFLINE'],
  ])('names the variable in the error for %o', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });

  it('derives https cookies from an https PUBLIC_URL and trims its trailing slash', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://tidings.example/' });
    expect(config.publicUrl).toBe('https://tidings.example');
    expect(config.isSecure).toBe(true);
  });
});

describe('real-time settings', () => {
  it('uses the embedded server by default, with a secret derived from the session secret', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
    expect(config.realtime).toMatchObject({ kind: 'embedded', appId: 'tidings', key: 'tidings-key' });
    expect(config.realtime.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'y'.repeat(40) }).realtime.secret).not.toBe(
      config.realtime.secret,
    );
  });

  it('switches to hosted Pusher, cluster eu by default, when credentials are set', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
    });
    expect(config.realtime).toEqual({
      kind: 'hosted',
      appId: '1',
      key: 'k',
      secret: 's',
      cluster: 'eu',
      host: undefined,
      port: undefined,
      useTLS: true,
    });
  });

  it('names the missing credential when only some are set', () => {
    expect(problemsOf({ PUSHER_KEY: 'k' })).toEqual([
      'PUSHER_APP_ID is required when any PUSHER_* credential is set',
      'PUSHER_SECRET is required when any PUSHER_* credential is set',
    ]);
  });
});

describe('Redis settings', () => {
  it('runs without Redis when REDIS_URL is unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).redis).toBeNull();
  });

  it('takes redis:// and rediss:// URLs, with the default key prefix', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'tidings:',
    });
    expect(
      loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'rediss://cache.example:6380', REDIS_PREFIX: 'blue:' })
        .redis,
    ).toEqual({ url: 'rediss://cache.example:6380', prefix: 'blue:' });
  });

  it('stops the start naming REDIS_URL when it is not a Redis URL', () => {
    for (const value of ['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis//x']) {
      const problems = problemsOf({ REDIS_URL: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
    }
  });

  it('refuses a key prefix with spaces or braces', () => {
    expect(problemsOf({ REDIS_URL: 'redis://127.0.0.1', REDIS_PREFIX: 'a b{' })[0]).toMatch(/^REDIS_PREFIX /);
  });
});
