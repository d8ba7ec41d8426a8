import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { postIdSchema } from '../../../common/contracts/posts';
import {
  closeReportsRequestSchema,
  type CloseReportsResponse,
  createReportRequestSchema,
  type MyReportResponse,
  type ReportQueueResponse,
  type ReportResponse,
  type SuspensionResponse,
  userIdSchema,
} from '../../../common/contracts/safety';
import type { PostDeleteResponse } from '../../../common/contracts/posts';
import { parseInput } from '../../http/parse-input';
import { requireUser } from '../auth';
import type { ModerationService } from './moderation.service';

const postParamsSchema = z.object({ id: postIdSchema });
const userParamsSchema = z.object({ id: userIdSchema });

/** Reporting is for everyone signed in; everything under /admin answers 403 to non-admins. */
export function registerModerationRoutes(
  api: FastifyInstance,
  { moderation }: { moderation: ModerationService },
) {
  // Authorised before the input is read: a non-admin learns nothing, not even what input is valid.
  async function requireAdmin(request: FastifyRequest) {
    const user = requireUser(request);
    await moderation.requireAdmin(user.id);
    return user;
  }

  api.post('/posts/:id/reports', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const input = parseInput(createReportRequestSchema, request.body);
    const body: ReportResponse = { report: await moderation.report(user.id, id, input) };
    return reply.status(201).send(body);
  });

  api.get('/posts/:id/reports/mine', async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const body: MyReportResponse = { report: await moderation.myReport(user.id, id) };
    return body;
  });

  api.get('/admin/reports', async (request) => {
    const user = await requireAdmin(request);
    const body: ReportQueueResponse = await moderation.queue(user.id);
    return body;
  });

  api.post('/admin/posts/:id/reports/close', async (request) => {
    const user = await requireAdmin(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const { outcome } = parseInput(closeReportsRequestSchema, request.body);
    const body: CloseReportsResponse = await moderation.closeReports(user.id, id, outcome);
    return body;
  });

  api.delete('/admin/posts/:id', async (request) => {
    const user = await requireAdmin(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const body: PostDeleteResponse = { deleted: true, ...(await moderation.removePost(user.id, id)) };
    return body;
  });

  for (const [method, isSuspended] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/admin/users/:id/suspension',
      handler: async (request) => {
        const user = await requireAdmin(request);
        const { id } = parseInput(userParamsSchema, request.params);
        const body: SuspensionResponse = isSuspended
          ? await moderation.suspend(user.id, id)
          : await moderation.unsuspend(user.id, id);
        return body;
      },
    });
  }
}
