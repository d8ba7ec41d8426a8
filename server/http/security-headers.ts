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

export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
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
