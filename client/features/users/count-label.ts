import type { ProfileCounts } from '../../../common/contracts/users';
import { translate, type Translate } from '../../i18n';
import { usersMessages } from './users.messages';

type UsersKey = keyof typeof usersMessages.source;

const COUNT_KEY = {
  followers: 'followersCount',
  following: 'followingCount',
  posts: 'postsCount',
  replies: 'repliesCount',
  likesReceived: 'likesReceivedCount',
} as const satisfies Record<keyof ProfileCounts, UsersKey>;

/** "1 follower", "1,234 followers": the number in the language's notation, the noun agreeing. */
export function countLabel(
  kind: keyof ProfileCounts,
  n: number,
  t: Translate<UsersKey> = translate(usersMessages),
): string {
  return t(COUNT_KEY[kind], { count: n });
}
