import type { FastifyInstance, FastifyReply } from 'fastify';

/** Replies that carry another site's failure, with its code (set by the error handler). */
const upstreamFailures = new WeakMap<FastifyReply, string>();

/** Marks `reply` as another site's failure: its line is info, not error, and names `code`. */
export function noteUpstreamFailure(reply: FastifyReply, code: string): void {
  upstreamFailures.set(reply, code);
}

/**
 * One structured line per answered request: enough to trace a request, cheap at volume. A 5xx
 * is an error, except when another site failed (a page that answers 4xx/5xx or cannot be
 * reached): that is logged at info with its failure code.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    const upstream = upstreamFailures.get(reply);
    if (upstream !== undefined) request.log.info({ ...line, upstream }, 'upstream failed');
    else if (reply.statusCode >= 500) request.log.error(line, 'request failed');
    else request.log.info(line, 'request');
  });
}
