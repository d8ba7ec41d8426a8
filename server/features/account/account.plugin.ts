import type { Platform } from '../../platform/platform';
import type { AdminsService } from '../admins';
import type { AuthFeature } from '../auth';
import type { DataExportService } from '../data-export';
import type { EmailConfirmationFeature } from '../email-confirmation';
import type { LivePublishers } from '../live';
import type { MediaService } from '../media';
import type { PostsService } from '../posts';
import type { UsersFeature } from '../users';
import { registerAccountRoutes } from './account.routes';
import { type AccountService, createAccountService } from './account.service';
import { PASSWORD_CHECK_FAILURES_PER_ACCOUNT } from './limits';

export interface AccountNeeds {
  users: UsersFeature;
  auth: AuthFeature;
  emailConfirmation: EmailConfirmationFeature;
  media: MediaService;
  posts: PostsService;
  admins: AdminsService;
  live: LivePublishers;
  dataExport: DataExportService;
}

/** The signed-in person's own account: profile, picture, e-mail, password, sessions, deletion. */
export function accountFeature(platform: Platform, needs: AccountNeeds): AccountService {
  const account = createAccountService({
    db: platform.db,
    media: needs.media,
    posts: needs.posts,
    dataExports: needs.dataExport,
    emailConfirmation: needs.emailConfirmation.service,
    present: needs.users.presentCurrent,
    passwordChecks: platform.rateLimiter(PASSWORD_CHECK_FAILURES_PER_ACCOUNT),
    passwords: platform.passwords,
    isAdmin: (userId) => needs.admins.isAdmin(userId),
    closeUserSockets: needs.live.closeUserSockets,
  });
  platform.apiRoutes((api) => registerAccountRoutes(api, { account, cookie: needs.auth.cookie }));
  return account;
}
