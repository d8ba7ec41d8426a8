import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PASSWORD_HASH_COST } from './platform/crypto/passwords';

/**
 * The only reader of process.env. Every variable is documented in .env.example; a bad value
 * stops the start with a message that names the variable.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SESSION_SECRET_MIN_LENGTH = 32;
const SESSION_SECRET_FILE = 'session-secret';
/** An uncompressed P-256 point, and a P-256 scalar: VAPID's key pair as web-push writes it. */
const VAPID_PUBLIC_KEY_BYTES = 65;
const VAPID_PRIVATE_KEY_BYTES = 32;

function isBase64urlOf(value: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes;
}
const DEFAULT_REDIS_PREFIX = 'tidings:';
const REDIS_PREFIX_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** The embedded realtime server's id and key appear in URLs (/app/<key>, /apps/<id>/events). */
const REALTIME_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const REALTIME_SECRET_MIN_LENGTH = 32;
const S3_BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** An address, or a display name and an address in angle brackets. */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;
/** Read worker threads at most, whatever the machine; READ_WORKERS can say fewer (0: none). */
export const READ_WORKERS_MAX = 8;

/**
 * By default one read worker per core: a search or a timeline page costs its worker more than
 * it costs the event loop (HTTP, the session, the hits cache), so the event loop's core has
 * room for a worker too.
 */
export function defaultReadWorkers(cores = availableParallelism()): number {
  return Math.min(READ_WORKERS_MAX, Math.max(1, cores));
}

const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(blankAsUndefined, z.string().optional());

/**
 * A count or port written in decimal digits (spaces around it allowed). The message says what to
 * write and repeats what was given: zod's own coercion would say "expected number, received NaN",
 * and would read " " as 0 and "1e3" as 1000.
 */
