import type { FastifyInstance } from 'fastify';
import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import { requireUser } from '../auth';
import type { UsersService } from '../users';
import type { FollowsService } from './follows.service';

export function registerFollowRoutes(
  api: FastifyInstance,
  { follows, users }: { follows: FollowsService; users: Pick<UsersService, 'profile'> },
): void {
  defineRoute(api, routes['follows.follow'], async (request, _reply, input) =>
    follows.follow(requireUser(request).id, input.params().userId),
  );
  defineRoute(api, routes['follows.unfollow'], async (request, _reply, input) =>
    follows.unfollow(requireUser(request).id, input.params().userId),
  );
  defineRoute(api, routes['follows.followers'], async (request, _reply, input) => {
    const user = await users.profile(input.params().handle);
    return follows.followers(user.id, request.user?.id ?? null, input.query().cursor);
  });
  defineRoute(api, routes['follows.following'], async (request, _reply, input) => {
    const user = await users.profile(input.params().handle);
    return follows.following(user.id, request.user?.id ?? null, input.query().cursor);
  });
  defineRoute(api, routes['follows.requests'], async (request, _reply, input) =>
    follows.requests(requireUser(request).id, input.query().cursor),
  );
  defineRoute(api, routes['follows.approve'], async (request, _reply, input) => {
    await follows.approve(requireUser(request).id, input.params().userId);
  });
  defineRoute(api, routes['follows.deny'], async (request, _reply, input) => {
    await follows.deny(requireUser(request).id, input.params().userId);
  });
  defineRoute(api, routes['follows.settings'], async (request) => follows.settings(requireUser(request).id));
  defineRoute(api, routes['follows.updateSettings'], async (request, _reply, input) =>
    follows.updateSettings(requireUser(request).id, input.body()),
  );
  defineRoute(api, routes['follows.suggestions'], async (request) =>
    follows.suggestions(requireUser(request).id),
  );

  defineRoute(api, routes['timelines.homeSources'], async (request) =>
    follows.homeSources(requireUser(request).id),
  );
  defineRoute(api, routes['hashtags.get'], async (request, _reply, input) =>
    follows.hashtag(request.user?.id ?? null, input.params().tag),
  );
  defineRoute(api, routes['hashtags.follow'], async (request, _reply, input) =>
    follows.followTag(requireUser(request).id, input.params().tag),
  );
  defineRoute(api, routes['hashtags.unfollow'], async (request, _reply, input) =>
    follows.unfollowTag(requireUser(request).id, input.params().tag),
  );
  defineRoute(api, routes['hashtags.followed'], async (request) =>
    follows.followedTags(requireUser(request).id),
  );
}
