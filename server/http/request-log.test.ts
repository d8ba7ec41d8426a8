import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { errors } from '../errors';
import { installErrorHandler } from './error-handler';
import { installRequestLog } from './request-log';

interface LogLine {
  level: number;
  msg: string;
  status?: number;
  upstream?: string;
}

const INFO = 30;
const ERROR = 50;

/** A real Fastify app with the app's request log and error handler, logging into memory. */
function appWithLog(): { app: FastifyInstance; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(text) as LogLine);
      callback();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
  installErrorHandler(app);
  installRequestLog(app);
  app.get('/origin-down', async () => {
    throw errors.fetchFailed();
  });
  app.get('/origin-slow', async () => {
    throw errors.timeout();
  });
  app.get('/our-bug', async () => {
    throw new Error('a bug of ours');
  });
  return { app, lines };
}

let current: FastifyInstance | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

const requestLines = (lines: LogLine[]) => lines.filter((line) => line.status !== undefined);

describe('request log levels', () => {
  it.each([
    ['/origin-down', 502, 'fetch_failed'],
    ['/origin-slow', 504, 'timeout'],
  ])("logs another site's failure (%s) at info with its code", async (url, status, code) => {
    const { app, lines } = appWithLog();
    current = app;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(status);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({ level: INFO, status, upstream: code, msg: 'upstream failed' }),
    ]);
  });

  it('keeps error level for our own faults', async () => {
    const { app, lines } = appWithLog();
    current = app;
    expect((await app.inject({ method: 'GET', url: '/our-bug' })).statusCode).toBe(500);
    expect(requestLines(lines)).toEqual([
      expect.objectContaining({ level: ERROR, status: 500, msg: 'request failed' }),
    ]);
    expect(requestLines(lines)[0]).not.toHaveProperty('upstream');
  });
});
