import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import type { StaffRole } from '../../../common/contracts/staff';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { SafetyKind } from './safety.repository';
import type { SafetyService } from './safety.service';

export interface SafetyRoutesDeps {
  safety: SafetyService;
  roleOf: (userId: string) => Promise<StaffRole | null>;
}

const ROUTES = {
  block: { list: routes['safety.blocks'], add: routes['safety.block'], remove: routes['safety.unblock'] },
  mute: { list: routes['safety.mutes'], add: routes['safety.mute'], remove: routes['safety.unmute'] },
} as const satisfies Record<SafetyKind, unknown>;

export function registerSafetyRoutes(api: FastifyInstance, { safety, roleOf }: SafetyRoutesDeps): void {
  defineRoute(api, routes['safety.status'], async (request) => {
    const user = requireUser(request);
    const staffRole = await roleOf(user.id);
    return {
      isAdmin: staffRole === 'admin',
      staffRole,
      liveFeedChannel: await safety.liveFeedChannelFor(user.id),
    };
  });

  for (const kind of ['block', 'mute'] as const) {
    defineRoute(api, ROUTES[kind].list, async (request, _reply, input) => {
      const user = requireUser(request);
      const { cursor } = input.query();
      return safety.list(kind, user.id, cursor);
    });

    defineRoute(api, ROUTES[kind].add, async (request, _reply, input) => {
      const user = requireUser(request);
      const { userId } = input.body();
      return { user: await safety.add(kind, user.id, userId) };
    });

    defineRoute(api, ROUTES[kind].remove, async (request, _reply, input) => {
      const user = requireUser(request);
      const { userId } = input.params();
      await safety.remove(kind, user.id, userId);
    });
  }
}
