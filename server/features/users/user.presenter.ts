import type { CurrentUser } from '../../../common/contracts/auth';
import type { PublicProfile } from '../../../common/contracts/users';
import type { PublicUserRow, UserRow } from './users.repository';

export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    handle: user.handle,
    displayName: user.display_name,
    createdAt: new Date(user.created_at).toISOString(),
  };
}

export function presentPublicProfile(user: PublicUserRow): PublicProfile {
  return {
    id: user.id,
    handle: user.handle,
    displayName: user.display_name,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
