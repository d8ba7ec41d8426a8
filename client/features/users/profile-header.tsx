import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { ProfileCounts, ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { dateTimeFormat, type Locale, useLocale, useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { countLabel } from './count-label';
import { usersMessages } from './users.messages';

/** "November 2026", as the language writes a month. */
function joinedDate(iso: string, locale: Locale): string {
  return dateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(iso));
}

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
  const t = useT(usersMessages);
  const locale = useLocale();
  return (
    <header className="flex flex-col gap-4">
      {/* On a phone the picture sits above the names, which then have the screen's width. */}
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:gap-4">
        <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="xl" />
        <div className="min-w-0">
          <div className="flex items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{user.displayName}</h1>
            {user.locked && (
              <span title={t('approvesFollowers')} className="shrink-0">
                <Lock
                  role="img"
                  aria-label={t('approvesFollowers')}
                  className="size-5 text-slate-600 dark:text-slate-400"
                />
              </span>
            )}
          </div>
          <p className="text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
            {t('handleAndJoined', { handle: user.handle, date: joinedDate(user.createdAt, locale) })}
          </p>
          {viewer.followsYou && (
            <span className="mt-1 inline-block rounded-md bg-slate-200 px-2 text-xs leading-5 font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-200">
              {t('followsYou')}
            </span>
          )}
        </div>
      </div>
      {user.bio && <p className="whitespace-pre-line break-words">{user.bio}</p>}
      {counts && (
        <ul
          aria-label={t('activityLabel')}
          className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
        >
          <li>
            <Link to={`/@${user.handle}/followers`} className={COUNT_LINK}>
              {countLabel('followers', counts.followers, t)}
            </Link>
          </li>
          <li>
            <Link to={`/@${user.handle}/following`} className={COUNT_LINK}>
              {countLabel('following', counts.following, t)}
            </Link>
          </li>
          <li>{countLabel('posts', counts.posts, t)}</li>
          <li>{countLabel('replies', counts.replies, t)}</li>
          <li>{countLabel('likesReceived', counts.likesReceived, t)}</li>
        </ul>
      )}
    </header>
  );
}
