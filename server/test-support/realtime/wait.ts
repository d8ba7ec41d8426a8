/** Every wait in the realtime tests is bounded; a hung wait names what it waited for. */
export const WAIT_MS = 5_000;

export function withTimeout<T>(promise: Promise<T>, label: string, timeoutMs = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${label}`)),
      timeoutMs,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** pusher-js objects (connection, channels) share this bind/unbind shape. */
export interface Bindable {
  bind(event: string, callback: (data: never) => void): unknown;
  unbind(event: string, callback: (data: never) => void): unknown;
}

/** The next `event` on a pusher-js object that passes `accept`. */
export function nextEvent<T = unknown>(
  target: Bindable,
  event: string,
  accept: (data: T) => boolean = () => true,
  timeoutMs = WAIT_MS,
): Promise<T> {
  let resolveReceived: (data: T) => void = () => undefined;
  const received = new Promise<T>((resolve) => (resolveReceived = resolve));
  const listener = (data: T) => {
    if (accept(data)) resolveReceived(data);
  };
  target.bind(event, listener);
  return withTimeout(received, `pusher-js event ${event}`, timeoutMs).finally(() =>
    target.unbind(event, listener),
  );
}

/** Collects every `event` from now on, for asserting that something did NOT arrive. */
export function collectEvents<T = unknown>(target: Bindable, event: string): T[] {
  const seen: T[] = [];
  target.bind(event, (data: T) => seen.push(data));
  return seen;
}

/** For state with no event to wait on (server-side cleanup after a close): a bounded poll. */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  label: string,
  timeoutMs = WAIT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
