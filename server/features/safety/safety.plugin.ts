import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import type { LivePublishers } from '../live';
import type { UsersFeature } from '../users';
import { createLiveFeedPublisher } from './live-feed-publisher';
import { registerSafetyRoutes } from './safety.routes';
import { createSafetyService, type SafetyService } from './safety.service';

/**
 * Blocks and mutes. Also the live feed's router: each `posts.changed` goes to the public feed
 * and to every filtered reader's own channel (or `feed.skipped` when they hide its author).
 */
export function safetyFeature(
  platform: Platform,
  { users, live, admins }: { users: UsersFeature; live: LivePublishers; admins: AdminsService },
): SafetyService {
  const safety = createSafetyService({
    db: platform.db,
    users: users.repository,
    publish: live.channels,
    onBlocked: (blockerId, blockedId) => platform.events.emit('account.blocked', { blockerId, blockedId }),
  });
  platform.events.on(
    'posts.changed',
    createLiveFeedPublisher({ safety, publishPublic: live.feed, publishToChannels: live.channels }),
  );
  platform.apiRoutes((api) =>
    registerSafetyRoutes(api, { safety, roleOf: (userId) => admins.roleOf(userId) }),
  );
  return safety;
}
