import type { CurrentUser } from '../../../common/contracts/auth';
import type { Avatar, PublicProfile } from '../../../common/contracts/users';
import { readStoredJson } from '../../platform/db/stored-json';
import { avatarSchema } from '../../platform/db/stored-shapes';
import type { PublicUserRow, UserRow } from './users.repository';

/** Written by the account service from a processed upload; checked on the way back all the same. */
export function parseAvatar(json: string | null): Avatar | null {
  return json === null ? null : readStoredJson(avatarSchema, json, 'users.avatar_json');
}

/** Rules of this instance that change what an account may do. */
export interface AccountPolicy {
  /** REQUIRE_EMAIL_CONFIRMATION: an unconfirmed address reads but does not post. */
  requireEmailConfirmation: boolean;
}

/** What an account is shown to its owner from. */
export type CurrentUserRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'handle'
  | 'display_name'
  | 'bio'
  | 'avatar_json'
  | 'created_at'
  | 'email_confirmed_at'
  | 'pending_email'
>;

export function presentCurrentUser(user: CurrentUserRow, policy: AccountPolicy): CurrentUser {
  const emailConfirmed = user.email_confirmed_at !== null;
  return {
    id: user.id,
    email: user.email,
    handle: user.handle,
    displayName: user.display_name,
    bio: user.bio,
    avatar: parseAvatar(user.avatar_json),
    createdAt: new Date(user.created_at).toISOString(),
    emailConfirmed,
    pendingEmail: user.pending_email,
    canPost: emailConfirmed || !policy.requireEmailConfirmation,
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
    locked: user.locked === 1,
  };
}
