import { describe, expect, it } from 'vitest';
import { encodeChannelEvent, encodeServerMessage, parseClientFrame } from './protocol';

describe('encoding', () => {
  it('double-encodes data of system events', () => {
    const frame = encodeServerMessage({
      event: 'pusher:connection_established',
      data: { socket_id: '1.2', activity_timeout: 30 },
    });
    expect(JSON.parse(frame)).toEqual({
      event: 'pusher:connection_established',
      data: '{"socket_id":"1.2","activity_timeout":30}',
    });
  });

  it('keeps string data of channel events as the string and adds user_id only when given', () => {
    expect(JSON.parse(encodeChannelEvent({ channel: 'c', event: 'e', data: '{"a":1}' }))).toEqual({
      event: 'e',
      channel: 'c',
      data: '{"a":1}',
    });
    expect(
      JSON.parse(encodeChannelEvent({ channel: 'c', event: 'client-e', data: { a: 1 }, userId: 'u' })),
    ).toEqual({
      event: 'client-e',
      channel: 'c',
      data: { a: 1 },
      user_id: 'u',
    });
  });
});

describe('parsing client frames', () => {
  it('reads subscribe data as an object (pusher-js) or as a JSON string', () => {
    const expected = { type: 'subscribe', channel: 'private-a', auth: 'k:s', channelData: undefined };
    const data = { channel: 'private-a', auth: 'k:s' };
    expect(parseClientFrame(JSON.stringify({ event: 'pusher:subscribe', data }))).toEqual({
      ok: true,
      message: expected,
    });
    const asString = JSON.stringify({ event: 'pusher:subscribe', data: JSON.stringify(data) });
    expect(parseClientFrame(asString)).toEqual({ ok: true, message: expected });
  });

  it('measures client event data in bytes of its JSON', () => {
    const parsed = parseClientFrame(
      JSON.stringify({ event: 'client-x', channel: 'private-a', data: { t: 'é' } }),
    );
    expect(parsed).toMatchObject({ ok: true, message: { type: 'client_event', dataBytes: 10 } });
  });

  it.each(['', 'null', '[]', '{"event":1}', '{"event":"pusher:unsubscribe","data":"{"}'])(
    'returns an error, never throws, for %j',
    (text) => {
      expect(parseClientFrame(text)).toMatchObject({ ok: false, error: expect.any(String) });
    },
  );

  it('ignores other events instead of failing', () => {
    expect(parseClientFrame('{"event":"pusher:unknown_event","data":{}}')).toEqual({
      ok: true,
      message: { type: 'ignored', event: 'pusher:unknown_event' },
    });
  });

  it('parses pusher:signin with its auth and exact user_data string, and refuses one without', () => {
    expect(
      parseClientFrame('{"event":"pusher:signin","data":{"auth":"k:s","user_data":"{\\"id\\":\\"1\\"}"}}'),
    ).toEqual({
      ok: true,
      message: { type: 'signin', auth: 'k:s', userData: '{"id":"1"}' },
    });
    expect(parseClientFrame('{"event":"pusher:signin","data":{}}').ok).toBe(false);
  });
});
