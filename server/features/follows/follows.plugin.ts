import type { Platform } from '../../platform/platform';
import type { NotificationsService } from '../notifications';
import type { SafetyService } from '../safety';
import type { UsersFeature } from '../users';
import { registerFollowRoutes } from './follows.routes';
import { createFollowsService, type FollowsService } from './follows.service';

/**
 * Following accounts (with requests for locked ones) and hashtags. A block, heard as
 * `account.blocked`, ends the follows between the two accounts.
 */
export function followsFeature(
  platform: Platform,
  {
    users,
    notifications,
    safety,
  }: { users: UsersFeature; notifications: NotificationsService; safety: SafetyService },
): FollowsService {
  const follows = createFollowsService({
    db: platform.db,
    users: users.repository,
    notifications,
    assertCanInteract: (actorId, targetId) => safety.assertCanInteract(actorId, targetId),
    blockedAmong: (viewerId, ids) => safety.blockedEitherWayAmong(viewerId, ids),
  });
  platform.events.on('account.blocked', ({ blockerId, blockedId }) =>
    follows.blockedBetween(blockerId, blockedId),
  );
  platform.apiRoutes((api) => registerFollowRoutes(api, { follows, users: users.service }));
  return follows;
}