function wholeNumber(min: number, max: number, rule = `must be a whole number from ${min} to ${max}`) {
  return z.string().transform((raw, context) => {
    const digits = raw.trim();
    const value = /^\d{1,10}$/.test(digits) ? Number(digits) : Number.NaN;
    if (value >= min && value <= max) return value;
    context.addIssue({ code: 'custom', message: `${rule}, not ${JSON.stringify(raw)}` });
    return z.NEVER;
  });
}
const PORT_RULE = 'must be a whole number from 1 to 65535';

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    blankAsUndefined,
    z.enum(['development', 'production', 'test']).default('production'),
  ),
  // 0 asks the system for any free port (the tests' servers use it).
  PORT: z.preprocess(
    blankAsUndefined,
    wholeNumber(0, 65535, `${PORT_RULE} (0: any free port)`).default(3000),
  ),
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
  PUSHER_PORT: z.preprocess(blankAsUndefined, wholeNumber(1, 65535, PORT_RULE).optional()),
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
  REALTIME_APP_ID: optionalString.refine(
    (value) => value === undefined || REALTIME_ID_PATTERN.test(value),
    'must be 1-64 letters, digits, - or _',
  ),
  REALTIME_APP_KEY: optionalString.refine(
    (value) => value === undefined || REALTIME_ID_PATTERN.test(value),
    'must be 1-64 letters, digits, - or _',
  ),
  REALTIME_APP_SECRET: optionalString.refine(
    (value) => value === undefined || value.length >= REALTIME_SECRET_MIN_LENGTH,
    `must be at least ${REALTIME_SECRET_MIN_LENGTH} characters`,
  ),
  REALTIME_CLIENT_EVENTS: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  REALTIME_WEBHOOK_URL: z.preprocess(
    blankAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://hooks.example/pusher' })
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(
    blankAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com' })
      .optional(),
  ),
  S3_BUCKET: optionalString.refine(
    (value) => value === undefined || S3_BUCKET_PATTERN.test(value),
    'must be a bucket name: 3-63 lowercase letters, digits, . or -',
  ),
  S3_REGION: optionalString.refine(
    (value) => value === undefined || /^[a-z0-9-]+$/.test(value),
    'must be a region name such as eu-central-1',
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  SMTP_URL: z.preprocess(
    blankAsUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com',
      })
      .optional(),
  ),
  MAIL_FROM: optionalString.refine(
    (value) => value === undefined || MAIL_FROM_PATTERN.test(value),
    'must be an address such as no-reply@tidings.example or "Tidings <no-reply@tidings.example>"',
  ),
  REQUIRE_EMAIL_CONFIRMATION: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  READ_WORKERS: z.preprocess(blankAsUndefined, wholeNumber(0, READ_WORKERS_MAX).optional()),
  PASSWORD_HASH_COST: z.preprocess(
    blankAsUndefined,
    wholeNumber(
      PASSWORD_HASH_COST.testMin,
      PASSWORD_HASH_COST.max,
      `must be a whole number from ${PASSWORD_HASH_COST.min} to ${PASSWORD_HASH_COST.max} (from ${PASSWORD_HASH_COST.testMin} with NODE_ENV=test)`,
    ).default(PASSWORD_HASH_COST.default),
  ),
  CHECK_ANSWERS: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).optional()),
  VAPID_PUBLIC_KEY: optionalString.refine(
    (value) => value === undefined || isBase64urlOf(value, VAPID_PUBLIC_KEY_BYTES),
    `must be a P-256 public key: ${VAPID_PUBLIC_KEY_BYTES} bytes, base64url-encoded`,
  ),
  VAPID_PRIVATE_KEY: optionalString.refine(
    (value) => value === undefined || isBase64urlOf(value, VAPID_PRIVATE_KEY_BYTES),
    `must be a P-256 private key: ${VAPID_PRIVATE_KEY_BYTES} bytes, base64url-encoded`,
  ),
  VAPID_SUBJECT: optionalString.refine(
    (value) => value === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(value),
    'must be a mailto: address or an https:// URL where push services can reach the operator',
  ),
  UNSAFE_PREVIEW_OFFLINE: z.preprocess(blankAsUndefined, z.enum(['true', 'false']).default('false')),
  UNSAFE_PREVIEW_ALLOWED_ADDRESSES: optionalString.refine(
    (value) => value === undefined || value.split(',').every((ip) => isIP(ip.trim()) !== 0),
    'must be a comma-separated list of IP addresses',
  ),
  UNSAFE_PUSH_ALLOWED_ADDRESSES: optionalString.refine(
    (value) => value === undefined || value.split(',').every((ip) => isIP(ip.trim()) !== 0),
    'must be a comma-separated list of IP addresses',
  ),
});

/** Every variable this module reads, in schema order: .env.example documents each of them. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Embedded: our own Pusher-protocol server on this port. Hosted: Pusher (or any compatible
 * server) publishes and the browser connects there.
 */
export type RealtimeTarget =
  | {
      kind: 'embedded';
      appId: string;
      key: string;
      secret: string;
      /** `client-*` events between subscribers of private and presence channels. */
      clientEvents: boolean;
      /** Where the embedded server POSTs its webhooks; none when undefined. */
      webhookUrl: string | undefined;
    }
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
/** Where media files live: DATA_DIR/media, or an S3-compatible bucket (AWS, MinIO, R2…). */
export type StorageTarget =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Omitted for AWS itself; the SDK derives it from the region. */
      endpoint: string | undefined;
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
    };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/outbox and its links are logged.
 */
export type MailTarget =
  { kind: 'smtp'; url: string; from: string } | { kind: 'folder'; dir: string; from: string };

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
  storage: StorageTarget;
  mail: MailTarget;
  /**
   * New accounts (and new addresses) must be confirmed by an e-mailed link before they post.
   * On by default exactly when e-mail leaves the machine (SMTP_URL); REQUIRE_EMAIL_CONFIRMATION overrides.
   */
  requireEmailConfirmation: boolean;
  trustProxy: boolean;
  /** Threads that read search results and timeline pages on SQLite (0: the event loop reads them). */
  readWorkers: number;
  /** scrypt's cost for new password hashes, as log2 of N (server/platform/crypto/passwords.ts). */
  passwordHashCost: number;
  /**
   * Every API answer is checked against its route table entry before it is sent; a mismatch is
   * logged and answered 500. On unless NODE_ENV is production (CHECK_ANSWERS overrides).
   */
  checkAnswers: boolean;
  /** Test-only: loopback addresses the preview fetcher treats as public. Dangerous elsewhere. */
  previewAllowedAddresses: string[];
  /** Test-only: the preview fetcher never asks DNS, so only IP-literal links are fetched. */
  previewOffline: boolean;
  webPush: WebPushTarget;
}

