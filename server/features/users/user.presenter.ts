import type { CurrentUser } from '../../../common/contracts/auth';
import type { UserRow } from './users.repository';

export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    handle: user.handle,
    displayName: user.display_name,
    createdAt: new Date(user.created_at).toISOString(),
  };
}
