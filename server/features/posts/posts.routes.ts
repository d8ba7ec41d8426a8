import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requirePoster, requireUser } from '../auth';
import type { PostsService } from './posts.service';

/** The sanitiser removes control characters and lone surrogates from a post body (README). */
const SANITISED_BODY = { config: { selfCleanedBodyFields: ['body'] } };

export function registerPostRoutes(api: FastifyInstance, { posts }: { posts: PostsService }): void {
  defineRoute(api, routes['posts.feed'], async (request, _reply, input) => {
    const { cursor } = input.query();
    return posts.feed(request.user?.id ?? null, cursor);
  });

  defineRoute(api, routes['posts.create'], SANITISED_BODY, async (request, _reply, input) => {
    const user = requirePoster(request);
    return posts.create(user.id, input.body());
  });

  defineRoute(api, routes['posts.get'], async (request, _reply, input) => {
    const { id } = input.params();
    return { post: await posts.get(id, request.user?.id ?? null) };
  });

  defineRoute(api, routes['posts.update'], SANITISED_BODY, async (request, _reply, input) => {
    const user = requirePoster(request);
    const { id } = input.params();
    const { body: text } = input.body();
    return { post: await posts.update(user.id, id, text) };
  });

  defineRoute(api, routes['posts.remove'], async (request, _reply, input) => {
    const user = requireUser(request);
    const { id } = input.params();
    return { deleted: true as const, ...(await posts.remove(user.id, id)) };
  });

  defineRoute(api, routes['posts.replies'], async (request, _reply, input) => {
    const { id } = input.params();
    const { cursor } = input.query();
    return posts.replies(id, request.user?.id ?? null, cursor);
  });

  for (const [route, isLiked] of [
    [routes['posts.like'], true],
    [routes['posts.unlike'], false],
  ] as const) {
    defineRoute(api, route, async (request, _reply, input) => {
      const user = requireUser(request);
      const { id } = input.params();
      return posts.setLike(user.id, id, isLiked);
    });
  }

  for (const [route, isReposted] of [
    [routes['posts.repost'], true],
    [routes['posts.unrepost'], false],
  ] as const) {
    defineRoute(api, route, async (request, _reply, input) => {
      const user = requireUser(request);
      const { id } = input.params();
      return posts.setRepost(user.id, id, isReposted);
    });
  }
}
