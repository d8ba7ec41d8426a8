/**
 * Start-up failures an operator can fix get one plain sentence that says what to do; anything
 * else keeps its stack trace, which is what a bug report needs.
 */

interface ListenError {
  code: string;
  syscall: 'listen';
}

function isListenError(error: unknown): error is ListenError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { syscall?: unknown }).syscall === 'listen' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** What to tell the operator when the HTTP server cannot listen on `host`:`port`, or null. */
export function explainListenError(error: unknown, host: string, port: number): string | null {
  if (!isListenError(error)) return null;
  const where = `Port ${port} on ${host}`;
  switch (error.code) {
    case 'EADDRINUSE':
      return `${where} is already in use by another program (another Tidings?). Stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `${where} needs privileges this process does not have (ports below 1024 usually do). Set PORT to 1024 or above and put a reverse proxy in front, or grant the privilege.`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine, so ${where.toLowerCase()} cannot be opened. Set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all).`;
    default:
      return null;
  }
}
