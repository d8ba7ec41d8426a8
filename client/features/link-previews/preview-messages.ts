import { ApiError, type ApiErrorCode } from '../../lib/api-client';

/** The messages a person sees when a preview fails, word for word (docs/spec.md#error-messages). */
export const PREVIEW_MESSAGES = {
  invalid: 'Invalid or failed URL',
  security: 'Could not fetch preview due to security restrictions',
  timeout: 'Request timed out',
  network: 'Network error - please check your connection',
  failed: 'Failed to load preview',
} as const;

export type PreviewMessage = (typeof PREVIEW_MESSAGES)[keyof typeof PREVIEW_MESSAGES];

/** The proxy's error codes (common/link-previews/preview-contract.ts) in the catalogue's words. */
const BY_CODE: Partial<Record<ApiErrorCode, PreviewMessage>> = {
  invalid_url: PREVIEW_MESSAGES.invalid,
  forbidden_address: PREVIEW_MESSAGES.security,
  timeout: PREVIEW_MESSAGES.timeout,
};

// Browsers word a failed fetch differently: Chrome "Failed to fetch", Node "fetch failed",
// Firefox "NetworkError when attempting to fetch resource.", Safari "Load failed".
const NETWORK_FAILURE = /failed to fetch|fetch failed|networkerror|load failed/i;

/**
 * First matching row wins (docs/spec.md#error-messages); our server's codes first, then the
 * error's own words.
 */
export function previewErrorMessage(error: unknown): PreviewMessage {
  if (error instanceof ApiError) return BY_CODE[error.code] ?? PREVIEW_MESSAGES.failed;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (/cors/i.test(message)) return PREVIEW_MESSAGES.security;
  if (name === 'TimeoutError' || /time(d)?[ -]?out/i.test(message)) return PREVIEW_MESSAGES.timeout;
  if (NETWORK_FAILURE.test(message)) return PREVIEW_MESSAGES.network;
  return PREVIEW_MESSAGES.failed;
}
