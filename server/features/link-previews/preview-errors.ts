import { type AppError, errors } from '../../errors';
import { INVALID_URL_MESSAGE } from './link-previews.schema';
import type { PreviewFailure, PreviewRefusal } from './preview-outcome';

/**
 * The HTTP face of a failed preview. Messages are fixed per code: resolver and socket details
 * would turn the endpoint into a port scanner. The timeout message contains "timeout", which is
 * what the client looks for (docs/spec.md#error-messages).
 */
const UPSTREAM: Record<
  Exclude<PreviewFailure['code'], 'invalid_url' | 'forbidden_address' | 'timeout'>,
  string
> = {
  too_many_redirects: 'The page redirected too many times.',
  bad_redirect: 'The page redirected to an address we cannot follow.',
  upstream_status: 'The page answered with an error.',
  too_large: 'The page is too large to preview.',
  unsupported_content: 'That address is neither a web page nor media we can preview.',
  fetch_failed: 'The page could not be reached.',
};

export function previewError(failure: PreviewFailure | PreviewRefusal): AppError {
  switch (failure.code) {
    case 'invalid_url':
      return errors.badRequest('invalid_url', INVALID_URL_MESSAGE);
    case 'forbidden_address':
      return errors.forbidden(
        'forbidden_address',
        'That address is not allowed: it points to a private network.',
      );
    case 'timeout':
      return errors.upstream(504, 'timeout', 'The page did not answer in time (timeout).');
    case 'rate_limited':
      return errors.rateLimited(failure.retryAfterSeconds);
    default:
      return errors.upstream(502, failure.code, UPSTREAM[failure.code]);
  }
}
