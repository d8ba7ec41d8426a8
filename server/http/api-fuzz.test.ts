import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { jpeg } from '../test-support/image-fixtures';
import { multipartBody } from '../test-support/media-upload';
import {
  createTestApp,
  insertedUser,
  sessionCookieFrom,
  signedUpUser,
  type TestApp,
} from '../test-support/test-app';
import { isAcceptableText } from '../../common/contracts/text-input';
import { API_PREFIX } from './api-guards';

/**
 * Every /api/v1 route Fastify registered, sent hostile values in each path parameter, query
 * parameter and JSON body field it reads (and in fields it does not), signed in and signed out.
 * No answer may be a 5xx, every 4xx carries the error envelope, and the app works afterwards.
 * The values are a fixed list: a failure names the request and reproduces every time.
 */

type Method = NonNullable<InjectOptions['method']>;

/** Text in every shape the API must refuse or survive. */
const HOSTILE_TEXT: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u001b[31m\u001f\u007f\u0085\u009f',
  '\uD800',
  'a\uDFFFb\uDBFF',
  'tab\tnew\nline\r\n',
  '',
  ' ',
  '\u202Eevil\u200B\uFEFF',
  '🦊'.repeat(300),
  'x'.repeat(5_001),
  'é'.repeat(20_000),
  `' OR '1'='1' -- "; DROP TABLE users`,
  '""* NEAR(a b) AND -c:d ^e*',
  '%00% ../../etc/passwd\\',
  '<script>alert(1)</script>',
  '__proto__',
  '-1e308',
];

/** Path and query fragments that are not valid percent-encoding or not valid UTF-8. */
const RAW_URL_FRAGMENTS: readonly string[] = ['%', '%ZZ', '%ED%A0%80', '%C0%80'];

/** JSON values that are not strings, or objects that try to reach a prototype. */
const HOSTILE_JSON: readonly string[] = [
  '[]',
  '["a","b"]',
  '{}',
  'null',
  'true',
  '0',
  '1e308',
  '9007199254740993',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
];

/** Percent-encodes text as a browser would, and lone surrogates as the bytes UTF-8 cannot have. */
function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0xd800 || code > 0xdfff) encoded += encodeURIComponent(char);
    else
      encoded += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
  }
  return encoded;
}

/** A repeated query parameter arrives as an array: `key=a&key=b`. */
const REPEATED = Symbol('repeated');
const URL_VALUES: readonly (string | typeof REPEATED)[] = [
  ...HOSTILE_TEXT.map(percentEncode),
  ...RAW_URL_FRAGMENTS,
  REPEATED,
];
const JSON_VALUES: readonly string[] = [...HOSTILE_TEXT.map((text) => JSON.stringify(text)), ...HOSTILE_JSON];
/** A body that is not an object: the wrong types, and text. */
const WHOLE_BODY_VALUES: readonly string[] = [...HOSTILE_JSON, ...JSON_VALUES.slice(0, 4)];
/** A field no route reads gets fewer values: it only has to pass the edge. */
const STRAY_URL_VALUES: readonly (string | typeof REPEATED)[] = [
  percentEncode('a\u0000b'),
  percentEncode('\uD800'),
  percentEncode('é'.repeat(20_000)),
  percentEncode("' OR '1'='1' --"),
  '%ED%A0%80',
  REPEATED,
];
const STRAY_JSON_VALUES: readonly string[] = [
  JSON.stringify('a\u0000b'),
  JSON.stringify('\uD800'),
  JSON.stringify('é'.repeat(20_000)),
  '["a","b"]',
  '{"__proto__":{"isAdmin":true}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
];
const STRAY_FIELD = 'fuzz';

/**
 * Passwords are only ever hashed (scrypt, a good part of a second each on a busy machine), never
 * stored or searched: their fields get the values the edge must refuse and the wrong types, and
 * templates leave them empty so that fuzzing another field costs no hashing either.
 */
const PASSWORD_FIELDS = new Set(['password', 'currentPassword', 'newPassword']);
const PASSWORD_JSON_VALUES: readonly string[] = [
  ...HOSTILE_TEXT.filter((text) => !isAcceptableText(text) || text.trim() === '').map((text) =>
    JSON.stringify(text),
  ),
  ...HOSTILE_JSON,
];
const NO_PASSWORD = '';

/** A request a route would accept (or nearly): each of its fields is made hostile in turn. */
interface RequestTemplate {
  /** Percent-encoded path parameters. */
  params?: Record<string, string>;
  /** Percent-encoded query parameters; null ones are left out of the request unless being fuzzed. */
  query?: Record<string, string | null>;
  /** JSON body fields; null ones are left out unless being fuzzed. */
  body?: Record<string, unknown>;
}

