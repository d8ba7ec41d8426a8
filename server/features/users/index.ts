/** The users feature's public face: what other features may use of it. */
export {
  type AccountPolicy,
  type CurrentUserRow,
  parseAvatar,
  presentCurrentUser,
  presentPublicProfile,
} from './user.presenter';
export {
  createUsersRepository,
  escapeLikePattern,
  isSuspended,
  type PublicUserRow,
  PUBLIC_USER_COLUMNS,
  type UserRow,
  type UsersRepository,
} from './users.repository';
export type { UsersService } from './users.service';
export type { UsersFeature } from './users.plugin';
export {
  type AccountTokensRepository,
  createAccountTokensRepository,
  hashToken,
  type TokenPurpose,
  type TokenState,
} from './account-tokens.repository';
