import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { FollowsService } from '../follows';
import type { PostsService } from '../posts';
import type { SafetyService } from '../safety';
import { presentPublicProfile, type UsersService } from '../users';

export function registerUserRoutes(
  api: FastifyInstance,
  deps: {
    users: UsersService;
    posts: PostsService;
    safety: Pick<SafetyService, 'viewerOf'>;
    follows: Pick<FollowsService, 'relationship'>;
  },
): void {
  defineRoute(api, routes['users.suggest'], async (_request, _reply, input) => {
    const { prefix } = input.query();
    return { users: await deps.users.suggest(prefix) };
  });

  defineRoute(api, routes['users.profile'], async (request, _reply, input) => {
    const { handle } = input.params();
    const user = await deps.users.profile(handle);
    const viewerId = request.user?.id ?? null;
    const viewer = {
      ...(await deps.safety.viewerOf(viewerId, user.id)),
      ...(await deps.follows.relationship(viewerId, user.id)),
    };
    return {
      user: presentPublicProfile(user),
      // The posts and replies tabs show nothing to this reader: counts would contradict them.
      counts: viewer.postsHidden ? null : await deps.users.counts(user.id),
      viewer,
    };
  });

  defineRoute(api, routes['users.posts'], async (request, _reply, input) => {
    const { handle } = input.params();
    const user = await deps.users.profile(handle);
    const { cursor } = input.query();
    return deps.posts.byAuthor(user.id, request.user?.id ?? null, cursor);
  });

  defineRoute(api, routes['users.replies'], async (request, _reply, input) => {
    const { handle } = input.params();
    const user = await deps.users.profile(handle);
    const { cursor } = input.query();
    return deps.posts.repliesByAuthor(user.id, request.user?.id ?? null, cursor);
  });
}
