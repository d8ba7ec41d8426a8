import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { TimelinesService } from './timelines.service';

export function registerTimelineRoutes(
  api: FastifyInstance,
  { timelines }: { timelines: TimelinesService },
): void {
  defineRoute(api, routes['timelines.home'], async (request, _reply, input) =>
    timelines.home(requireUser(request).id, input.query().cursor),
  );
  defineRoute(api, routes['timelines.tag'], async (request, _reply, input) =>
    timelines.tag(input.params().tag, request.user?.id ?? null, input.query().cursor),
  );
  defineRoute(api, routes['hashtags.trending'], async () => timelines.trending());
}
