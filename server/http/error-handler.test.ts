import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, isErrorCode } from '../../common/contracts/errors';
import { errors } from '../errors';
import { DATABASE_RETRY_AFTER_SECONDS } from '../platform/db/unavailable';
import { installErrorHandler } from './error-handler';

const SECRET = 'relation "users" does not exist at /srv/tidings/data';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  installErrorHandler(app);
  app.get('/bug', async () => {
    throw new Error(SECRET);
  });
  app.get('/type-error', async () => {
    throw new TypeError(`Cannot read properties of undefined (reading '${SECRET}')`);
  });
  app.get('/not-an-error', async () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a library that throws a string
    throw SECRET;
  });
  app.get('/rate-limited', async () => {
    throw errors.rateLimited(7);
  });
  app.get('/validation', async () => {
    throw errors.validation({ handle: 'Choose a handle.' });
  });
  app.get('/database-away', async () => {
    throw Object.assign(new Error(`connect ECONNREFUSED ${SECRET}`), { code: 'ECONNREFUSED' });
  });
  app.post('/json', async () => ({}));
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it.each(['/bug', '/type-error', '/not-an-error'])(
    'answers what %s throws, not being an AppError, with a bare 500 that reveals nothing',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: { code: 'internal_error', message: ERROR_CATALOGUE.internal_error.message },
      });
      expect(response.body).not.toContain('users');
      expect(response.headers['retry-after']).toBeUndefined();
    },
  );

  it('answers an AppError with its status, code, message and headers', async () => {
    const response = await app.inject({ url: '/rate-limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toEqual({
      error: { code: 'rate_limited', message: 'Too many requests. Try again in 7 s.' },
    });
  });

  it('adds the field messages of a validation error', async () => {
    const response = await app.inject({ url: '/validation' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some fields need attention.',
        fields: { handle: 'Choose a handle.' },
      },
    });
  });

  it('answers a database that is away with 503 and Retry-After, hiding the driver message', async () => {
    const response = await app.inject({ url: '/database-away' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(response.json().error.code).toBe('database_unavailable');
    expect(response.body).not.toContain('ECONNREFUSED');
  });

  it.each<[string, string, string, number]>([
    ['malformed JSON', 'application/json', '{"a":', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['a content type nobody parses', 'application/x-www-form-urlencoded', 'a=1', 415],
  ])(
    "keeps Fastify's status for %s and answers a code of the vocabulary",
    async (_name, type, payload, status) => {
      const response = await app.inject({
        method: 'POST',
        url: '/json',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode).toBe(status);
      const { error } = response.json();
      expect(isErrorCode(error.code)).toBe(true);
      expect(typeof error.message).toBe('string');
    },
  );
});