interface Ids {
  handle: string;
  otherHandle: string;
  ownPost: string;
  othersPost: string;
  doomedPost: string;
  otherUser: string;
}

/** Known routes' real fields; any other route still gets every parameter and stray fields. */
function templatesFor(ids: Ids): Record<string, RequestTemplate> {
  const cursor = { cursor: null };
  const own = { id: ids.ownPost };
  return {
    'POST /api/v1/auth/signup': {
      body: { email: 'fuzz@example.com', handle: 'fuzz_new', displayName: 'Fuzz', password: NO_PASSWORD },
    },
    // Failed log-ins lock the account they name: never the fuzzer's own.
    'POST /api/v1/auth/login': { body: { login: ids.otherHandle, password: NO_PASSWORD } },
    'GET /api/v1/feed': { query: cursor },
    'POST /api/v1/posts': { body: { body: 'hello', parentId: null, images: null, linkPreviewUrl: null } },
    'GET /api/v1/posts/:id': { params: own },
    'PATCH /api/v1/posts/:id': { params: own, body: { body: 'edited' } },
    'DELETE /api/v1/posts/:id': { params: { id: ids.doomedPost } },
    'GET /api/v1/posts/:id/replies': { params: own, query: cursor },
    'PUT /api/v1/posts/:id/like': { params: { id: ids.othersPost } },
    'DELETE /api/v1/posts/:id/like': { params: { id: ids.othersPost } },
    'POST /api/v1/posts/:id/reports': {
      params: { id: ids.othersPost },
      body: { reason: 'spam', note: null },
    },
    'POST /api/v1/admin/posts/:id/reports/close': {
      params: { id: ids.othersPost },
      body: { outcome: 'dismissed' },
    },
    'DELETE /api/v1/admin/posts/:id': { params: { id: ids.doomedPost } },
    'PUT /api/v1/admin/users/:id/suspension': { params: { id: ids.otherUser } },
    'DELETE /api/v1/admin/users/:id/suspension': { params: { id: ids.otherUser } },
    'GET /api/v1/users': { query: { prefix: 'us' } },
    'GET /api/v1/users/:handle': { params: { handle: ids.handle } },
    'GET /api/v1/users/:handle/posts': { params: { handle: ids.handle }, query: cursor },
    'GET /api/v1/users/:handle/replies': { params: { handle: ids.handle }, query: cursor },
    'PATCH /api/v1/me/profile': { body: { displayName: null, bio: null } },
    'POST /api/v1/me/email': { body: { email: 'new@example.com', currentPassword: NO_PASSWORD } },
    'POST /api/v1/me/password': { body: { currentPassword: NO_PASSWORD, newPassword: NO_PASSWORD } },
    'DELETE /api/v1/me/sessions/:id': { params: { id: randomUUID() } },
    'DELETE /api/v1/me': { body: { password: NO_PASSWORD } },
    'POST /api/v1/me/blocks': { body: { userId: ids.otherUser } },
    'DELETE /api/v1/me/blocks/:userId': { params: { userId: ids.otherUser } },
    'POST /api/v1/me/mutes': { body: { userId: ids.otherUser } },
    'DELETE /api/v1/me/mutes/:userId': { params: { userId: ids.otherUser } },
    'GET /api/v1/notifications': { query: cursor },
    'POST /api/v1/notifications/:id/read': { params: { id: randomUUID() }, body: {} },
    'GET /api/v1/proxy': { query: { publicId: 'fuzz', url: percentEncode('http://127.0.0.1/') } },
    'DELETE /api/v1/media/:id': { params: { id: randomUUID() } },
    'GET /api/v1/search': { query: { q: 'hello', cursor: null } },
    'POST /api/v1/realtime/auth': {
      body: { socket_id: '123.456', channel_name: `private-user-${ids.otherUser}` },
    },
  };
}

interface Probe {
  method: Method;
  url: string;
  payload?: string;
  /** Why this request was sent, for the failure list. */
  label: string;
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method);

