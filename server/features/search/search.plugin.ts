import type { Platform } from '../../platform/platform';
import type { SafetyService } from '../safety';
import type { UsersFeature } from '../users';
import { startSearchWorkers } from './search-workers';
import { registerSearchRoutes } from './search.routes';
import { createSearchService, type SearchService } from './search.service';

/** GET /search, its worker threads on SQLite, and its cache of pages of hits. */
export function searchFeature(
  platform: Platform,
  { users, safety }: { users: UsersFeature; safety: SafetyService },
): SearchService {
  const { app, config } = platform;
  const workers =
    config.database.kind === 'sqlite' && config.database.file !== ':memory:' && config.searchWorkers > 0
      ? startSearchWorkers(config.database.file, config.searchWorkers)
      : null;
  if (workers) app.addHook('onClose', async () => workers.close());
  const search = createSearchService({
    db: platform.db,
    users: users.service,
    ...(workers ? { readPage: workers.readPage } : {}),
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
  });
  // Cached pages are stale from the moment posts change, on this node or any other.
  platform.events.onAnyNode('posts.changed', () => search.noteChangedPosts());
  platform.apiRoutes((api) => registerSearchRoutes(api, { search }));
  return search;
}
