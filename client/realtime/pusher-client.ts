import Pusher from 'pusher-js';
import type { ClientRealtimeSettings } from '../../common/contracts/client-config';
import { endpoints } from '../../common/api/endpoints';
import { API_BASE, api } from '../lib/api-client';
import { clientConfigQuery } from '../lib/instance';
import { queryClient } from '../lib/query-client';

let client: Promise<Pusher> | null = null;
let hasConnected = false;

/**
 * Whether this tab's socket has been connected at least once: until then a socket that is not
 * up is still connecting, afterwards it is reconnecting.
 */
export function hasEverConnected(): boolean {
  return hasConnected;
}

/**
 * Signs this tab's connection in as the session's user (pusher:signin), so suspending or
 * deleting the account closes it at once. pusher-js signs in again after every reconnect.
 */
export async function signInRealtime(): Promise<void> {
  (await getPusher()).signin();
}

/**
 * One connection per tab, opened on first use with the settings the server hands out: the ones
 * the page has already read when they are fresh, rather than a second request for them.
 */
export function getPusher(): Promise<Pusher> {
  client ??= queryClient.fetchQuery(clientConfigQuery).then(({ realtime }) => {
    const pusher = createPusher(realtime);
    // Bound before anyone else's listener, so the flag is up by the time they hear "connected".
    pusher.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'connected') hasConnected = true;
    });
    return pusher;
  });
  return client;
}

/** The embedded server shares the page's host and port; hosted Pusher names its own. */
function createPusher(settings: ClientRealtimeSettings): Pusher {
  const isHttps = window.location.protocol === 'https:';
  const pagePort = Number(window.location.port) || (isHttps ? 443 : 80);
  const usesPageOrigin = settings.mode === 'embedded';
  return new Pusher(settings.key, {
    cluster: settings.cluster,
    wsHost: settings.wsHost ?? (usesPageOrigin ? window.location.hostname : undefined),
    wsPort: settings.wsPort ?? (usesPageOrigin ? pagePort : undefined),
    wssPort: settings.wssPort ?? (usesPageOrigin ? pagePort : undefined),
    forceTLS: settings.forceTLS ?? isHttps,
    enabledTransports: settings.enabledTransports,
    // JSON through the api-client, so the auth call carries X-Requested-With like every other.
    channelAuthorization: {
      endpoint: `${API_BASE}${endpoints['realtime.channelAuth'].path}`,
      transport: 'ajax',
      customHandler: ({ socketId, channelName }, callback) => {
        api('realtime.channelAuth', { body: { socket_id: socketId, channel_name: channelName } }).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
    userAuthentication: {
      endpoint: `${API_BASE}${endpoints['realtime.userAuth'].path}`,
      transport: 'ajax',
      customHandler: ({ socketId }, callback) => {
        api('realtime.userAuth', { body: { socket_id: socketId } }).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
}
