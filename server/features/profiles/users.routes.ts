import type { FastifyInstance } from 'fastify';
import { feedQuerySchema } from '../../../common/contracts/posts';
import {
  handleParamSchema,
  type ProfileResponse,
  userSearchQuerySchema,
  type UserSearchResponse,
} from '../../../common/contracts/users';
import { parseInput } from '../../http/parse-input';
import type { PostsService } from '../posts';
import type { SafetyService } from '../safety';
import { presentPublicProfile, type UsersService } from '../users';

export function registerUserRoutes(
  api: FastifyInstance,
  deps: { users: UsersService; posts: PostsService; safety: Pick<SafetyService, 'viewerOf'> },
): void {
  api.get('/users', async (request) => {
    const { prefix } = parseInput(userSearchQuerySchema, request.query);
    const body: UserSearchResponse = { users: await deps.users.suggest(prefix) };
    return body;
  });

  api.get('/users/:handle', async (request) => {
    const { handle } = parseInput(handleParamSchema, request.params);
    const user = await deps.users.profile(handle);
    const viewer = await deps.safety.viewerOf(request.user?.id ?? null, user.id);
    const body: ProfileResponse = {
      user: presentPublicProfile(user),
      // The posts and replies tabs show nothing to this reader: counts would contradict them.
      counts: viewer.postsHidden ? null : await deps.users.counts(user.id),
      viewer,
    };
    return body;
  });

  api.get('/users/:handle/posts', async (request) => {
    const { handle } = parseInput(handleParamSchema, request.params);
    const user = await deps.users.profile(handle);
    const { cursor } = parseInput(feedQuerySchema, request.query);
    return deps.posts.byAuthor(user.id, request.user?.id ?? null, cursor);
  });

  api.get('/users/:handle/replies', async (request) => {
    const { handle } = parseInput(handleParamSchema, request.params);
    const user = await deps.users.profile(handle);
    const { cursor } = parseInput(feedQuerySchema, request.query);
    return deps.posts.repliesByAuthor(user.id, request.user?.id ?? null, cursor);
  });
}