/** Web Push's VAPID identity (RFC 8292): given, or made once and kept in DATA_DIR (null here). */
export interface WebPushTarget {
  keys: { publicKey: string; privateKey: string } | null;
  /** Where push services can reach the operator: VAPID_SUBJECT, or derived from PUBLIC_URL. */
  subject: string;
  /** Test-only: loopback addresses a push endpoint may have (plain http then allowed too). */
  allowedAddresses: string[];
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
  const problems = [
    ...realtimeProblems(vars),
    ...storageProblems(vars),
    ...webPushProblems(vars),
    ...passwordHashCostProblems(vars),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
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
    storage: storageTarget(vars, dataDir),
    mail: mailTarget(vars, dataDir, publicUrl),
    requireEmailConfirmation:
      vars.REQUIRE_EMAIL_CONFIRMATION === undefined
        ? vars.SMTP_URL !== undefined
        : vars.REQUIRE_EMAIL_CONFIRMATION === 'true',
    trustProxy: vars.TRUST_PROXY === 'true',
    readWorkers: vars.READ_WORKERS ?? defaultReadWorkers(),
    passwordHashCost: vars.PASSWORD_HASH_COST,
    checkAnswers:
      vars.CHECK_ANSWERS === undefined ? vars.NODE_ENV !== 'production' : vars.CHECK_ANSWERS === 'true',
    previewAllowedAddresses: (vars.UNSAFE_PREVIEW_ALLOWED_ADDRESSES ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    previewOffline: vars.UNSAFE_PREVIEW_OFFLINE === 'true',
    webPush: webPushTarget(vars, publicUrl),
  };
}

const EMBEDDED_APP_ID = 'tidings';
const EMBEDDED_APP_KEY = 'tidings-key';

type Vars = z.infer<typeof envSchema>;

const PUSHER_CREDENTIALS = ['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const;
const REALTIME_CREDENTIALS = ['REALTIME_APP_ID', 'REALTIME_APP_KEY', 'REALTIME_APP_SECRET'] as const;
/** Settings of the embedded server only; with PUSHER_* they belong in the provider's dashboard. */
const REALTIME_EMBEDDED_SETTINGS = ['REALTIME_CLIENT_EVENTS', 'REALTIME_WEBHOOK_URL'] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/** Names in `group` that are unset while another one of the group is set. */
function missingFromPartialSet(vars: Vars, group: readonly (keyof Vars)[], required = group): string[] {
  if (group.every((name) => vars[name] === undefined)) return [];
  return required.filter((name) => vars[name] === undefined);
}

function realtimeProblems(vars: Vars): string[] {
  const problems = missingFromPartialSet(vars, PUSHER_CREDENTIALS).map(
    (name) => `${name} is required when any PUSHER_* credential is set`,
  );
  problems.push(
    ...missingFromPartialSet(vars, REALTIME_CREDENTIALS).map(
      (name) => `${name} is required when any REALTIME_APP_* credential is set`,
    ),
  );
  const isHosted = PUSHER_CREDENTIALS.some((name) => vars[name] !== undefined);
  if (isHosted) {
    // With PUSHER_* set this process runs no realtime server, so these would silently do nothing.
    problems.push(
      ...[...REALTIME_CREDENTIALS, ...REALTIME_EMBEDDED_SETTINGS]
        .filter((name) => vars[name] !== undefined)
        .map((name) => `${name} configures the embedded server and cannot be combined with PUSHER_*`),
    );
  }
  return problems;
}

function realtimeTarget(vars: Vars, sessionSecret: string): RealtimeTarget {
  if (vars.PUSHER_APP_ID !== undefined && vars.PUSHER_KEY !== undefined && vars.PUSHER_SECRET !== undefined) {
    return {
      kind: 'hosted',
      appId: vars.PUSHER_APP_ID,
      key: vars.PUSHER_KEY,
      secret: vars.PUSHER_SECRET,
      cluster: vars.PUSHER_CLUSTER,
      host: vars.PUSHER_HOST,
      port: vars.PUSHER_PORT,
      useTLS: vars.PUSHER_USE_TLS === 'true',
    };
  }
  const settings = {
    clientEvents: vars.REALTIME_CLIENT_EVENTS === 'true',
    webhookUrl: vars.REALTIME_WEBHOOK_URL,
  };
  if (
    vars.REALTIME_APP_ID !== undefined &&
    vars.REALTIME_APP_KEY !== undefined &&
    vars.REALTIME_APP_SECRET !== undefined
  ) {
    // Fixed credentials let other processes publish here through the HTTP API, as to hosted Pusher.
    return {
      kind: 'embedded',
      appId: vars.REALTIME_APP_ID,
      key: vars.REALTIME_APP_KEY,
      secret: vars.REALTIME_APP_SECRET,
      ...settings,
    };
  }
  // The embedded server's secret never leaves this process; deriving it keeps set-up at zero.
  const secret = createHmac('sha256', sessionSecret).update('realtime-app-secret').digest('hex');
  return { kind: 'embedded', appId: EMBEDDED_APP_ID, key: EMBEDDED_APP_KEY, secret, ...settings };
}

function storageProblems(vars: Vars): string[] {
  return missingFromPartialSet(vars, [...S3_REQUIRED, ...S3_OPTIONAL], S3_REQUIRED).map(
    (name) => `${name} is required when any S3_* variable is set`,
  );
}

const VAPID_KEYS = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const;

/** A cost below OWASP's minimum makes hashes cheap to guess: only a test suite's throwaway accounts may have it. */
function passwordHashCostProblems(vars: Vars): string[] {
  const { PASSWORD_HASH_COST: cost, NODE_ENV: env } = vars;
  if (cost >= PASSWORD_HASH_COST.min || env === 'test') return [];
  return [
    `PASSWORD_HASH_COST must be a whole number from ${PASSWORD_HASH_COST.min} to ${PASSWORD_HASH_COST.max}, not ${cost} (lower only with NODE_ENV=test)`,
  ];
}

function webPushProblems(vars: Vars): string[] {
  const problems = missingFromPartialSet(vars, VAPID_KEYS).map(
    (name) => `${name} is required when the other VAPID key is set`,
  );
  // Each node would make keys of its own in its own DATA_DIR, and a push signed by one node for a
  // device subscribed through another would be refused by the push service.
  if (vars.REDIS_URL !== undefined && VAPID_KEYS.some((name) => vars[name] === undefined)) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when REDIS_URL is set (several nodes)',
    );
  }
  return problems;
}

