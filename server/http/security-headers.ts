import type { FastifyInstance } from 'fastify';

/** Second layer behind sanitising: no inline script, no plugins, no framing, no base hijack. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // No third-party images or media: link-card images are copied to our origin (/media/p/).
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Served over https (PUBLIC_URL), browsers are told to use https only for a year: no first
 * request in plain http that an attacker could answer. Without includeSubDomains, so that other
 * hosts under the same domain keep their own choice.
 */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

export function installSecurityHeaders(app: FastifyInstance, { isSecure }: { isSecure: boolean }): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (isSecure) void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    // On every response, not only HTML: a JSON or upload URL opened directly gets no script either.
    void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('cross-origin-opener-policy', 'same-origin');
    void reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    return payload;
  });
}
