import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is documented in .env.example; a bad value
 * stops the start with a message that names the variable.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SESSION_SECRET_MIN_LENGTH = 32;
const SESSION_SECRET_FILE = 'session-secret';
const DEFAULT_REDIS_PREFIX = 'tidings:';
const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(blankAsUndefined, z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankAsUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  PORT: z.preprocess(blankAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(blankAsUndefined, z.string().min(1).default('127.0.0.1')),
  DATA_DIR: z.preprocess(blankAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: optionalString.refine(
    (value) => value === undefined || /^(sqlite:|postgres(ql)?:\/\/)/.test(value),
    'must start with sqlite: or postgres://',
  ),
  PUBLIC_URL: z.preprocess(
    blankAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://tidings.example' })
      .optional(),
  ),
  SESSION_SECRET: optionalString.refine(
    (value) => value === undefined || value.length >= SESSION_SECRET_MIN_LENGTH,
    `must be at least ${SESSION_SECRET_MIN_LENGTH} characters`,
  ),
  LOG_LEVEL: z.preprocess(blankAsUndefined, z.enum(LOG_LEVELS).default('info')),
  TRUST_PROXY: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).default('false')),
  PUSHER_APP_ID: optionalString,
  PUSHER_KEY: optionalString,
  PUSHER_SECRET: optionalString,
  PUSHER_CLUSTER: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a cluster name such as eu')
      .default('eu'),
  ),
  PUSHER_HOST: optionalString,
  PUSHER_PORT: z.preprocess(blankAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  PUSHER_USE_TLS: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).default('true')),
  REDIS_URL: z.preprocess(
    blankAsUndefined,
    z
      .url({
        protocol: /^rediss?$/,
        error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
  ),
  REDIS_PREFIX: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .regex(REDIS_PREFIX_PATTERN, 'must be 1 to 64 letters, digits, ".", "_", "-" or ":"')
      .default(DEFAULT_REDIS_PREFIX),
  ),
  UNSAFE_PREVIEW_OFFLINE: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).default('false')),
  UNSAFE_PREVIEW_ALLOWED_ADDRESSES: optionalString.refine(
    (value) => value === undefined || value.split(',').every((ip) => isIP(ip.trim()) !== 0),
    'must be a comma-separated list of IP addresses',
  ),
});

/**
 * Embedded: our own Pusher-protocol server on this port. Hosted: Pusher (or any compatible
 * server) publishes and the browser connects there.
 */
export type RealtimeTarget =
  | { kind: 'embedded'; appId: string; key: string; secret: string }
  | {
      kind: 'hosted';
      appId: string;
      key: string;
      secret: string;
      cluster: string;
      host: string | undefined;
      port: number | undefined;
      useTLS: boolean;
    };

/** Several processes share presence, rate limits and live events through Redis; null: one process. */
export type RedisTarget = { url: string; prefix: string } | null;

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  publicUrl: string;
  isSecure: boolean;
  sessionSecret: string;
  logLevel: (typeof LOG_LEVELS)[number];
  realtime: RealtimeTarget;
  redis: RedisTarget;
  trustProxy: boolean;
  /** Test-only: loopback addresses the preview fetcher treats as public. Dangerous elsewhere. */
  previewAllowedAddresses: string[];
  /** Test-only: the preview fetcher never asks DNS, so only IP-literal links are fetched. */
  previewOffline: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const vars = parsed.data;
  const dataDir = resolve(vars.DATA_DIR);
  const sessionSecret = vars.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir);
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    database: databaseTarget(vars.DATABASE_URL, dataDir),
    publicUrl,
    isSecure: publicUrl.startsWith('https://'),
    sessionSecret,
    logLevel: vars.LOG_LEVEL,
    realtime: realtimeTarget(vars, sessionSecret),
    redis: vars.REDIS_URL === undefined ? null : { url: vars.REDIS_URL, prefix: vars.REDIS_PREFIX },
    trustProxy: vars.TRUST_PROXY === 'true',
    previewAllowedAddresses: (vars.UNSAFE_PREVIEW_ALLOWED_ADDRESSES ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    previewOffline: vars.UNSAFE_PREVIEW_OFFLINE === 'true',
  };
}

const EMBEDDED_APP_ID = 'tidings';
const EMBEDDED_APP_KEY = 'tidings-key';

function realtimeTarget(vars: z.infer<typeof envSchema>, sessionSecret: string): RealtimeTarget {
  const hosted = {
    PUSHER_APP_ID: vars.PUSHER_APP_ID,
    PUSHER_KEY: vars.PUSHER_KEY,
    PUSHER_SECRET: vars.PUSHER_SECRET,
  };
  const missing = Object.entries(hosted)
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length === 3) {
    // The embedded server's secret never leaves this process; deriving it keeps set-up at zero.
    const secret = createHmac('sha256', sessionSecret).update('realtime-app-secret').digest('hex');
    return { kind: 'embedded', appId: EMBEDDED_APP_ID, key: EMBEDDED_APP_KEY, secret };
  }
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name} is required when any PUSHER_* credential is set`));
  }
  return {
    kind: 'hosted',
    appId: vars.PUSHER_APP_ID ?? '',
    key: vars.PUSHER_KEY ?? '',
    secret: vars.PUSHER_SECRET ?? '',
    cluster: vars.PUSHER_CLUSTER,
    host: vars.PUSHER_HOST,
    port: vars.PUSHER_PORT,
    useTLS: vars.PUSHER_USE_TLS === 'true',
  };
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined) return { kind: 'sqlite', file: join(dataDir, 'tidings.db') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
  }
  return { kind: 'postgres', url };
}

/** A generated secret is kept in DATA_DIR so sessions survive restarts without set-up. */
function readOrCreateSessionSecret(dataDir: string): string {
  const file = join(dataDir, SESSION_SECRET_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