function webPushTarget(vars: Vars, publicUrl: string): WebPushTarget {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = vars;
  return {
    keys: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null,
    subject:
      vars.VAPID_SUBJECT ??
      (publicUrl.startsWith('https://') ? publicUrl : `mailto:push@${new URL(publicUrl).hostname}`),
    allowedAddresses: (vars.UNSAFE_PUSH_ALLOWED_ADDRESSES ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
  };
}

function storageTarget(vars: Vars, dataDir: string): StorageTarget {
  const { S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = vars;
  if (
    S3_BUCKET === undefined ||
    S3_REGION === undefined ||
    S3_ACCESS_KEY_ID === undefined ||
    S3_SECRET_ACCESS_KEY === undefined
  ) {
    return { kind: 'disk', root: join(dataDir, 'media') };
  }
  return {
    kind: 's3',
    bucket: S3_BUCKET,
    region: S3_REGION,
    endpoint: vars.S3_ENDPOINT,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
}

function mailTarget(vars: Vars, dataDir: string, publicUrl: string): MailTarget {
  const from = vars.MAIL_FROM ?? `Tidings <no-reply@${new URL(publicUrl).hostname}>`;
  return vars.SMTP_URL === undefined
    ? { kind: 'folder', dir: join(dataDir, 'outbox'), from }
    : { kind: 'smtp', url: vars.SMTP_URL, from };
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
