import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { PasswordHasher } from './crypto/passwords';
import type { Db } from './db/database';
import type { DomainEvents } from './events/domain-events';
import type { InstanceSettingsStore } from './instance/instance-settings';
import type { Mailer } from './mail/mailer';
import type { MailOutbox } from './mail/mail-outbox';
import type { RateLimiter, RateLimitRule } from './rate-limit/rate-limiter';
import type { ObjectStorage } from './storage/object-storage';

/** Registers routes inside the `/api/v1` scope (compressed JSON, the API's guards). */
export type ApiRoutes = (api: FastifyInstance) => void | Promise<void>;

/**
 * What every feature module is built from: the infrastructure app.ts opens before any feature.
 * A feature gets other features' services (and the realtime transport, which live wraps) as a
 * second argument, never through here.
 */
export interface Platform {
  /** The root instance: hooks every request passes, routes outside `/api/v1`, shutdown hooks. */
  app: FastifyInstance;
  /** Adds the feature's API routes; app.ts registers them all in one `/api/v1` scope, in order. */
  apiRoutes: (register: ApiRoutes) => void;
  config: Config;
  db: Db;
  /** Hashes and checks passwords at the configured cost (PASSWORD_HASH_COST). */
  passwords: PasswordHasher;
  /** Where media files go (disk or S3). */
  storage: ObjectStorage;
  /** A limiter for the rule, counting across every node when they share Redis. */
  rateLimiter: (rule: RateLimitRule) => RateLimiter;
  /** Queues e-mail; a background sender on every node delivers it (server/platform/mail). */
  mail: Mailer;
  /** The queue itself, for the admin's view of what failed. */
  mailOutbox: MailOutbox;
  /** The admin's settings of this instance (name, rules, who may sign up), cached on every node. */
  instance: InstanceSettingsStore;
  /** Typed domain events: how features react to each other's writes, here and on other nodes. */
  events: DomainEvents;
}
