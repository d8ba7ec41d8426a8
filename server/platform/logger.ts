import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';
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
 *
 * JSON lines are written asynchronously: a line joins a buffer that one write at a time takes
 * to stdout, off the event loop, so a busy server writes many lines per system call instead of
 * one synchronous write per request (that write was about a tenth of a Home page's event-loop
 * time, BENCHMARKS.md). pino flushes the buffer synchronously when the process exits, on a
 * signal or an uncaught exception as well; only a power cut or SIGKILL can lose its last lines.
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
  if (config.logLevel === 'silent') return base;
  return { ...base, stream: pino.destination({ dest: 1, sync: false }) };
}
