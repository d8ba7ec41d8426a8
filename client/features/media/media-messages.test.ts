import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode } from '../../lib/api-client';
import { uploadErrorMessage } from './media-messages';

describe('uploadErrorMessage', () => {
  it.each<[ApiErrorCode, number, RegExp]>([
    ['invalid_image', 400, /not an image Tidings can use/],
    ['invalid_crop', 400, /crop reaches outside/],
    ['file_too_large', 413, /larger than 15 MB/],
    ['image_too_large', 400, /more than 50 megapixels/],
    ['rate_limited', 429, /too quickly/],
    ['unauthenticated', 401, /Log in again/],
  ])('words %s for people', (code, status, expected) => {
    expect(uploadErrorMessage(new ApiError(status, code, 'server words'))).toMatch(expected);
  });

  it("treats a proxy's 413 page like the server's own size refusal", () => {
    expect(uploadErrorMessage(new ApiError(413, 'http_error', 'The server answered 413.'))).toMatch(
      /larger than 15 MB/,
    );
  });

  it("passes other errors on in the server's words, and a lost connection as such", () => {
    expect(
      uploadErrorMessage(new ApiError(415, 'unsupported_media_type', 'Send the image as multipart.')),
    ).toBe('Send the image as multipart.');
    expect(uploadErrorMessage(new TypeError('network'))).toMatch(/Could not reach Tidings/);
  });
});
