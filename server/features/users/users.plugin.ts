import type { Platform } from '../../platform/platform';
import { createUsersRepository, type UsersRepository } from './users.repository';
import { createUsersService, type UsersService } from './users.service';

export interface UsersFeature {
  /** Account rows, for the features that keep accounts (auth, safety, moderation). */
  repository: UsersRepository;
  service: UsersService;
}

/** Accounts and their public profiles; the profile routes are the profiles feature's. */
export function usersFeature({ db }: Platform): UsersFeature {
  const repository = createUsersRepository(db);
  return { repository, service: createUsersService({ users: repository }) };
}
