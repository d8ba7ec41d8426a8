/**
 * Runs `work` with error stack traces off. Ending a fetch early makes undici and Node create
 * errors nobody reads (the body's RequestAbortedError, the socket's "aborted", the agent's
 * ClientDestroyedError), and Node's stream destroy() formats each one's stack: about a twentieth
 * of the CPU of a link preview (bench:previews). Only synchronous work, so no other code runs
 * while the limit is 0.
 */
export function withoutStackTraces(work: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
