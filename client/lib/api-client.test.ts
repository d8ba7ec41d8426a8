import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from './api-client';

describe('toApiError', () => {
  it("keeps the server's code, message and field messages", () => {
    const error = toApiError(409, {
      error: { code: 'email_taken', message: 'In use.', fields: { email: 'Taken.' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'email_taken',
      message: 'In use.',
      fields: { email: 'Taken.' },
    });
  });

  it('answers a code outside the vocabulary as http_error, not as that code', () => {
    const error = toApiError(418, { error: { code: 'teapot', message: 'I am a teapot.' } });
    expect(error).toMatchObject({ status: 418, code: 'http_error', message: 'The server answered 418.' });
  });

  it('refuses a body that only looks like ours: a code that is no string, a missing message', () => {
    expect(toApiError(400, { error: { code: 7, message: 'x' } }).code).toBe('http_error');
    expect(toApiError(400, { error: { code: 'not_found' } }).code).toBe('http_error');
    expect(toApiError(500, null).code).toBe('http_error');
    expect(toApiError(502, '<html>Bad gateway</html>').code).toBe('http_error');
  });

  it('keeps only the field messages that are text', () => {
    const error = toApiError(400, {
      error: { code: 'validation_failed', message: 'Fix it.', fields: { bio: 'Too long.', handle: 3 } },
    });
    expect(error.fields).toEqual({ bio: 'Too long.' });
  });

  it('does not take inherited names for codes', () => {
    expect(toApiError(400, { error: { code: 'toString', message: 'x' } }).code).toBe('http_error');
  });
});