/** Every hostile request for one route, from its template (or an empty one). */
function probesFor(method: Method, path: string, template: RequestTemplate, full: boolean): Probe[] {
  const paramNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = Object.fromEntries(
    paramNames.map((name) => [name, template.params?.[name] ?? randomUUID()]),
  );
  const query = template.query ?? {};
  const body = template.body ?? {};
  const urlFor = (p: Record<string, string>, q: Record<string, string | null | typeof REPEATED>) => {
    const filled = path.replace(/:(\w+)/g, (_, name: string) => p[name] ?? '');
    const pairs = Object.entries(q).flatMap(([key, value]) => {
      if (value === null) return [];
      return value === REPEATED ? [`${key}=a`, `${key}=b`] : [`${key}=${value}`];
    });
    return pairs.length > 0 ? `${filled}?${pairs.join('&')}` : filled;
  };
  const baseUrl = urlFor(params, query);
  const baseBody = JSON.stringify(Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)));
  const withField = (field: string, json: string) => {
    const others = Object.fromEntries(Object.entries(body).filter(([k, v]) => k !== field && v !== null));
    const marker = `"${randomUUID()}"`;
    return JSON.stringify({ ...others, [field]: JSON.parse(marker) as string }).replace(marker, json);
  };
  const bodyOf = (json: string | undefined) => (hasBody(method) ? (json ?? baseBody) : undefined);

  const probes: Probe[] = [];
  const add = (url: string, label: string, json?: string) => {
    const payload = bodyOf(json);
    probes.push({ method, url, label, ...(payload === undefined ? {} : { payload }) });
  };
  // Every value in the route's own fields when `full`, a few otherwise and in a field no route
  // reads.
  const urlValues = (key: string) => (full && key !== STRAY_FIELD ? URL_VALUES : STRAY_URL_VALUES);
  const jsonValues = (field: string) => {
    const values = full && field !== STRAY_FIELD ? JSON_VALUES : STRAY_JSON_VALUES;
    return PASSWORD_FIELDS.has(field) ? values.filter((json) => PASSWORD_JSON_VALUES.includes(json)) : values;
  };
  for (const name of paramNames) {
    for (const value of urlValues(name)) {
      if (value !== REPEATED) add(urlFor({ ...params, [name]: value }, query), `param ${name}`);
    }
  }
  for (const key of [...Object.keys(query), STRAY_FIELD]) {
    for (const value of urlValues(key)) add(urlFor(params, { ...query, [key]: value }), `query ${key}`);
  }
  if (!hasBody(method)) {
    add(`${baseUrl}${baseUrl.includes('?') ? '&' : '?'}__proto__=x&constructor=y`, 'query prototype keys');
  }
  if (hasBody(method)) {
    for (const field of [...Object.keys(body), STRAY_FIELD]) {
      for (const json of jsonValues(field)) add(baseUrl, `body ${field}`, withField(field, json));
    }
    for (const json of full ? WHOLE_BODY_VALUES : STRAY_JSON_VALUES) add(baseUrl, 'whole body', json);
  }
  return probes;
}

/** What is wrong with an answer, or null: no 5xx, and every 4xx in the error envelope. */
function problemWith(method: string, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 400 || method === 'HEAD') return null;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `answered ${response.statusCode} without JSON`;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  const isEnvelope =
    typeof body === 'object' &&
    body !== null &&
    Object.keys(body).join() === 'error' &&
    typeof error?.code === 'string' &&
    /^[a-z0-9_]+$/.test(error.code) &&
    typeof error.message === 'string' &&
    error.message.length > 0;
  return isEnvelope ? null : `answered ${response.statusCode} outside the error envelope`;
}

let t: TestApp;
let fuzzer: Awaited<ReturnType<typeof signedUpUser>>;
let apiRoutes: { method: Method; url: string }[];
let templates: Record<string, RequestTemplate>;

beforeAll(async () => {
  // Link previews answer from here without asking DNS: nothing leaves the machine.
  t = await createTestApp({ UNSAFE_PREVIEW_OFFLINE: 'true' });
  // The first account is the admin, so the admin routes are reached as well.
  fuzzer = await signedUpUser(t);
  const other = await insertedUser(t, 'fuzz_other');
  const post = async (cookie: string, body: string) => {
    const response = await t.api({ method: 'POST', url: '/api/v1/posts', cookie, payload: { body } });
    return response.json<{ post: { id: string } }>().post.id;
  };
  // Someone else's post to like and report: written by a second signed-up account.
  const author = await signedUpUser(t);
  templates = templatesFor({
    handle: fuzzer.user.handle,
    otherHandle: other.handle,
    ownPost: await post(fuzzer.cookie, 'hello from the fuzzer'),
    othersPost: await post(author.cookie, 'a post to like and report'),
    doomedPost: await post(author.cookie, 'a post the admin may remove'),
    otherUser: other.id,
  });
  // Session-ending routes go last: their later requests are signed out.
  const endsSession = (url: string) => url === `${API_PREFIX}/auth/logout`;
  apiRoutes = t.routes
    .filter((route) => route.url.startsWith(`${API_PREFIX}/`))
    .map((route) => ({ method: route.method as Method, url: route.url }))
    .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
});

