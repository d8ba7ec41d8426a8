import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createBroadcasterFor, clientRealtimeSettings, type RealtimeConfig } from './realtime-config';

const hosted: RealtimeConfig = {
  kind: 'hosted',
  appId: '1',
  key: 'k',
  secret: 'the-secret',
  cluster: 'eu',
  host: undefined,
  port: undefined,
  useTLS: true,
};

describe('realtime config', () => {
  it('gives the browser the key and transports only, never the secret', () => {
    const embedded = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'a'.repeat(48) }).realtime;
    expect(clientRealtimeSettings(embedded)).toEqual({
      mode: 'embedded',
      key: embedded.key,
      cluster: 'eu',
      enabledTransports: ['ws'],
    });
    expect(clientRealtimeSettings(hosted)).toEqual({
      mode: 'hosted',
      key: 'k',
      cluster: 'eu',
      enabledTransports: ['ws'],
    });
    const soketi: RealtimeConfig = { ...hosted, host: 'ws.example', port: 6001, useTLS: false };
    expect(clientRealtimeSettings(soketi)).toEqual({
      mode: 'hosted',
      key: 'k',
      cluster: 'eu',
      wsHost: 'ws.example',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws'],
    });
    expect(JSON.stringify(clientRealtimeSettings(soketi))).not.toContain('the-secret');
  });

  it('needs the embedded server to build the embedded broadcaster', () => {
    const embedded = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'a'.repeat(48) }).realtime;
    expect(() => createBroadcasterFor(embedded, null)).toThrow(/embedded/);
    expect(createBroadcasterFor(hosted, null)).toBeDefined();
  });
});
