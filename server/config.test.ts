import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, defaultReadWorkers, loadConfig, READ_WORKERS_MAX } from './config';
import { TEST_VAPID_ENV } from './test-support/vapid';

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

const S3_SET = {
  S3_BUCKET: 'tidings-media',
  S3_REGION: 'eu-central-1',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'secret-access-key',
};
const REALTIME_SET = {
  REALTIME_APP_ID: 'tidings-prod',
  REALTIME_APP_KEY: 'public-key',
  REALTIME_APP_SECRET: 's'.repeat(32),
};

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
    [{ ...S3_SET, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...S3_SET, S3_BUCKET: 'Media_Bucket' }, 'S3_BUCKET'],
    [{ ...S3_SET, S3_REGION: 'EU West' }, 'S3_REGION'],
    [{ ...S3_SET, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
    [{ ...REALTIME_SET, REALTIME_APP_SECRET: 'short' }, 'REALTIME_APP_SECRET'],
    [{ ...REALTIME_SET, REALTIME_APP_KEY: 'key with spaces' }, 'REALTIME_APP_KEY'],
  ])('names the variable in the error for %o', (env, name) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} `));
  });

  // Every numeric variable: an operator reads what to write, never zod's "received NaN".
  it.each([
    [
      'PORT',
      ['abc', '', ' ', '80x', '1.5', '-1', '65536', '1e3', '0x50'],
      'must be a whole number from 1 to 65535 (0: any free port)',
    ],
    ['PUSHER_PORT', ['abc', ' ', '0', '443.5', '70000'], 'must be a whole number from 1 to 65535'],
    ['READ_WORKERS', ['many', ' ', '-1', '2.5', '9'], `must be a whole number from 0 to ${READ_WORKERS_MAX}`],
    [
      'PASSWORD_HASH_COST',
      ['high', ' ', '9', '18', '15.5', '32768'],
      'must be a whole number from 15 to 17 (from 10 with NODE_ENV=test)',
    ],
  ] as const)('says what %s must be', (name, values, message) => {
    for (const value of values) {
      // A blank value means "unset", which is not an error.
      if (value === '') {
        expect(problemsOf({ [name]: value })).toEqual([]);
        continue;
      }
      expect(problemsOf({ [name]: value }), `${name}=${JSON.stringify(value)}`).toEqual([
        `${name} ${message}, not ${JSON.stringify(value)}`,
      ]);
    }
  });

  it('reads a port given with spaces around it', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: ' 8080 ' }).port).toBe(8080);
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '0' }).port).toBe(0);
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
    expect(
      loadConfig({ DATA_DIR: tempDir(), REDIS_URL: 'redis://127.0.0.1:6379/2', ...TEST_VAPID_ENV }).redis,
    ).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'tidings:',
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        REDIS_URL: 'rediss://cache.example:6380',
        REDIS_PREFIX: 'blue:',
        ...TEST_VAPID_ENV,
      }).redis,
    ).toEqual({ url: 'rediss://cache.example:6380', prefix: 'blue:' });
  });

  it('takes a VAPID key pair whole, checked, and insists on one for several nodes', () => {
    const pair = loadConfig({ DATA_DIR: tempDir(), ...TEST_VAPID_ENV }).webPush;
    expect(pair.keys).toEqual({
      publicKey: TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
      privateKey: TEST_VAPID_ENV.VAPID_PRIVATE_KEY,
    });
    expect(loadConfig({ DATA_DIR: tempDir() }).webPush.keys).toBeNull();
    expect(problemsOf({ VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PRIVATE_KEY is required when the other VAPID key is set',
    ]);
    expect(problemsOf({ ...TEST_VAPID_ENV, VAPID_PRIVATE_KEY: 'short' })[0]).toMatch(
      /^VAPID_PRIVATE_KEY must be a P-256 private key/,
    );
    expect(problemsOf({ REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when REDIS_URL is set (several nodes)',
    ]);
    expect(problemsOf({ VAPID_SUBJECT: 'http://tidings.example' })[0]).toMatch(
      /^VAPID_SUBJECT must be a mailto:/,
    );
  });

  it('names the operator to push services: VAPID_SUBJECT, else PUBLIC_URL when https, else a mailto: at its host', () => {
    const subjectOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).webPush.subject;
    expect(subjectOf({ VAPID_SUBJECT: 'mailto:ops@tidings.example' })).toBe('mailto:ops@tidings.example');
    expect(subjectOf({ PUBLIC_URL: 'https://tidings.example/' })).toBe('https://tidings.example');
    expect(subjectOf({ PUBLIC_URL: 'http://tidings.lan:3000' })).toBe('mailto:push@tidings.lan');
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

describe('e-mail settings', () => {
  it('writes to DATA_DIR/outbox without SMTP_URL, from no-reply at the public host', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://tidings.example' }).mail).toEqual({
      kind: 'folder',
      dir: join(resolve(dataDir), 'outbox'),
      from: 'Tidings <no-reply@tidings.example>',
    });
  });

  it('sends through smtp:// and smtps:// URLs with the sender given', () => {
    for (const url of ['smtp://127.0.0.1:2525', 'smtps://user:secret@mail.example.com']) {
      expect(
        loadConfig({ DATA_DIR: tempDir(), SMTP_URL: url, MAIL_FROM: 'Town Square <hello@town.example>' })
          .mail,
      ).toEqual({ kind: 'smtp', url, from: 'Town Square <hello@town.example>' });
    }
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_FROM: 'hello@town.example' }).mail.from).toBe(
      'hello@town.example',
    );
  });

  it('stops the start naming SMTP_URL or MAIL_FROM when one is not what it should be', () => {
    for (const value of ['http://mail.example.com', 'mail.example.com:587', 'smtp//x']) {
      expect(problemsOf({ SMTP_URL: value })).toEqual([
        expect.stringMatching(/^SMTP_URL must be an smtp:\/\//),
      ]);
    }
    for (const value of ['nobody', 'Tidings <no-reply>', 'a@b\nBcc: c@d', '<a@b> trailing']) {
      expect(problemsOf({ MAIL_FROM: value })).toEqual([
        expect.stringMatching(/^MAIL_FROM must be an address/),
      ]);
    }
  });
});

describe('address confirmation', () => {
  it('is required by default exactly when e-mail leaves the machine, and REQUIRE_EMAIL_CONFIRMATION decides otherwise', () => {
    const required = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: tempDir(), ...env }).requireEmailConfirmation;
    expect(required({})).toBe(false);
    expect(required({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toBe(true);
    expect(required({ SMTP_URL: 'smtp://127.0.0.1:2525', REQUIRE_EMAIL_CONFIRMATION: 'false' })).toBe(false);
    expect(required({ REQUIRE_EMAIL_CONFIRMATION: 'true' })).toBe(true);
    expect(problemsOf({ REQUIRE_EMAIL_CONFIRMATION: 'yes' })).toEqual([
      expect.stringMatching(/^REQUIRE_EMAIL_CONFIRMATION /),
    ]);
  });
});

describe('password hash cost', () => {
  it("is OWASP's minimum for scrypt unless raised", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).passwordHashCost).toBe(15);
    expect(loadConfig({ DATA_DIR: tempDir(), PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
  });

  it('goes below the minimum only for a test suite', () => {
    for (const env of ['production', 'development'])
      expect(problemsOf({ NODE_ENV: env, PASSWORD_HASH_COST: '12' })).toEqual([
        'PASSWORD_HASH_COST must be a whole number from 15 to 17, not 12 (lower only with NODE_ENV=test)',
      ]);
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost,
    ).toBe(10);
  });
});

describe('read workers', () => {
  it('starts one per core, at least one and never more than the cap', () => {
    expect([1, 2, 4, 64].map((cores) => defaultReadWorkers(cores))).toEqual([1, 2, 4, READ_WORKERS_MAX]);
    expect(loadConfig({ DATA_DIR: tempDir() }).readWorkers).toBe(defaultReadWorkers());
  });

  it('takes 0 (read on the event loop) up to the cap', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), READ_WORKERS: '0' }).readWorkers).toBe(0);
    expect(loadConfig({ DATA_DIR: tempDir(), READ_WORKERS: '3' }).readWorkers).toBe(3);
  });

  it('stops the start naming READ_WORKERS for a count it cannot run', () => {
    for (const value of ['-1', '2.5', 'many', String(READ_WORKERS_MAX + 1)]) {
      const problems = problemsOf({ READ_WORKERS: value });
      expect(problems, value).toHaveLength(1);
      expect(problems[0]).toMatch(/^READ_WORKERS /);
    }
  });
});

describe('answer checking', () => {
  const checks = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).checkAnswers;

  it('is on in tests and development, off in production', () => {
    expect(checks({ NODE_ENV: 'test' })).toBe(true);
    expect(checks({ NODE_ENV: 'development' })).toBe(true);
    expect(checks({ NODE_ENV: 'production' })).toBe(false);
    expect(checks({})).toBe(false);
  });

  it('follows CHECK_ANSWERS whatever the mode', () => {
    expect(checks({ NODE_ENV: 'production', CHECK_ANSWERS: 'true' })).toBe(true);
    expect(checks({ NODE_ENV: 'test', CHECK_ANSWERS: 'false' })).toBe(false);
    expect(checks({ NODE_ENV: 'production', CHECK_ANSWERS: '' })).toBe(false);
    expect(problemsOf({ CHECK_ANSWERS: 'yes' })[0]).toMatch(/^CHECK_ANSWERS /);
  });
});

describe('fixed credentials for the embedded real-time server', () => {
  it('takes all three REALTIME_APP_* instead of the derived ones', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...REALTIME_SET });
    expect(config.realtime).toEqual({
      kind: 'embedded',
      appId: 'tidings-prod',
      key: 'public-key',
      secret: 's'.repeat(32),
      clientEvents: false,
      webhookUrl: undefined,
    });
  });

  it('names the missing ones of a partial set', () => {
    expect(problemsOf({ REALTIME_APP_KEY: 'public-key' })).toEqual([
      'REALTIME_APP_ID is required when any REALTIME_APP_* credential is set',
      'REALTIME_APP_SECRET is required when any REALTIME_APP_* credential is set',
    ]);
  });

  it('refuses them beside PUSHER_*, where no embedded server runs', () => {
    const problems = problemsOf({
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 's',
      REALTIME_APP_ID: 'tidings-prod',
    });
    expect(problems).toEqual([
      'REALTIME_APP_KEY is required when any REALTIME_APP_* credential is set',
      'REALTIME_APP_SECRET is required when any REALTIME_APP_* credential is set',
      'REALTIME_APP_ID configures the embedded server and cannot be combined with PUSHER_*',
    ]);
    expect(problemsOf({ PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's', ...REALTIME_SET })).toEqual([
      'REALTIME_APP_ID configures the embedded server and cannot be combined with PUSHER_*',
      'REALTIME_APP_KEY configures the embedded server and cannot be combined with PUSHER_*',
      'REALTIME_APP_SECRET configures the embedded server and cannot be combined with PUSHER_*',
    ]);
  });
});

describe('embedded real-time server settings', () => {
  it('keeps client events off and sends no webhooks by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).realtime).toMatchObject({
      clientEvents: false,
      webhookUrl: undefined,
    });
  });

  it('takes REALTIME_CLIENT_EVENTS and REALTIME_WEBHOOK_URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      REALTIME_CLIENT_EVENTS: 'true',
      REALTIME_WEBHOOK_URL: 'https://hooks.example/pusher',
    });
    expect(config.realtime).toMatchObject({ clientEvents: true, webhookUrl: 'https://hooks.example/pusher' });
  });

  it('refuses a webhook URL that is not http(s), and an unknown switch value', () => {
    expect(problemsOf({ REALTIME_WEBHOOK_URL: 'ftp://hooks.example' })).toEqual([
      'REALTIME_WEBHOOK_URL must be an http(s) URL such as https://hooks.example/pusher',
    ]);
    expect(problemsOf({ REALTIME_CLIENT_EVENTS: 'yes' })).toHaveLength(1);
  });

  it('refuses them beside PUSHER_*, where the provider’s dashboard holds these settings', () => {
    const hosted = { PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 's' };
    expect(
      problemsOf({ ...hosted, REALTIME_CLIENT_EVENTS: 'true', REALTIME_WEBHOOK_URL: 'https://h.example' }),
    ).toEqual([
      'REALTIME_CLIENT_EVENTS configures the embedded server and cannot be combined with PUSHER_*',
      'REALTIME_WEBHOOK_URL configures the embedded server and cannot be combined with PUSHER_*',
    ]);
  });
});

describe('media storage settings', () => {
  it('keeps media under DATA_DIR/media with no S3_* set', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({ kind: 'disk', root: join(dataDir, 'media') });
  });

  it('uses S3 when the set is complete; the endpoint and path style are optional', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), ...S3_SET }).storage).toEqual({
      kind: 's3',
      bucket: 'tidings-media',
      region: 'eu-central-1',
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-access-key',
    });
    const minio = loadConfig({
      DATA_DIR: tempDir(),
      ...S3_SET,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage;
    expect(minio).toMatchObject({ kind: 's3', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('names every missing variable of a partial set', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'tidings-media' })).toEqual([
      'S3_REGION is required when any S3_* variable is set',
      'S3_ACCESS_KEY_ID is required when any S3_* variable is set',
      'S3_SECRET_ACCESS_KEY is required when any S3_* variable is set',
    ]);
    expect(problemsOf({ S3_FORCE_PATH_STYLE: 'true' })).toHaveLength(4);
  });
});

describe('.env.example', () => {
  // A variable is documented by a `NAME=value` line, commented out or not.
  const documented = new Set(
    readFileSync(fileURLToPath(new URL('../.env.example', import.meta.url)), 'utf8')
      .split('\n')
      .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
      .filter((name) => name !== undefined),
  );

  it('documents every variable the configuration reads', () => {
    expect(CONFIG_VARIABLES).toContain('UNSAFE_PREVIEW_OFFLINE');
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('documents no variable the configuration ignores', () => {
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });
});
