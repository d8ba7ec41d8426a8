/**
 * A real HTTP client for a server in its own process (server-process.ts), and a bounded write
 * load against it that remembers what the server acknowledged: for fault tests that kill the
 * process or cut its database and then check that nothing acknowledged was lost.
 */

export interface HttpAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  /** Why there was no answer (status 0): the client's error and its cause, for a failure message. */
  failure?: string;
}

/** `fetch failed (read ECONNRESET)`, `This operation was aborted (…)`: what undici says, with its cause. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}

export interface Writer {
  cookie: string;
  userId: string;
}

/** One request as the client sends it; a refused or dropped connection answers status 0. */
export async function send(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<HttpAnswer> {
  try {
    // eslint-disable-next-line no-restricted-globals -- a test's client of its own server on 127.0.0.1
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? null : JSON.parse(text),
    };
  } catch (error) {
    return { status: 0, headers: new Headers(), body: null, failure: describeFailure(error) };
  }
}

/** A request the server has not answered in this long counts as unanswered (status 0). */
const REQUEST_TIMEOUT_MS = 30_000;
/** A writer whose request failed waits this long before the next, as a client backing off would. */
const FAILURE_PAUSE_MS = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let accounts = 0;

export async function signUp(base: string): Promise<Writer> {
  accounts += 1;
  const suffix = `${process.pid}_${accounts}`;
  // eslint-disable-next-line no-restricted-globals -- a test's client of its own server on 127.0.0.1
  const response = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `load${suffix}@example.com`,
      handle: `load_${suffix}`,
      displayName: `Load ${accounts}`,
      password: 'correct horse battery staple',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { user } = (await response.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}

export async function createPost(base: string, writer: Writer, body: string, parentId?: string) {
  const answer = await send(base, 'POST', '/api/v1/posts', {
    cookie: writer.cookie,
    body: parentId === undefined ? { body } : { body, parentId },
  });
  return { answer, id: answer.status === 201 ? (answer.body as { post: { id: string } }).post.id : null };
}

/** What the server acknowledged (answered 2xx) during a load. */
export interface Acknowledged {
  posts: Set<string>;
  replies: Map<string, string>;
  /** `${postId} ${userId}` → whether it is liked, as the last answered request for the pair said. */
  likes: Map<string, boolean>;
  /** Pairs whose last request went unanswered (or failed): it may or may not have been written. */
  uncertainLikes: Set<string>;
  /** Every status answered, for asserting that nothing was a 500. */
  statuses: number[];
}

export interface WriteLoadOptions {
  base: string;
  writers: Writer[];
  /** Top-level posts every writer replies to and likes, so writes to one post overlap. */
  targets: string[];
  /** Stops after this many requests in all… */
  maxRequests: number;
  /** …or after this long, whichever comes first. */
  maxMs: number;
  /** Stops early once this returns true (checked before each request). */
  shouldStop?: () => boolean;
}

/**
 * Every writer, at once and in a loop: reply to a target, like or unlike a target. Bounded in
 * requests and time. A like is recorded as acknowledged only when answered 200; its last
 * acknowledged state is what must survive.
 */
export async function runWriteLoad(options: WriteLoadOptions, acknowledged: Acknowledged): Promise<void> {
  const { base, writers, targets, maxRequests, maxMs } = options;
  const deadline = Date.now() + maxMs;
  let sent = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
  await Promise.all(
    writers.map(async (writer, w) => {
      for (let i = 0; sent < maxRequests && Date.now() < deadline && !options.shouldStop?.(); i += 1) {
        sent += 1;
        const target = pick(targets);
        if (i % 2 === 0) {
          const { answer, id } = await createPost(base, writer, `Reply ${w}.${i}`, target);
          acknowledged.statuses.push(answer.status);
          if (id) acknowledged.replies.set(id, target);
          else await pause(FAILURE_PAUSE_MS);
        } else {
          const key = `${target} ${writer.userId}`;
          const isLiked = !(acknowledged.likes.get(key) ?? false);
          const answer = await send(base, isLiked ? 'PUT' : 'DELETE', `/api/v1/posts/${target}/like`, {
            cookie: writer.cookie,
          });
          acknowledged.statuses.push(answer.status);
          if (answer.status === 200) {
            acknowledged.likes.set(key, isLiked);
            acknowledged.uncertainLikes.delete(key);
          } else {
            acknowledged.uncertainLikes.add(key);
            await pause(FAILURE_PAUSE_MS);
          }
        }
      }
    }),
  );
}

export function emptyAcknowledged(): Acknowledged {
  return { posts: new Set(), replies: new Map(), likes: new Map(), uncertainLikes: new Set(), statuses: [] };
}
