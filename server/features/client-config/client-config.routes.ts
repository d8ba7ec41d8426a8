import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import type { ClientConfigResponse } from '../../../common/contracts/client-config';
import type { RealtimeTarget } from '../../config';
import { defineRoute } from '../../http/route-table';
import { clientRealtimeSettings } from '../../realtime/realtime-config';

/** GET /client-config: settings the browser reads once at load (public, no secrets). */
export function registerClientConfigRoutes(
  api: FastifyInstance,
  { realtime }: { realtime: RealtimeTarget },
): void {
  const body: ClientConfigResponse = { realtime: clientRealtimeSettings(realtime) };
  defineRoute(api, routes['clientConfig.get'], async () => body);
}
