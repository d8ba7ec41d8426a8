import type { CurrentUser } from '../../../common/contracts/auth';
import type { Avatar, PublicProfile } from '../../../common/contracts/users';
import { readStoredJson } from '../../platform/db/stored-json';
import { avatarSchema } from '../../platform/db/stored-shapes';
import type { PublicUserRow, UserRow } from './users.repository';

/** Written by the account service from a processed upload; checked on the way back all the same. */
export function parseAvatar(json: string | null): Avatar | null {
  return json === null ? null : readStoredJson(avatarSchema, json, 'users.avatar_json');
}

export function presentCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    handle: user.handle,
    displayName: user.display_name,
    bio: user.bio,
    avatar: parseAvatar(user.avatar_json),
    createdAt: new Date(user.created_at).toISOString(),
  };
}

export function presentPublicProfile(user: PublicUserRow): PublicProfile {
  return {
    id: user.id,
    handle: user.handle,
    displayName: user.display_name,
    bio: user.bio,
    avatar: parseAvatar(user.avatar_json),
    createdAt: new Date(user.created_at).toISOString(),
  };
}
