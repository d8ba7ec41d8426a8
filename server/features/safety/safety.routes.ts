import type { FastifyInstance } from 'fastify';
import {
  safetyListQuerySchema,
  type SafetyListResponse,
  type SafetyStatusResponse,
  safetyTargetParamsSchema,
  safetyTargetRequestSchema,
  type SafetyTargetResponse,
} from '../../../common/contracts/safety';
import { parseInput } from '../../http/parse-input';
import { requireUser } from '../auth';
import type { SafetyKind } from './safety.repository';
import type { SafetyService } from './safety.service';

export interface SafetyRoutesDeps {
  safety: SafetyService;
  isAdmin: (userId: string) => Promise<boolean>;
}

const PATHS: Record<SafetyKind, string> = { block: '/me/blocks', mute: '/me/mutes' };

export function registerSafetyRoutes(api: FastifyInstance, { safety, isAdmin }: SafetyRoutesDeps): void {
  api.get('/me/safety', async (request) => {
    const user = requireUser(request);
    const body: SafetyStatusResponse = {
      isAdmin: await isAdmin(user.id),
      liveFeedChannel: await safety.liveFeedChannelFor(user.id),
    };
    return body;
  });

  for (const kind of ['block', 'mute'] as const) {
    const path = PATHS[kind];

    api.get(path, async (request) => {
      const user = requireUser(request);
      const { cursor } = parseInput(safetyListQuerySchema, request.query);
      const body: SafetyListResponse = await safety.list(kind, user.id, cursor);
      return body;
    });

    api.post(path, async (request, reply) => {
      const user = requireUser(request);
      const { userId } = parseInput(safetyTargetRequestSchema, request.body);
      const body: SafetyTargetResponse = { user: await safety.add(kind, user.id, userId) };
      return reply.status(201).send(body);
    });

    api.delete(`${path}/:userId`, async (request, reply) => {
      const user = requireUser(request);
      const { userId } = parseInput(safetyTargetParamsSchema, request.params);
      await safety.remove(kind, user.id, userId);
      return reply.status(204).send();
    });
  }
}
