import type { ProfileCounts, PublicProfile } from '../../../common/contracts/users';
import { Avatar } from '../../ui/avatar';

const joined = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
const count = new Intl.NumberFormat();

function plural(n: number, one: string, many: string): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/**
 * Picture, names, bio (plain text: React escapes it), joined date and counts. No counts (null)
 * when the reader is shown none of the posts: numbers beside an empty list would contradict it.
 */
export function ProfileHeader({ user, counts }: { user: PublicProfile; counts: ProfileCounts | null }) {
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center gap-4">
        <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="xl" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{user.displayName}</h1>
          <p className="text-slate-600 dark:text-slate-400">
            @{user.handle} · Joined {joined.format(new Date(user.createdAt))}
          </p>
        </div>
      </div>
      {user.bio && <p className="whitespace-pre-line break-words">{user.bio}</p>}
      {counts && (
        <ul
          aria-label="Activity"
          className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300"
        >
          <li>{plural(counts.posts, 'post', 'posts')}</li>
          <li>{plural(counts.replies, 'reply', 'replies')}</li>
          <li>{plural(counts.likesReceived, 'like received', 'likes received')}</li>
        </ul>
      )}
    </header>
  );
}
