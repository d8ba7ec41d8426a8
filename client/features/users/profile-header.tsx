import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { ProfileCounts, ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { Avatar } from '../../ui/avatar';
import { countLabel } from './count-label';

const joined = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

const COUNT_LINK =
  'inline-flex min-h-11 items-center rounded font-semibold text-slate-900 hover:underline sm:min-h-0 dark:text-slate-100';

/**
 * Picture, names, bio (plain text: React escapes it), joined date and counts. No counts (null)
 * when the reader is shown none of the posts: numbers beside an empty list would contradict it.
 * A lock beside the name says the account approves its followers.
 */
export function ProfileHeader({
  user,
  counts,
  viewer,
}: {
  user: PublicProfile;
  counts: ProfileCounts | null;
  viewer: ProfileViewer;
}) {
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="xl" />
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{user.displayName}</h1>
            {user.locked && (
              <span title="Approves followers" className="shrink-0">
                <Lock
                  role="img"
                  aria-label="Approves followers"
                  className="size-5 text-slate-600 dark:text-slate-400"
                />
              </span>
            )}
          </div>
          <p className="text-slate-600 dark:text-slate-400">
            @{user.handle} · Joined {joined.format(new Date(user.createdAt))}
          </p>
          {viewer.followsYou && (
            <span className="mt-1 inline-block rounded-md bg-slate-200 px-2 text-xs leading-5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              Follows you
            </span>
          )}
        </div>
      </div>
      {user.bio && <p className="whitespace-pre-line break-words">{user.bio}</p>}
      {counts && (
        <ul
          aria-label="Activity"
          className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
        >
          <li>
            <Link to={`/@${user.handle}/followers`} className={COUNT_LINK}>
              {countLabel(counts.followers, 'follower', 'followers')}
            </Link>
          </li>
          <li>
            <Link to={`/@${user.handle}/following`} className={COUNT_LINK}>
              {countLabel(counts.following, 'following', 'following')}
            </Link>
          </li>
          <li>{countLabel(counts.posts, 'post', 'posts')}</li>
          <li>{countLabel(counts.replies, 'reply', 'replies')}</li>
          <li>{countLabel(counts.likesReceived, 'like received', 'likes received')}</li>
        </ul>
      )}
    </header>
  );
}
