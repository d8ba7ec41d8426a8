import type { FastifyInstance } from 'fastify';
import { feedQuerySchema } from '../../../common/contracts/posts';
import {
  handleParamSchema,
  type ProfileResponse,
  userSearchQuerySchema,
  type UserSearchResponse,
} from '../../../common/contracts/users';
import { parseInput } from '../../http/parse-input';
import type { PostsService } from '../posts/posts.service';
import { presentPublicProfile } from './user.presenter';
import type { UsersService } from './users.service';

export function registerUserRoutes(
  api: FastifyInstance,
  deps: { users: UsersService; posts: PostsService },
): void {
  api.get('/users', async (request) => {
    const { prefix } = parseInput(userSearchQuerySchema, request.query);
    const body: UserSearchResponse = { users: await deps.users.suggest(prefix) };
    return body;
  });

  api.get('/users/:handle', async (request) => {
    const { handle } = parseInput(handleParamSchema, request.params);
    const user = await deps.users.profile(handle);
    const body: ProfileResponse = {
      user: presentPublicProfile(user),
      counts: await deps.users.counts(user.id),
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
