import { createPrivateKey, sign } from 'node:crypto';
import webpush, { type RequestDetails, type RequestOptions, type VapidKeys } from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandIn, type TestPushSubscription } from './push-service';

const SUBJECT = 'mailto:admin@example.com';
const DAY_SECONDS = 24 * 60 * 60;
const serverKeys = webpush.generateVAPIDKeys();

let service: PushServiceStandIn;

beforeEach(async () => {
  service = await startPushService({ vapidPublicKey: serverKeys.publicKey });
});

afterEach(async () => {
  await service.close();
});

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The request web-push would make, exactly as the server under test builds it. */
function requestFor(
  subscription: TestPushSubscription,
  payload: string | null,
  options: RequestOptions = {},
): RequestDetails {
  return webpush.generateRequestDetails(subscription, payload ?? undefined, {
    vapidDetails: { subject: SUBJECT, ...serverKeys },
    TTL: 60,
    contentEncoding: 'aes128gcm',
    ...options,
  });
}

/** Posts it with fetch and reads the whole answer, so no connection is left half-read. */
async function post(
  details: RequestDetails,
): Promise<{ status: number; text: string; location: string | null }> {
  // web-push hands TTL and Content-Length over as numbers, whatever its types say; fetch sets the length itself.
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(details.endpoint, {
    method: 'POST',
    headers,
    body: details.body ?? undefined,
  });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

function withAuthorization(details: RequestDetails, authorization: string): RequestDetails {
  return { ...details, headers: { ...details.headers, Authorization: authorization } };
}

/** A VAPID token signed with node:crypto, to send claims web-push refuses to produce. */
function signToken(keys: VapidKeys, header: object, claims: object): string {
  const point = Buffer.from(keys.publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: keys.privateKey,
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(claims)}`;
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

describe('push service stand-in', () => {
  it('accepts a push from web-push and decrypts its payload with the subscription keys', async () => {
    const subscription = service.subscribe();
    const payload = JSON.stringify({ title: 'Nouvelle réponse ✓', url: '/posts/42' });

    const answer = await post(requestFor(subscription, payload));

    expect(answer.status).toBe(201);
    expect(answer.location).toMatch(new RegExp(`^${service.origin}/message/`));
    expect(service.rejected).toEqual([]);
    expect(service.received).toEqual([
      {
        endpoint: subscription.endpoint,
        payload,
        ttl: 60,
        urgency: 'normal',
        topic: null,
        vapid: { aud: service.origin, sub: SUBJECT, exp: expect.any(Number) },
      },
    ]);
    const exp = service.received[0]?.vapid.exp ?? 0;
    expect(exp).toBeGreaterThan(nowSeconds());
    expect(exp).toBeLessThanOrEqual(nowSeconds() + DAY_SECONDS);
  });

  it('records Urgency and Topic, and a push without a body as a null payload', async () => {
    const subscription = service.subscribe();

    const answer = await post(
      requestFor(subscription, null, { urgency: 'high', topic: 'new-replies', TTL: 0 }),
    );

    expect(answer.status).toBe(201);
    expect(service.received).toMatchObject([
      { payload: null, ttl: 0, urgency: 'high', topic: 'new-replies' },
    ]);
  });

  it('rejects a push signed with another VAPID key pair (403: not the key of the subscription)', async () => {
    const subscription = service.subscribe();
    const otherKeys = webpush.generateVAPIDKeys();

    const answer = await post(
      requestFor(subscription, 'hello', { vapidDetails: { subject: SUBJECT, ...otherKeys } }),
    );

    expect(answer.status).toBe(403);
    expect(service.received).toEqual([]);
    expect(service.rejected).toEqual([
      {
        endpoint: subscription.endpoint,
        status: 403,
        reason: expect.stringMatching(/not the application server key/),
      },
    ]);
  });

  it('rejects a token signed with another key even when k names the expected one (401)', async () => {
    const subscription = service.subscribe();
    const otherKeys = webpush.generateVAPIDKeys();
    const { Authorization } = webpush.getVapidHeaders(
      service.origin,
      SUBJECT,
      otherKeys.publicKey,
      otherKeys.privateKey,
      'aes128gcm',
    );
    const forged = Authorization.replace(`k=${otherKeys.publicKey}`, `k=${serverKeys.publicKey}`);

    const answer = await post(withAuthorization(requestFor(subscription, 'hello'), forged));

    expect(answer.status).toBe(401);
    expect(service.rejected[0]?.reason).toMatch(/signature does not verify/);
    expect(service.received).toEqual([]);
  });

  it('rejects an expired VAPID token', async () => {
    const subscription = service.subscribe();
    // web-push only checks that an expiration is below now + 24 h, so a past one goes through.
    const { Authorization } = webpush.getVapidHeaders(
      service.origin,
      SUBJECT,
      serverKeys.publicKey,
      serverKeys.privateKey,
      'aes128gcm',
      nowSeconds() - 60,
    );

    const answer = await post(withAuthorization(requestFor(subscription, 'hello'), Authorization));

    expect(answer.status).toBe(401);
    expect(service.rejected[0]?.reason).toMatch(/expired/);
    expect(service.received).toEqual([]);
  });

  it('accepts a token signed here with good claims, so the refusals below are about their claims', async () => {
    const subscription = service.subscribe();
    const token = signToken(
      serverKeys,
      { typ: 'JWT', alg: 'ES256' },
      { aud: service.origin, exp: nowSeconds() + 600, sub: 'https://example.com/contact' },
    );

    const answer = await post(
      withAuthorization(requestFor(subscription, 'hello'), `vapid t=${token}, k=${serverKeys.publicKey}`),
    );

    expect(answer.status).toBe(201);
    expect(service.received[0]?.vapid.sub).toBe('https://example.com/contact');
  });

  interface Claims {
    aud: string;
    exp: number;
    sub: string;
  }
  const badTokens: { name: string; header?: object; claims: (good: Claims) => object; reason: RegExp }[] = [
    {
      name: 'aud is another origin',
      claims: (good) => ({ ...good, aud: 'http://127.0.0.1:1' }),
      reason: /aud is/,
    },
    {
      name: 'exp is more than 24 h ahead',
      claims: (good) => ({ ...good, exp: nowSeconds() + DAY_SECONDS + 600 }),
      reason: /more than the 24 hours/,
    },
    {
      name: 'sub is an http: URL',
      claims: (good) => ({ ...good, sub: 'http://example.com' }),
      reason: /sub is/,
    },
    { name: 'sub is missing', claims: ({ sub: _sub, ...rest }) => rest, reason: /sub is/ },
    { name: 'alg is not ES256', header: { alg: 'ES384' }, claims: (good) => good, reason: /not ES256/ },
  ];

  it.each(badTokens)('rejects a VAPID token whose $name', async ({ header, claims, reason }) => {
    const subscription = service.subscribe();
    const good = { aud: service.origin, exp: nowSeconds() + 600, sub: SUBJECT };
    const token = signToken(serverKeys, { typ: 'JWT', alg: 'ES256', ...header }, claims(good));

    const answer = await post(
      withAuthorization(requestFor(subscription, 'hello'), `vapid t=${token}, k=${serverKeys.publicKey}`),
    );

    expect(answer.status).toBe(401);
    expect(service.rejected[0]?.reason).toMatch(reason);
    expect(service.received).toEqual([]);
  });

  it("rejects a payload encrypted for another subscription's keys", async () => {
    const subscription = service.subscribe();
    const other = service.subscribe();

    const answer = await post(requestFor({ endpoint: subscription.endpoint, keys: other.keys }, 'hello'));

    expect(answer.status).toBe(400);
    expect(service.rejected[0]?.reason).toMatch(/does not decrypt/);
    expect(service.received).toEqual([]);
  });

  it('rejects a push without a TTL header, and a body over 4096 bytes', async () => {
    const subscription = service.subscribe();
    const details = requestFor(subscription, 'hello');
    const { TTL: _ttl, ...withoutTtl } = details.headers;

    expect((await post({ ...details, headers: withoutTtl })).status).toBe(400);
    expect((await post(requestFor(subscription, 'x'.repeat(4096)))).status).toBe(413);
    expect(service.rejected.map((push) => push.reason)).toEqual([
      expect.stringMatching(/TTL must be/),
      expect.stringMatching(/push services take 4096/),
    ]);
    expect(service.received).toEqual([]);
  });

  it('answers 404 for an endpoint it never issued', async () => {
    const subscription = service.subscribe();
    const unknown = { ...subscription, endpoint: `${service.origin}/push/unknown` };

    const answer = await post(requestFor(unknown, 'hello'));

    expect(answer.status).toBe(404);
    expect(service.rejected).toEqual([
      { endpoint: unknown.endpoint, status: 404, reason: expect.any(String) },
    ]);
  });

  it('answers with the programmed status until answer(endpoint, null) restores 201', async () => {
    const subscription = service.subscribe();
    service.answer(subscription.endpoint, 410);

    expect((await post(requestFor(subscription, 'first'))).status).toBe(410);
    expect((await post(requestFor(subscription, 'second'))).status).toBe(410);
    expect(service.received).toEqual([]);
    expect(service.rejected).toEqual([
      { endpoint: subscription.endpoint, status: 410, reason: 'programmed answer' },
      { endpoint: subscription.endpoint, status: 410, reason: 'programmed answer' },
    ]);

    service.answer(subscription.endpoint, null);
    expect((await post(requestFor(subscription, 'third'))).status).toBe(201);
    expect(service.received.map((push) => push.payload)).toEqual(['third']);
  });

  it('waitForReceived resolves once that many pushes arrived, and rejects with what went wrong after its timeout', async () => {
    const subscription = service.subscribe();
    const waiting = service.waitForReceived(2);

    await post(requestFor(subscription, 'one'));
    await post(requestFor(subscription, 'two'));

    expect((await waiting).map((push) => push.payload)).toEqual(['one', 'two']);
    await expect(service.waitForReceived(2)).resolves.toHaveLength(2);
    service.answer(subscription.endpoint, 500);
    await post(requestFor(subscription, 'three'));
    await expect(service.waitForReceived(3, 50)).rejects.toThrow(
      /received 2; rejected: 500 programmed answer/,
    );
  });
});
