import type { Platform } from '../../platform/platform';
import type { FollowsService } from '../follows';
import type { PostsService } from '../posts';
import type { SafetyService } from '../safety';
import type { UsersFeature } from '../users';
import { registerUserRoutes } from './users.routes';

export interface ProfilesNeeds {
  users: UsersFeature;
  posts: PostsService;
  safety: SafetyService;
  follows: FollowsService;
}

/**
 * Profile pages (counts, the posts and replies tabs, what the viewer hides) and @mention
 * suggestions: they read users, posts and safety, so they come after all three.
 */
export function profilesFeature(platform: Platform, { users, posts, safety, follows }: ProfilesNeeds): void {
  platform.apiRoutes((api) => registerUserRoutes(api, { users: users.service, posts, safety, follows }));
}
