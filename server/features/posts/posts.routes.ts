import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createPostRequestSchema,
  feedQuerySchema,
  type LikeResponse,
  postIdSchema,
  type PostDeleteResponse,
  type PostResponse,
  type PostWriteResponse,
  updatePostRequestSchema,
} from '../../../common/contracts/posts';
import { requireUser } from '../auth';
import { parseInput } from '../../http/parse-input';
import type { PostsService } from './posts.service';

const postParamsSchema = z.object({ id: postIdSchema });

/** The sanitiser removes control characters and lone surrogates from a post body (README). */
const SANITISED_BODY = { selfCleanedBodyFields: ['body'] };

export function registerPostRoutes(api: FastifyInstance, { posts }: { posts: PostsService }): void {
  api.get('/feed', async (request) => {
    const { cursor } = parseInput(feedQuerySchema, request.query);
    return posts.feed(request.user?.id ?? null, cursor);
  });

  api.post('/posts', { config: SANITISED_BODY }, async (request, reply) => {
    const user = requireUser(request);
    const input = parseInput(createPostRequestSchema, request.body);
    const body: PostWriteResponse = await posts.create(user.id, input);
    return reply.status(201).send(body);
  });

  api.get('/posts/:id', async (request) => {
    const { id } = parseInput(postParamsSchema, request.params);
    const body: PostResponse = { post: await posts.get(id, request.user?.id ?? null) };
    return body;
  });

  api.patch('/posts/:id', { config: SANITISED_BODY }, async (request) => {
    const user = requireUser(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const { body: text } = parseInput(updatePostRequestSchema, request.body);
    const body: PostResponse = { post: await posts.update(user.id, id, text) };
    return body;
  });

  api.delete('/posts/:id', async (request, reply) => {
    const user = requireUser(request);
    const { id } = parseInput(postParamsSchema, request.params);
    const body: PostDeleteResponse = { deleted: true, ...(await posts.remove(user.id, id)) };
    return reply.send(body);
  });

  api.get('/posts/:id/replies', async (request) => {
    const { id } = parseInput(postParamsSchema, request.params);
    const { cursor } = parseInput(feedQuerySchema, request.query);
    return posts.replies(id, request.user?.id ?? null, cursor);
  });

  for (const [method, isLiked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/posts/:id/like',
      handler: async (request) => {
        const user = requireUser(request);
        const { id } = parseInput(postParamsSchema, request.params);
        const body: LikeResponse = await posts.setLike(user.id, id, isLiked);
        return body;
      },
    });
  }
}
