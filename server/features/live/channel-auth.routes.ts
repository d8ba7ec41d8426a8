import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routes } from '../../../common/api/routes';
import { fieldErrorsFrom } from '../../../common/contracts/auth';
import { errors } from '../../errors';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import { channelNameSchema, socketIdSchema } from '../../realtime/channel-names';
import { channelAccessFor, presenceInfoFor } from './channel-policy';
import { type AppCredentials, signChannelAuth, signUserAuth } from '../../realtime/signatures';

export interface RealtimeAuthDeps {
  /** The key and secret of the realtime app (embedded or hosted): the signature is checked there. */
  credentials: AppCredentials;
}

const channelAuthRequestSchema = z.object({
  socket_id: socketIdSchema,
  channel_name: channelNameSchema,
});

const userAuthRequestSchema = z.object({ socket_id: socketIdSchema });

/** pusher-js's userAuthentication answer: `auth` over the exact `user_data` string. */
export interface UserAuthResponse {
  auth: string;
  user_data: string;
}

/** pusher-js's channelAuthorization answer: `auth`, plus the signed `channel_data` for presence. */
export interface ChannelAuthResponse {
  auth: string;
  channel_data?: string;
}

/**
 * POST /realtime/auth (inside /api/v1): signs a subscription for the signed-in user. The client
 * calls it through pusher-js's customHandler with JSON and X-Requested-With, so form bodies (what
 * pusher-js's default transport would send cross-site) are refused before parsing.
 */
export function registerRealtimeAuthRoutes(api: FastifyInstance, { credentials }: RealtimeAuthDeps): void {
  defineRoute(api, routes['realtime.channelAuth'], { onRequest: requireJsonBody }, async (request) => {
    const user = requireUser(request);
    const parsed = channelAuthRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw errors.validation(fieldErrorsFrom(parsed.error));
    const { socket_id: socketId, channel_name: channel } = parsed.data;
    const access = channelAccessFor(user, channel);
    if (!access.allowed) throw errors.channelForbidden(channel);
    if (access.kind === 'private') {
      const body: ChannelAuthResponse = { auth: signChannelAuth(credentials, socketId, channel) };
      return body;
    }
    const channelData = JSON.stringify({ user_id: user.id, user_info: presenceInfoFor(user) });
    const body: ChannelAuthResponse = {
      auth: signChannelAuth(credentials, socketId, channel, channelData),
      channel_data: channelData,
    };
    return body;
  });

  /**
   * POST /realtime/user-auth: signs `pusher:signin` for the session's user, so the socket is
   * known to be theirs: events sent to the user reach it, and suspending or deleting the
   * account closes it. Same session and JSON rules as /realtime/auth.
   */
  defineRoute(api, routes['realtime.userAuth'], { onRequest: requireJsonBody }, async (request) => {
    const user = requireUser(request);
    const parsed = userAuthRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw errors.validation(fieldErrorsFrom(parsed.error));
    const userData = JSON.stringify({ id: user.id, user_info: presenceInfoFor(user) });
    const body: UserAuthResponse = {
      auth: signUserAuth(credentials, parsed.data.socket_id, userData),
      user_data: userData,
    };
    return body;
  });
}

async function requireJsonBody(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    throw errors.unsupportedMediaType('Send the request body as application/json.');
  }
}
