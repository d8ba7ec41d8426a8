import type { Platform } from '../../platform/platform';
import type { PostLinkPreviews } from '../link-previews';
import type { MediaService } from '../media';
import type { NotificationsService } from '../notifications';
import type { SafetyService } from '../safety';
import type { UsersFeature } from '../users';
import { registerPostRoutes } from './posts.routes';
import { createPostsService, type PostsService } from './posts.service';

export interface PostsNeeds {
  users: UsersFeature;
  notifications: NotificationsService;
  media: MediaService;
  linkPreviews: PostLinkPreviews;
  safety: SafetyService;
}

/**
 * Posts, replies and likes. Every write emits `posts.changed` with its live event after the
 * commit; what follows (live publishing, search caches dropped here and on other nodes) is
 * up to the features listening.
 */
export function postsFeature(platform: Platform, needs: PostsNeeds): PostsService {
  const posts = createPostsService({
    db: platform.db,
    publish: (event) => platform.events.emit('posts.changed', event),
    users: needs.users.service,
    notifications: needs.notifications,
    media: needs.media,
    linkPreviews: needs.linkPreviews,
    visibility: needs.safety,
  });
  platform.apiRoutes((api) => registerPostRoutes(api, { posts }));
  return posts;
}
