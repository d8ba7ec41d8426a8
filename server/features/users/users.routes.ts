import type { FastifyInstance } from 'fastify';
import { feedQuerySchema } from '../../../common/contracts/posts';
import { handleParamSchema, type ProfileResponse } from '../../../common/contracts/users';
import { errors } from '../../errors';
import { parseInput } from '../../http/parse-input';
import type { PostsService } from '../posts/posts.service';
import type { UsersRepository } from './users.repository';

export function registerUserRoutes(
  api: FastifyInstance,
  deps: { users: UsersRepository; posts: PostsService },
): void {
  async function findProfile(rawHandle: unknown) {
    const { handle } = parseInput(handleParamSchema, rawHandle);
    const user = await deps.users.findByHandle(handle);
    if (!user) throw errors.notFound(`Nobody here goes by @${handle}.`);
    return user;
  }

  api.get('/users/:handle', async (request) => {
    const user = await findProfile(request.params);
    const body: ProfileResponse = {
      user: {
        id: user.id,
        handle: user.handle,
        displayName: user.display_name,
        createdAt: new Date(user.created_at).toISOString(),
      },
    };
    return body;
  });

  api.get('/users/:handle/posts', async (request) => {
    const user = await findProfile(request.params);
    const { cursor } = parseInput(feedQuerySchema, request.query);
    return deps.posts.byAuthor(user.id, request.user?.id ?? null, cursor);
  });
}
