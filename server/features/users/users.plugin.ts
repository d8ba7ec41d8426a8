import type { CurrentUser } from '../../../common/contracts/auth';
import type { Platform } from '../../platform/platform';
import { type CurrentUserRow, presentCurrentUser } from './user.presenter';
import { createUsersRepository, type UsersRepository } from './users.repository';
import { createUsersService, type UsersService } from './users.service';

export interface UsersFeature {
  /** Account rows, for the features that keep accounts (auth, safety, moderation). */
  repository: UsersRepository;
  service: UsersService;
  /** The account as its owner sees it, under this instance's rules (what it may do). */
  presentCurrent: (user: CurrentUserRow) => CurrentUser;
}

/** Accounts and their public profiles; the profile routes are the profiles feature's. */
export function usersFeature({ db, config }: Platform): UsersFeature {
  const repository = createUsersRepository(db);
  const policy = { requireEmailConfirmation: config.requireEmailConfirmation };
  return {
    repository,
    service: createUsersService({ users: repository }),
    presentCurrent: (user) => presentCurrentUser(user, policy),
  };
}
