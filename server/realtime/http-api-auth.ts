import { HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS } from './limits';
import {
  type AppCredentials,
  constantTimeEqual,
  hmacSha256Hex,
  httpStringToSign,
  md5Hex,
} from './signatures';

export interface SignedRequest {
  method: string;
  /** The path exactly as sent (the SDK signs it unescaped). */
  path: string;
  /** The raw query string, without the leading `?`. */
  query: string;
  /** The raw body bytes; empty for GET. */
  body: Buffer;
}

export type SignatureCheck = { ok: true; params: Record<string, string> } | { ok: false; message: string };

/**
 * Checks a signed HTTP API request the way hosted Pusher does: known key, version 1.0, a
 * timestamp within ±600 s, an MD5 of the body we received (recomputed, never trusted) and the
 * HMAC of `METHOD\nPATH\nsorted-query`. Messages name the string to sign, never the digest.
 */
export function verifySignedRequest(
  credentials: AppCredentials,
  request: SignedRequest,
  nowSeconds: number,
): SignatureCheck {
  const params = queryParams(request.query);
  if (params.auth_key !== credentials.key) return { ok: false, message: 'Unknown auth_key' };
  if (params.auth_version !== '1.0') return { ok: false, message: 'Unsupported auth_version: expected 1.0' };
  const timestamp = /^\d{1,12}$/.test(params.auth_timestamp ?? '') ? Number(params.auth_timestamp) : NaN;
  if (!(Math.abs(nowSeconds - timestamp) <= HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS)) {
    return {
      ok: false,
      message: `Timestamp expired: Given timestamp (${params.auth_timestamp ?? 'none'}) not within ${HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS}s of server time (${nowSeconds})`,
    };
  }
  if (request.body.length > 0 && params.body_md5 !== md5Hex(request.body)) {
    return { ok: false, message: 'Invalid body_md5: it does not match the MD5 of the request body' };
  }
  const stringToSign = httpStringToSign(request.method, request.path, params);
  if (!constantTimeEqual(params.auth_signature ?? '', hmacSha256Hex(credentials.secret, stringToSign))) {
    return {
      ok: false,
      message: `Invalid signature: you should have sent HmacSHA256Hex(${JSON.stringify(stringToSign)}, your_secret_key)`,
    };
  }
  return { ok: true, params };
}

/** Keys lower-cased as the signing rule says; a repeated key keeps its last value. */
function queryParams(query: string): Record<string, string> {
  const params = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(query)) params[key.toLowerCase()] = value;
  return params;
}
