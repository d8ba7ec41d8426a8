import { Repeat2 } from 'lucide-react';
import { Link } from 'react-router';
import type { RepostReason } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { useCurrentUser } from '../auth';
import { postsMessages } from './posts.messages';

/**
 * Above a Home entry that is a repost: who reposted it (the reason it is there), linking to them.
 * The icon sits in the avatar's column, the words over the author's name.
 */
export function RepostedByLine({ id, reason }: { id: string; reason: RepostReason }) {
  const t = useT(postsMessages);
  const { data: me } = useCurrentUser();
  const { by } = reason;
  return (
    <p id={id} className="mb-1 flex min-h-6 items-center gap-3 text-sm text-slate-600 dark:text-slate-400">
      <span className="flex w-10 shrink-0 justify-end">
        <Repeat2 aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 truncate">
        {t.rich(me?.id === by.id ? 'repostedByYou' : 'repostedByOther', {
          name: by.displayName,
          link: (chunks) => (
            <Link to={`/@${by.handle}`} className="font-semibold hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </span>
    </p>
  );
}
