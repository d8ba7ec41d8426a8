import { type AppError, errors } from '../../errors';
import type { PreviewFailure, PreviewRefusal } from './preview-outcome';

/**
 * The HTTP face of a failed preview. Messages are fixed per code (common/contracts/errors.ts):
 * resolver and socket details would turn the endpoint into a port scanner. The timeout message
 * contains "timeout", which is what the client looks for (docs/spec.md#error-messages).
 */
const UPSTREAM: Record<
  Exclude<PreviewFailure['code'], 'invalid_url' | 'forbidden_address' | 'timeout'>,
  () => AppError
> = {
  too_many_redirects: errors.tooManyRedirects,
  bad_redirect: errors.badRedirect,
  upstream_status: errors.upstreamStatus,
  too_large: errors.tooLarge,
  unsupported_content: errors.unsupportedContent,
  fetch_failed: errors.fetchFailed,
};

export function previewError(failure: PreviewFailure | PreviewRefusal): AppError {
  switch (failure.code) {
    case 'invalid_url':
      return errors.invalidUrl();
    case 'forbidden_address':
      return errors.forbiddenAddress();
    case 'timeout':
      return errors.timeout();
    case 'rate_limited':
      return errors.rateLimited(failure.retryAfterSeconds);
    default:
      return UPSTREAM[failure.code]();
  }
}
