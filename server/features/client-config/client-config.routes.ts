import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import type { RealtimeTarget } from '../../config';
import { defineRoute } from '../../http/route-table';
import type { InstanceSettingsStore } from '../../platform/instance/instance-settings';
import { clientRealtimeSettings } from '../../realtime/realtime-config';

/** GET /client-config: settings the browser reads at load (public, no secrets). */
export function registerClientConfigRoutes(
  api: FastifyInstance,
  {
    realtime,
    instance,
    emailConfirmationRequired,
  }: {
    realtime: RealtimeTarget;
    instance: Pick<InstanceSettingsStore, 'current' | 'icon'>;
    emailConfirmationRequired: boolean;
  },
): void {
  const realtimeSettings = clientRealtimeSettings(realtime);
  defineRoute(api, routes['clientConfig.get'], async () => ({
    realtime: realtimeSettings,
    instance: await instance.current(),
    instanceIcon: await instance.icon(),
    emailConfirmationRequired,
  }));
}
