import { z } from './zod';

/**
 * POST /api/v1/realtime/auth, as pusher-js's channel authorisation sends it (in JSON). Its
 * shape only: the realtime layer checks the socket id and the channel name by the protocol's
 * own rules and answers their field messages.
 */
export const channelAuthRequestSchema = z.object({ socket_id: z.string(), channel_name: z.string() });

/** POST /api/v1/realtime/user-auth: the socket to sign in as the session's user. */
export const userAuthRequestSchema = z.object({ socket_id: z.string() });

/** pusher-js's channelAuthorization answer: `auth`, plus the signed `channel_data` for presence. */
export const channelAuthResponseSchema = z.strictObject({
  auth: z.string(),
  channel_data: z.string().optional(),
});
export type ChannelAuthResponse = z.output<typeof channelAuthResponseSchema>;

/** pusher-js's userAuthentication answer: `auth` over the exact `user_data` string. */
export const userAuthResponseSchema = z.strictObject({ auth: z.string(), user_data: z.string() });
export type UserAuthResponse = z.output<typeof userAuthResponseSchema>;
