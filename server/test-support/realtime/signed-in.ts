import type PusherClient from 'pusher-js';
import { connectPusherJs } from './tidings-server';
import { nextEvent, waitUntil } from './wait';

export type PusherErrorEvent = { type?: string; data?: { code?: number; message?: string } };

/**
 * pusher-js connected to the server on `port` and signed in (pusher.signin()) through the
 * app's user-auth route with the session cookie, its server-to-user channel subscribed.
 */
export async function connectSignedIn(port: number, cookie: string, track: PusherClient[]) {
  const client = connectPusherJs(port, { cookie });
  track.push(client);
  await nextEvent(client.connection, 'connected');
  const success = nextEvent<{ event: string; data: { user_data: string } }>(
    client.connection,
    'message',
    (message) => message.event === 'pusher:signin_success',
  );
  client.signin();
  const { data } = await success;
  await waitUntil(
    () => client.user.serverToUserChannel?.subscribed === true,
    'the server-to-user channel is subscribed',
  );
  return { client, userData: JSON.parse(data.user_data) as { id: string; user_info: unknown } };
}

/** Resolves with the 4009 error pusher-js reports, once the connection has stopped for good. */
export async function terminated(client: PusherClient): Promise<PusherErrorEvent> {
  const error = await nextEvent<PusherErrorEvent>(
    client.connection,
    'error',
    (event) => event.data?.code === 4009,
  );
  await waitUntil(() => client.connection.state === 'disconnected', 'the connection is disconnected');
  return error;
}
