import { Link } from 'react-router';
import type { Notification } from '../../../common/contracts/notifications';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../../ui/relative-time';
import { describeNotification } from './describe-notification';

/** Newest first; each entry opens the post it is about. Unread ones (as of this visit) are marked. */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  return (
    <ul className="overflow-hidden rounded-2xl border border-slate-200 dark:border-slate-800">
      {notifications.map((notification) => (
        <li key={notification.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-800">
          <NotificationItem notification={notification} />
        </li>
      ))}
    </ul>
  );
}

const ICONS: Record<Notification['type'], string> = { mention: '@', reply: '💬', like: '♥' };

function NotificationItem({ notification }: { notification: Notification }) {
  const isUnread = notification.readAt === null;
  const { sentence, excerpt } = describeNotification(notification);
  return (
    <Link
      to={`/p/${notification.postId}`}
      className={`flex gap-3 px-4 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${isUnread ? 'bg-primary-50 dark:bg-primary-950' : 'bg-white dark:bg-slate-900'}`}
    >
      <span aria-hidden="true" className="w-5 shrink-0 pt-2 text-center text-slate-600 dark:text-slate-400">
        {ICONS[notification.type]}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex -space-x-2">
          {notification.actors.map((actor) => (
            <Avatar key={actor.id} name={actor.displayName} handle={actor.handle} size="sm" />
          ))}
        </span>
        <span className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold">{sentence}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            <RelativeTime iso={notification.createdAt} />
          </span>
          {isUnread && (
            <span className="rounded-full bg-primary-700 px-2 text-xs leading-5 font-semibold text-white">
              New
            </span>
          )}
        </span>
        <span className="mt-1 block truncate text-slate-700 dark:text-slate-300">{excerpt}</span>
      </span>
    </Link>
  );
}
