import { instanceSettingsSchema } from './instance';
import { avatarSchema } from './media';
import { z } from './zod';

/** What the browser needs to build its pusher-js client; never the secret. Fetched once at load. */
export const clientRealtimeSettingsSchema = z.strictObject({
  /** embedded: this app's own port serves the sockets; hosted: Pusher or a compatible server. */
  mode: z.enum(['embedded', 'hosted']),
  key: z.string(),
  cluster: z.string(),
  /** Omitted for the embedded server: the client uses the page's own host and port. */
  wsHost: z.string().optional(),
  wsPort: z.number().optional(),
  wssPort: z.number().optional(),
  /** Omitted: TLS exactly when the page is served over https. */
  forceTLS: z.boolean().optional(),
  /** WebSockets only: no SockJS fallback to pusher.com hosts during outages. */
  enabledTransports: z.array(z.enum(['ws', 'wss'])),
});
export type ClientRealtimeSettings = z.output<typeof clientRealtimeSettingsSchema>;

export const clientConfigResponseSchema = z.strictObject({
  realtime: clientRealtimeSettingsSchema,
  /** The admin's settings, all of them public: the name in titles, rules and mode at sign-up. */
  instance: instanceSettingsSchema,
  /** The admin's icon for the instance, in every avatar size; null: the built-in mark. */
  instanceIcon: avatarSchema.nullable(),
  /** New accounts confirm their address by an e-mailed link before they post. */
  emailConfirmationRequired: z.boolean(),
});
export type ClientConfigResponse = z.output<typeof clientConfigResponseSchema>;
