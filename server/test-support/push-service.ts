import {
  createECDH,
  createPublicKey,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
  type KeyObject,
} from 'node:crypto';
// eslint-disable-next-line no-restricted-imports -- the stand-in is a server on 127.0.0.1 that tests send to; it makes no outbound requests
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { buffer as readBody } from 'node:stream/consumers';
import { decrypt } from 'http_ece';

/** The browser's PushSubscription JSON shape. */
export interface TestPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** Decrypted payload text (RFC 8291 / aes128gcm), or null when the request had no body. */
  payload: string | null;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  vapid: { aud: string; sub: string; exp: number };
}

export interface RejectedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushServiceStandIn {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** A new subscription on this service: a fresh P-256 key pair and 16-byte auth secret, kept here to decrypt what arrives for it. */
  subscribe(): TestPushSubscription;
  /** Answer the next requests for this endpoint with this status (e.g. 404 or 410 when the browser unsubscribed, 429, 500) instead of 201. Persistent until changed; `null` restores 201. */
  answer(endpoint: string, status: number | null): void;
  readonly received: ReceivedPush[];
  readonly rejected: RejectedPush[];
  /** Resolves when `count` pushes in total have been received (accepted), or rejects after timeoutMs. */
  waitForReceived(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/** RFC 8030 §7.2: a push service must take 4096 octets of body; FCM and autopush refuse more with 413. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292 §2: a VAPID token must not be valid for more than 24 hours. */
const MAX_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
/** RFC 8030 §5.4: at most 32 characters of the base64url alphabet. */
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** RFC 8188 §2.1: salt (16) + record size (4) + key id length (1), before the key id. */
const ECE_FIXED_HEADER_BYTES = 21;
/** An uncompressed P-256 point: 0x04, then x and y of 32 bytes each. */
const P256_POINT_BYTES = 65;
/** The smallest aes128gcm record: the padding delimiter and the 16-byte GCM tag. */
const MIN_RECORD_BYTES = 17;
const DEFAULT_WAIT_MS = 5_000;

/** Why a request was refused; the checks throw it and the handler turns it into the response. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

interface Subscriber {
  ecdh: ECDH;
  authSecret: string;
  answer: number | null;
}

interface VapidKey {
  bytes: Buffer;
  key: KeyObject;
}

interface Waiter {
  count: number;
  resolve(pushes: ReceivedPush[]): void;
  reject(error: Error): void;
}

/** A push service (what FCM or autopush are to a browser) on 127.0.0.1 that checks and decrypts what it gets. */
export async function startPushService(options: { vapidPublicKey: string }): Promise<PushServiceStandIn> {
  const vapidKey = vapidKeyFrom(options.vapidPublicKey);
  const subscribers = new Map<string, Subscriber>();
  const received: ReceivedPush[] = [];
  const rejected: RejectedPush[] = [];
  const waiters = new Set<Waiter>();
  let origin = '';

  function accept(push: ReceivedPush, response: ServerResponse): void {
    received.push(push);
    // RFC 8030 §5: the push service names the message it now holds.
    response.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
    for (const waiter of waiters) {
      if (received.length >= waiter.count) waiter.resolve([...received]);
    }
  }

  function refuse(endpoint: string, status: number, reason: string, response: ServerResponse): void {
    rejected.push({ endpoint, status, reason });
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(reason);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const endpoint = `${origin}${request.url ?? '/'}`;
    const body = await readBody(request);
    try {
      const subscriber = subscribers.get(endpoint);
      const push = checkPush(request, body, { endpoint, subscriber, origin, vapidKey });
      // Checked after the request itself, so a broken request is still caught while an answer is programmed.
      const programmed = subscriber?.answer ?? null;
      if (programmed !== null) refuse(endpoint, programmed, 'programmed answer', response);
      else accept(push, response);
    } catch (error) {
      if (error instanceof Refusal) refuse(endpoint, error.status, error.reason, response);
      else refuse(endpoint, 500, `the push service failed: ${messageOf(error)}`, response);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Only a failed body read lands here; the socket is gone or going.
      rejected.push({ endpoint: `${origin}${request.url ?? '/'}`, status: 400, reason: messageOf(error) });
      response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the push service has no port');
  origin = `http://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    rejected,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscribers.set(endpoint, { ecdh, authSecret, answer: null });
      return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret } };
    },
    answer(endpoint, status) {
      const subscriber = subscribers.get(endpoint);
      if (subscriber === undefined) throw new Error(`${endpoint} is not a subscription on this push service`);
      subscriber.answer = status;
    },
    waitForReceived(count, timeoutMs = DEFAULT_WAIT_MS) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise<ReceivedPush[]>((resolve, reject) => {
        const timer = setTimeout(() => {
          const refusals = rejected.map((push) => `${push.status} ${push.reason}`).join('; ') || 'none';
          waiter.reject(
            new Error(
              `expected ${count} pushes within ${timeoutMs} ms, received ${received.length}; rejected: ${refusals}`,
            ),
          );
        }, timeoutMs);
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
        };
        const waiter: Waiter = {
          count,
          resolve(pushes) {
            settle();
            resolve(pushes);
          },
          reject(error) {
            settle();
            reject(error);
          },
        };
        waiters.add(waiter);
      });
    },
    async close() {
      for (const waiter of waiters) waiter.reject(new Error('the push service closed'));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // fetch keeps connections alive; without this, close() would wait for them to time out.
      server.closeAllConnections();
      await closed;
    },
  };
}

interface PushContext {
  endpoint: string;
  subscriber: Subscriber | undefined;
  origin: string;
  vapidKey: VapidKey;
}

/** Every check a push service makes before it takes a message, in the order it makes them. */
function checkPush(request: IncomingMessage, body: Buffer, context: PushContext): ReceivedPush {
  const { endpoint, subscriber, origin, vapidKey } = context;
  if (request.method !== 'POST')
    throw new Refusal(405, `push requests are POST, not ${request.method ?? 'none'}`);
  if (subscriber === undefined) throw new Refusal(404, 'no such subscription on this push service');
  if (body.length > MAX_BODY_BYTES) {
    throw new Refusal(413, `the body is ${body.length} bytes; push services take ${MAX_BODY_BYTES}`);
  }
  const vapid = checkVapid(headerOf(request, 'authorization'), vapidKey, origin);
  return {
    endpoint,
    ttl: readTtl(headerOf(request, 'ttl')),
    urgency: readUrgency(headerOf(request, 'urgency')),
    topic: readTopic(headerOf(request, 'topic')),
    payload: decryptPayload(body, headerOf(request, 'content-encoding'), subscriber),
    vapid,
  };
}

/** Node joins repeated unknown headers itself; only set-cookie-like ones come as arrays. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`. */
function checkVapid(
  authorization: string | undefined,
  vapidKey: VapidKey,
  origin: string,
): ReceivedPush['vapid'] {
  const { token, key } = parseVapidAuthorization(authorization);
  checkVapidKey(key, vapidKey.bytes);
  return verifyToken(token, vapidKey.key, origin);
}

function parseVapidAuthorization(authorization: string | undefined): { token: string; key: string } {
  if (authorization === undefined) throw new Refusal(401, 'no Authorization header');
  const params = /^vapid\s+(.*)$/i.exec(authorization.trim())?.[1];
  if (params === undefined) {
    throw new Refusal(401, `the Authorization scheme is not vapid: ${authorization.split(' ')[0] ?? ''}`);
  }
  const values = new Map<string, string>();
  for (const param of params.split(',')) {
    const equals = param.indexOf('=');
    if (equals > 0) values.set(param.slice(0, equals).trim().toLowerCase(), param.slice(equals + 1).trim());
  }
  const token = values.get('t');
  const key = values.get('k');
  if (!token || !key) throw new Refusal(401, 'the vapid Authorization needs both t= and k=');
  return { token, key };
}

function checkVapidKey(key: string, expected: Buffer): void {
  const bytes = BASE64URL.test(key) ? Buffer.from(key, 'base64url') : null;
  if (bytes?.length !== P256_POINT_BYTES || bytes[0] !== 0x04) {
    throw new Refusal(401, 'k is not a base64url uncompressed P-256 public key');
  }
  // RFC 8292 §4.2: a subscription made with one application server key refuses any other.
  if (!bytes.equals(expected))
    throw new Refusal(403, 'k is not the application server key of this subscription');
}

function verifyToken(token: string, key: KeyObject, origin: string): ReceivedPush['vapid'] {
  const parts = token.split('.');
  const [header, claims, signature] = parts;
  if (
    parts.length !== 3 ||
    !parts.every((part) => BASE64URL.test(part)) ||
    !header ||
    !claims ||
    !signature
  ) {
    throw new Refusal(401, 'the VAPID token is not a compact JWS (three base64url parts)');
  }
  const alg = parseJsonObject(header, 'header').alg;
  if (alg !== 'ES256') throw new Refusal(401, `the VAPID token's alg is ${JSON.stringify(alg)}, not ES256`);
  // ES256 in a JWS is r and s side by side, 32 bytes each, not DER.
  const signatureBytes = Buffer.from(signature, 'base64url');
  const signed = Buffer.from(`${header}.${claims}`);
  const valid =
    signatureBytes.length === 64 &&
    verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signatureBytes);
  if (!valid) throw new Refusal(401, "the VAPID token's signature does not verify with k");
  return checkClaims(parseJsonObject(claims, 'claims'), origin);
}

function parseJsonObject(part: string, name: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new Refusal(401, `the VAPID token's ${name} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Refusal(401, `the VAPID token's ${name} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/** RFC 8292 §2: aud is the push service's origin, exp at most 24 h ahead, sub a contact for the operator. */
function checkClaims(claims: Record<string, unknown>, origin: string): ReceivedPush['vapid'] {
  const { aud, exp, sub } = claims;
  if (typeof aud !== 'string' || aud !== origin) {
    throw new Refusal(401, `aud is ${JSON.stringify(aud)}, not this push service's origin ${origin}`);
  }
  if (typeof exp !== 'number' || !Number.isInteger(exp))
    throw new Refusal(401, 'exp is not a whole number of seconds');
  const now = Math.floor(Date.now() / 1000);
  if (exp <= now) throw new Refusal(401, `the VAPID token expired ${now - exp} s ago`);
  if (exp > now + MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Refusal(401, `exp is ${exp - now} s ahead, more than the 24 hours allowed`);
  }
  if (typeof sub !== 'string' || !isContactUrl(sub)) {
    throw new Refusal(401, `sub is ${JSON.stringify(sub)}, not a mailto: or https: URL`);
  }
  return { aud, exp, sub };
}

function isContactUrl(value: string): boolean {
  return URL.canParse(value) && ['mailto:', 'https:'].includes(new URL(value).protocol);
}

/** RFC 8030 §5.2: TTL is required, in whole seconds (0 means deliver now or drop). */
function readTtl(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value.trim())) {
    throw new Refusal(
      400,
      `TTL must be a whole number of seconds, got ${value === undefined ? 'no TTL header' : JSON.stringify(value)}`,
    );
  }
  return Number(value.trim());
}

function readUrgency(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!URGENCIES.has(value.trim()))
    throw new Refusal(400, `Urgency ${JSON.stringify(value)} is not one of RFC 8030 §5.3`);
  return value.trim();
}

function readTopic(value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!TOPIC.test(value))
    throw new Refusal(400, `Topic ${JSON.stringify(value)} is not 1 to 32 base64url characters`);
  return value;
}

function decryptPayload(
  body: Buffer,
  contentEncoding: string | undefined,
  subscriber: Subscriber,
): string | null {
  if (body.length === 0) return null;
  if (contentEncoding?.trim().toLowerCase() !== 'aes128gcm') {
    throw new Refusal(400, `a body needs Content-Encoding: aes128gcm, got ${contentEncoding ?? 'none'}`);
  }
  checkEncryptionHeader(body);
  try {
    const plaintext = decrypt(body, {
      version: 'aes128gcm',
      privateKey: subscriber.ecdh,
      authSecret: subscriber.authSecret,
    });
    return plaintext.toString('utf8');
  } catch (error) {
    throw new Refusal(400, `the body does not decrypt with the subscription's keys: ${messageOf(error)}`);
  }
}

/**
 * What RFC 8291 §4 asks of the aes128gcm header and that http_ece lets through: the key id is the
 * sender's 65-byte public key, and one record holds the whole message. http_ece would also
 * "decrypt" a header with no record after it into an empty payload.
 */
function checkEncryptionHeader(body: Buffer): void {
  if (body.length < ECE_FIXED_HEADER_BYTES)
    throw new Refusal(400, 'the body is shorter than an aes128gcm header');
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  if (keyIdLength !== P256_POINT_BYTES) {
    throw new Refusal(
      400,
      `the aes128gcm key id is ${keyIdLength} bytes, not the sender's 65-byte public key`,
    );
  }
  const recordBytes = body.length - ECE_FIXED_HEADER_BYTES - keyIdLength;
  if (recordBytes < MIN_RECORD_BYTES)
    throw new Refusal(400, 'the body has no aes128gcm record after its header');
  if (recordBytes > recordSize) {
    throw new Refusal(400, `the payload spans more than one record (rs ${recordSize}, ${recordBytes} bytes)`);
  }
}

/** The configured key as the bytes `k` must match and as a key object that verifies signatures. */
function vapidKeyFrom(publicKey: string): VapidKey {
  const bytes = Buffer.from(publicKey, 'base64url');
  if (!BASE64URL.test(publicKey) || bytes.length !== P256_POINT_BYTES || bytes[0] !== 0x04) {
    throw new Error('vapidPublicKey must be a base64url uncompressed P-256 public key (65 bytes)');
  }
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: bytes.subarray(1, 33).toString('base64url'),
    y: bytes.subarray(33).toString('base64url'),
  };
  return { bytes, key: createPublicKey({ key: jwk, format: 'jwk' }) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