afterAll(async () => {
  await t.close();
});

/** Requests in flight at once: PostgreSQL answers while the next request is parsed. */
const PROBES_AT_ONCE = 8;

function send(probe: Probe, cookie: string | undefined): Promise<LightMyRequestResponse> {
  return t.api({
    method: probe.method,
    url: probe.url,
    cookie,
    ...(probe.payload === undefined
      ? {}
      : { payload: probe.payload, headers: { 'content-type': 'application/json' } }),
  });
}

async function sweep(cookie: string | undefined): Promise<{ sent: number; problems: string[] }> {
  const problems: string[] = [];
  let sent = 0;
  for (const route of apiRoutes) {
    const known = templates[`${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`];
    // Signed out, a request reaches the same edge and mostly a 401 after it; a HEAD route runs its
    // GET twin's handler: a few values suffice for both.
    const full = route.method !== 'HEAD' && cookie !== undefined;
    const probes = probesFor(route.method, route.url, known ?? {}, full);
    for (let i = 0; i < probes.length; i += PROBES_AT_ONCE) {
      const batch = probes.slice(i, i + PROBES_AT_ONCE);
      const responses = await Promise.all(batch.map((probe) => send(probe, cookie)));
      batch.forEach((probe, j) => {
        const response = responses[j];
        const problem = response ? problemWith(probe.method, response) : 'no answer';
        if (problem) {
          const where = `${probe.method} ${probe.url.slice(0, 120)} (${probe.label})`;
          problems.push(`${where}: ${problem}: ${response?.body.slice(0, 200) ?? ''}`);
        }
      });
      sent += batch.length;
    }
  }
  return { sent, problems };
}

describe('hostile input on every /api/v1 route', () => {
  it('lists the routes from Fastify itself, and every known route is still there', () => {
    const keys = new Set(apiRoutes.map((route) => `${route.method} ${route.url}`));
    expect(apiRoutes.length).toBeGreaterThan(40);
    for (const known of [
      'GET /api/v1/search',
      'PATCH /api/v1/me/profile',
      'GET /api/v1/users/:handle/replies',
    ]) {
      expect(keys).toContain(known);
    }
    expect(Object.keys(templates).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('multipart uploads with hostile text fields and file names', { timeout: 60_000 }, async () => {
    const { cookie } = fuzzer;
    const bytes = await jpeg(40, 30);
    const texts = HOSTILE_TEXT.filter((_, i) => i % 3 === 0);
    type Upload = { fields: Record<string, string>; name: string };
    const uploads: Upload[] = [
      ...texts.flatMap((text): Upload[] => [
        { fields: { crop: text }, name: 'a.jpg' },
        { fields: { rotation: text }, name: 'a.jpg' },
      ]),
      { fields: {}, name: '\u0000.jpg' },
      { fields: {}, name: `${'a'.repeat(5_000)}.jpg` },
    ];
    const problems: string[] = [];
    for (const [method, url] of [
      ['POST', '/api/v1/media'],
      ['PUT', '/api/v1/me/avatar'],
    ] as const) {
      for (const { fields, name } of uploads) {
        const { payload, contentType } = await multipartBody(fields, { bytes, name, type: 'image/jpeg' });
        const response = await t.api({
          method,
          url,
          cookie,
          payload,
          headers: { 'content-type': contentType },
        });
        const problem = problemWith(method, response);
        if (problem)
          problems.push(`${method} ${url} ${JSON.stringify(fields)}: ${problem}: ${response.body}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('signed in: no 5xx, every 4xx in the error envelope', { timeout: 120_000 }, async () => {
    const { sent, problems } = await sweep(fuzzer.cookie);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(1_000);
  });

  it('signed out: no 5xx, every 4xx in the error envelope', { timeout: 120_000 }, async () => {
    const { sent, problems } = await sweep(undefined);
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(500);
  });

  it('still answers afterwards: health, log-in, a new post found by search', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const login = await t.api({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: fuzzer.account.email, password: fuzzer.account.password },
      remoteAddress: '192.0.2.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieFrom(login);
    const created = await t.api({
      method: 'POST',
      url: '/api/v1/posts',
      cookie,
      payload: { body: 'survived the hostile requests' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const found = await t.api({ method: 'GET', url: '/api/v1/search?q=survived' });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().posts.map((post: { bodyText: string }) => post.bodyText)).toContain(
      'survived the hostile requests',
    );
  });
});
