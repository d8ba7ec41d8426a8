import { describe, expect, it } from 'vitest';
import { verifySignedRequest } from './http-api-auth';
import { HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS } from './limits';
import {
  constantTimeEqual,
  generateSocketId,
  hmacSha256Hex,
  httpStringToSign,
  md5Hex,
  signChannelAuth,
  verifyChannelAuth,
} from './signatures';

/** Vectors from Pusher's authentication docs, recomputed from their published key and secret. */
const credentials = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const SOCKET_ID = '1234.1234';

describe('channel auth signatures', () => {
  it('match the documented private-channel vector', () => {
    expect(signChannelAuth(credentials, SOCKET_ID, 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('match the (corrected) presence vector, signing the exact channel_data string', () => {
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Channels"}}';
    expect(signChannelAuth(credentials, SOCKET_ID, 'presence-foobar', channelData)).toBe(
      '278d425bdf160c739803:31935e7d86dba64c2a90aed31fdc61869f9b22ba9d8863bba239c03ca481bc80',
    );
  });

  it('verify only the exact socket, channel and channel_data', () => {
    const auth = signChannelAuth(credentials, SOCKET_ID, 'private-foobar');
    expect(verifyChannelAuth(credentials, auth, SOCKET_ID, 'private-foobar')).toBe(true);
    expect(verifyChannelAuth(credentials, auth, '1234.1235', 'private-foobar')).toBe(false);
    expect(verifyChannelAuth(credentials, auth, SOCKET_ID, 'private-foobaz')).toBe(false);
    expect(verifyChannelAuth(credentials, auth, SOCKET_ID, 'private-foobar', '{}')).toBe(false);
    expect(verifyChannelAuth(credentials, undefined, SOCKET_ID, 'private-foobar')).toBe(false);
    expect(verifyChannelAuth(credentials, `other:${auth.split(':')[1]}`, SOCKET_ID, 'private-foobar')).toBe(
      false,
    );
  });

  it('compare strings of different lengths without throwing', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abcd', 'abcd')).toBe(true);
  });

  it('generate socket ids of the shape the SDK accepts', () => {
    const ids = new Set(Array.from({ length: 100 }, generateSocketId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^\d+\.\d+$/);
  });
});

describe('HTTP API signatures', () => {
  const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
  const TIMESTAMP = 1353088179;
  const params = {
    auth_key: credentials.key,
    auth_timestamp: String(TIMESTAMP),
    auth_version: '1.0',
    body_md5: 'ec365a775a4cd0599faeb73354201b6f',
  };
  const SIGNATURE = 'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c';
  const query = `${new URLSearchParams(params).toString()}&auth_signature=${SIGNATURE}`;
  const request = { method: 'POST', path: '/apps/3/events', query, body: Buffer.from(body) };

  it('match the documented worked example', () => {
    expect(md5Hex(body)).toBe(params.body_md5);
    expect(hmacSha256Hex(credentials.secret, httpStringToSign('POST', '/apps/3/events', params))).toBe(
      SIGNATURE,
    );
  });

  it('sort lower-cased keys and leave auth_signature out of the string to sign', () => {
    expect(httpStringToSign('get', '/p', { B: '2', a: '1', auth_signature: 'x' })).toBe('GET\n/p\na=1&b=2');
  });

  it('accept the example with a clock inside the window and refuse it outside', () => {
    expect(verifySignedRequest(credentials, request, TIMESTAMP + 10).ok).toBe(true);
    const late = verifySignedRequest(
      credentials,
      request,
      TIMESTAMP + HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS + 1,
    );
    expect(late).toMatchObject({ ok: false, message: expect.stringMatching(/^Timestamp expired/) });
    const early = verifySignedRequest(
      credentials,
      request,
      TIMESTAMP - HTTP_AUTH_TIMESTAMP_WINDOW_SECONDS - 1,
    );
    expect(early.ok).toBe(false);
  });

  it('refuse a changed body, path, method, key or version', () => {
    const now = TIMESTAMP;
    expect(verifySignedRequest(credentials, { ...request, body: Buffer.from(`${body} `) }, now).ok).toBe(
      false,
    );
    expect(verifySignedRequest(credentials, { ...request, path: '/apps/4/events' }, now).ok).toBe(false);
    expect(verifySignedRequest(credentials, { ...request, method: 'PUT' }, now).ok).toBe(false);
    expect(verifySignedRequest({ ...credentials, key: 'other' }, request, now).ok).toBe(false);
    const v2 = { ...request, query: query.replace('auth_version=1.0', 'auth_version=2.0') };
    expect(verifySignedRequest(credentials, v2, now).ok).toBe(false);
  });
});
