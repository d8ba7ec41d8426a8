import type { FastifyInstance } from 'fastify';
import type { ClientConfigResponse } from '../../../common/contracts/client-config';
import type { RealtimeTarget } from '../../config';
import { clientRealtimeSettings } from '../../realtime/realtime-config';

/** GET /client-config: settings the browser reads once at load (public, no secrets). */
export function registerClientConfigRoutes(
  api: FastifyInstance,
  { realtime }: { realtime: RealtimeTarget },
): void {
  const body: ClientConfigResponse = { realtime: clientRealtimeSettings(realtime) };
  api.get('/client-config', async () => body);
}
