import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../common/api/routes';
import type { LikeResponse } from '../../common/contracts/posts';
import { createTestApp } from '../test-support/test-app';
import { installErrorHandler } from './error-handler';
import { defineRoute, installAnswerChecking } from './route-table';
import { type SerializedJson, serializeJson } from './serialized-json';

const POST_ID = '0190c7b4-0000-7000-8000-000000000001';
const like = { method: 'PUT', url: `/posts/${POST_ID}/like` } as const;

interface Logged {
  level: number;
  msg: string;
  route?: string;
  issues?: { code: string; path: (string | number)[]; keys?: string[] }[];
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app with the real error handler and one table entry, `posts.like`, answered by `answer`. */
async function appAnswering(checkAnswers: boolean, answer: () => unknown) {
  const lines: Logged[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Logged);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  apps.push(app);
  installErrorHandler(app);
  installAnswerChecking(app, checkAnswers);
  // The result's type is the table's; these handlers break it on purpose, as a bug would.
  defineRoute(app, routes['posts.like'], async () => answer() as LikeResponse);
  await app.ready();
  return { app, lines };
}

const leaky = { likeCount: 3, likedByMe: true, authorEmail: 'ana@example.com' };

describe('answer checking', () => {
  it('sends an answer that matches its table entry as it is', async () => {
    const { app, lines } = await appAnswering(true, () => ({ likeCount: 3, likedByMe: true }));
    const response = await app.inject(like);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ likeCount: 3, likedByMe: true });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('answers 500 to a field the table does not declare, and logs the route and the issue', async () => {
    const { app, lines } = await appAnswering(true, () => leaky);
    const response = await app.inject(like);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: expect.any(String) },
    });
    expect(response.body).not.toContain('authorEmail');
    const errors = lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      route: 'posts.like',
      msg: 'the answer does not match the route table',
      issues: [{ code: 'unrecognized_keys', keys: ['authorEmail'], path: [] }],
    });
  });

  it('checks JSON made elsewhere, and what an answer becomes on the wire', async () => {
    // What a worker would send if its answer were wrong: the count as a string.
    const text = serializeJson({
      likeCount: '3',
      likedByMe: true,
    }) as unknown as SerializedJson<LikeResponse>;
    const serialized = await appAnswering(true, () => text);
    expect((await serialized.app.inject(like)).statusCode).toBe(500);
    expect(serialized.lines.find((line) => line.level === 50)?.issues).toMatchObject([
      { code: 'invalid_type', path: ['likeCount'] },
    ]);
    // A field left undefined is not sent, so it is no leak.
    const withUndefined = await appAnswering(true, () => ({
      likeCount: 1,
      likedByMe: false,
      gone: undefined,
    }));
    expect((await withUndefined.app.inject(like)).statusCode).toBe(200);
  });

  it('sends whatever the handler answers when checking is off', async () => {
    const { app, lines } = await appAnswering(false, () => leaky);
    const response = await app.inject(like);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(leaky);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('is on in the app the tests build, and CHECK_ANSWERS turns it off', async () => {
    const on = await createTestApp();
    const off = await createTestApp({ CHECK_ANSWERS: 'false' });
    try {
      expect(on.app.checkAnswers).toBe(true);
      expect(off.app.checkAnswers).toBe(false);
    } finally {
      await Promise.all([on.close(), off.close()]);
    }
  });
});
