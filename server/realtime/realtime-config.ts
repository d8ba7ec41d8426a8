import type { ClientRealtimeSettings } from '../../common/contracts/client-config';
import type { RealtimeTarget } from '../config';
import { type Broadcaster, createEmbeddedBroadcaster, createPusherBroadcaster } from './broadcaster';
import type { RealtimeServer } from './realtime-server';

/**
 * Where sockets live, as config.ts reads it from PUSHER_* (one shape for the whole server).
 * `embedded`: this process serves them on its own port, with a secret derived from
 * SESSION_SECRET. `hosted`: hosted Pusher (cluster) or any Pusher-compatible server such as
 * soketi or Reverb (host/port).
 */
export type RealtimeConfig = RealtimeTarget;

/** pusher-js 8 refuses to start without a cluster; with the embedded server it is never used. */
export const EMBEDDED_CLUSTER = 'eu';

export function clientRealtimeSettings(config: RealtimeConfig): ClientRealtimeSettings {
  if (config.kind === 'embedded') {
    return { mode: 'embedded', key: config.key, cluster: EMBEDDED_CLUSTER, enabledTransports: ['ws'] };
  }
  const settings: ClientRealtimeSettings = {
    mode: 'hosted',
    key: config.key,
    cluster: config.cluster,
    enabledTransports: ['ws'],
  };
  if (config.host !== undefined) {
    settings.wsHost = config.host;
    settings.forceTLS = config.useTLS;
    if (config.port !== undefined) {
      settings.wsPort = config.port;
      settings.wssPort = config.port;
    }
  }
  return settings;
}

/** The one place that picks a broadcaster: in-process for embedded, the SDK otherwise. */
export function createBroadcasterFor(config: RealtimeConfig, embedded: RealtimeServer | null): Broadcaster {
  if (config.kind === 'hosted') return createPusherBroadcaster(config);
  if (!embedded) throw new Error('The embedded realtime server must be created before its broadcaster');
  return createEmbeddedBroadcaster(embedded);
}
