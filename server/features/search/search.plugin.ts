import type { Platform } from '../../platform/platform';
import type { SafetyService } from '../safety';
import type { UsersFeature } from '../users';
import type { SearchPageReader } from './search-page';
import { registerSearchRoutes } from './search.routes';
import { createSearchService, type SearchService } from './search.service';

/** GET /search and its cache of pages of hits; pages are read on the read workers when given. */
export function searchFeature(
  platform: Platform,
  {
    users,
    safety,
    readPage,
  }: { users: UsersFeature; safety: SafetyService; readPage: SearchPageReader | null },
): SearchService {
  const search = createSearchService({
    db: platform.db,
    users: users.service,
    ...(readPage ? { readPage } : {}),
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
  });
  // Cached pages are stale from the moment posts change, on this node or any other.
  platform.events.onAnyNode('posts.changed', () => search.noteChangedPosts());
  platform.apiRoutes((api) => registerSearchRoutes(api, { search }));
  return search;
}
