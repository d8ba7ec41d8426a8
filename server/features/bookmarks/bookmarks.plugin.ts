import { routes } from '../../../common/api/routes';
import { defineRoute } from '../../http/route-table';
import type { Platform } from '../../platform/platform';
import { requireUser } from '../auth';
import type { PostsService } from '../posts';
import type { SafetyService } from '../safety';
import { createBookmarksService } from './bookmarks.service';

/** Private bookmarks: PUT/DELETE /posts/:id/bookmark and the reader's list. */
export function bookmarksFeature(
  platform: Platform,
  { posts, safety }: { posts: PostsService; safety: SafetyService },
): void {
  const bookmarks = createBookmarksService({
    db: platform.db,
    posts,
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
  });
  platform.apiRoutes((api) => {
    defineRoute(api, routes['bookmarks.add'], async (request, _reply, input) =>
      bookmarks.add(requireUser(request).id, input.params().id),
    );
    defineRoute(api, routes['bookmarks.remove'], async (request, _reply, input) =>
      bookmarks.remove(requireUser(request).id, input.params().id),
    );
    defineRoute(api, routes['bookmarks.list'], async (request, _reply, input) =>
      bookmarks.list(requireUser(request).id, input.query().cursor),
    );
  });
}
