import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import type { AuditService } from '../audit';
import type { LivePublishers } from '../live';
import type { PostsService } from '../posts';
import type { UsersFeature } from '../users';
import { REPORTS_PER_USER } from './limits';
import { registerModerationRoutes } from './moderation.routes';
import { createModerationService, type ModerationService } from './moderation.service';

export interface ModerationNeeds {
  users: UsersFeature;
  posts: PostsService;
  admins: AdminsService;
  audit: AuditService;
  live: LivePublishers;
}

/** Reports, the admin's queue, post removal and account suspension. */
export function moderationFeature(platform: Platform, needs: ModerationNeeds): ModerationService {
  const moderation = createModerationService({
    db: platform.db,
    admins: needs.admins,
    audit: needs.audit,
    posts: needs.posts,
    users: needs.users.repository,
    reportLimiter: platform.rateLimiter(REPORTS_PER_USER),
    closeUserSockets: needs.live.closeUserSockets,
  });
  platform.apiRoutes((api) => registerModerationRoutes(api, { moderation }));
  return moderation;
}
