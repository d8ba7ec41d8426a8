import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { progressFraction, settleUpload } from './upload';

describe('settleUpload', () => {
  it('answers the parsed body of a success', () => {
    expect(settleUpload(201, '{"image":{"id":"x"}}')).toEqual({ image: { id: 'x' } });
  });

  it("turns the server's error body into an ApiError with its code and message", () => {
    const body = JSON.stringify({ error: { code: 'invalid_image', message: 'Not an image.' } });
    expect(() => settleUpload(400, body)).toThrow(
      expect.objectContaining({ status: 400, code: 'invalid_image', message: 'Not an image.' }),
    );
  });

  it('still fails clearly when the error body is not ours (a proxy page)', () => {
    let caught: unknown;
    try {
      settleUpload(502, '<html>Bad gateway</html>');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 502, code: 'http_error' });
  });
});

describe('progressFraction', () => {
  it('is the share sent, bounded to 0..1, and 0 while the total is unknown', () => {
    expect(progressFraction(50, 200)).toBe(0.25);
    expect(progressFraction(300, 200)).toBe(1);
    expect(progressFraction(10, 0)).toBe(0);
  });
});
