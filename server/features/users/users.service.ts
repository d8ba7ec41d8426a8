import {
  HANDLE_SUGGESTIONS_LIMIT,
  type ProfileCounts,
  type PublicProfile,
} from '../../../common/contracts/users';
import { errors } from '../../errors';
import type { PostAuthor } from '../../../common/contracts/posts';
import { parseAvatar, presentPublicProfile } from './user.presenter';
import {
  isAwaitingApproval,
  isSuspended,
  type PublicUserRow,
  type UsersRepository,
} from './users.repository';

/** Public look-ups of accounts: profiles, @mention suggestions, resolving mentioned handles. */
export function createUsersService({ users }: { users: UsersRepository }) {
  return {
    async profile(handle: string): Promise<PublicUserRow> {
      const user = await users.findByHandle(handle);
      // A suspended account's profile is gone for everyone until it is restored; an applicant's
      // does not exist until an admin lets them in.
      if (!user || isSuspended(user) || isAwaitingApproval(user))
        throw errors.notFound(`Nobody here goes by @${handle}.`);
      return user;
    },

    counts: (userId: string): Promise<ProfileCounts> => users.countsOf(userId),

    async suggest(prefix: string): Promise<PublicProfile[]> {
      const rows = await users.findByHandlePrefix(prefix, HANDLE_SUGGESTIONS_LIMIT);
      return rows.map(presentPublicProfile);
    },

    /** An account as its posts show it; undefined once it is gone. */
    async findAuthor(id: string): Promise<PostAuthor | undefined> {
      const user = await users.findById(id);
      return (
        user && {
          id: user.id,
          handle: user.handle,
          displayName: user.display_name,
          avatar: parseAvatar(user.avatar_json),
        }
      );
    },

    /** The accounts behind these handles (without case); unknown handles are simply absent. */
    findByHandles: (handles: readonly string[]): Promise<PublicUserRow[]> => users.findByHandles(handles),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
