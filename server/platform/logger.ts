import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const PRETTY_PRINTER = 'pino-pretty';

export interface LogOutput {
  /** Whether a person reads the output (stdout is a terminal). */
  isTerminal?: boolean;
  /** The package that formats readable lines; a devDependency, so absent in production installs. */
  prettyPrinter?: string;
}

function isInstalled(packageName: string): boolean {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return true;
  } catch {
    return false;
  }
}

/**
 * pino through Fastify: readable lines when a person watches the terminal, JSON lines for
 * anything else (a file, journald, a log collector). Without pino-pretty (`npm ci --omit=dev`)
 * a terminal gets JSON lines too rather than a failed start.
 */
export function createLoggerOptions(
  config: Config,
  { isTerminal = process.stdout.isTTY === true, prettyPrinter = PRETTY_PRINTER }: LogOutput = {},
): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  // pino-pretty runs in a worker thread: none is started when nothing is ever printed.
  if (isTerminal && config.logLevel !== 'silent' && isInstalled(prettyPrinter)) {
    return {
      ...base,
      transport: { target: prettyPrinter, options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    };
  }
  return base;
}
