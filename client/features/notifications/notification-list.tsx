import {
  Archive,
  AtSign,
  Heart,
  type LucideIcon,
  MessageCircle,
  MessageSquareQuote,
  Repeat2,
  UserPlus,
  UserRoundPlus,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '../../../common/contracts/notifications';
import { notificationTarget } from '../../../common/notifications/describe-notification';
import { useT } from '../../i18n';
import { Avatar } from '../../ui/avatar';
import { RelativeTime } from '../../ui/relative-time';
import { notificationText } from './notification-text';
import { notificationsMessages } from './notifications.messages';

/**
 * Newest first; each entry opens what it is about (a post, a profile, the follow requests).
 * Unread ones (as of this visit) are marked.
 */
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

/**
 * The same pictures as the post's own actions: a reply is a speech bubble, a like a heart, a
 * repost the two arrows, a quote the bubble with quotation marks.
 */
const ICONS: Record<Notification['type'], { icon: LucideIcon; className: string }> = {
  mention: { icon: AtSign, className: 'text-primary-700 dark:text-primary-300' },
  reply: { icon: MessageCircle, className: 'text-slate-600 dark:text-slate-400' },
  like: { icon: Heart, className: 'fill-current text-rose-700 dark:text-rose-400' },
  repost: { icon: Repeat2, className: 'text-emerald-700 dark:text-emerald-400' },
  quote: { icon: MessageSquareQuote, className: 'text-primary-700 dark:text-primary-300' },
  follow: { icon: UserPlus, className: 'text-primary-700 dark:text-primary-300' },
  'follow-request': { icon: UserRoundPlus, className: 'text-amber-700 dark:text-amber-400' },
  'data-export-ready': { icon: Archive, className: 'text-primary-700 dark:text-primary-300' },
};

/**
 * One row: the kind's icon, the faces, then the sentence, which wraps beside them (never under
 * them); the excerpt and the time follow under the sentence.
 */
function NotificationItem({ notification }: { notification: Notification }) {
  const t = useT(notificationsMessages);
  const isUnread = notification.readAt === null;
  const { sentence, excerpt } = notificationText(notification, t);
  const { icon: Icon, className } = ICONS[notification.type];
  return (
    <Link
      to={notificationTarget(notification)}
      className={`flex items-start gap-3 px-4 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/60 ${isUnread ? 'bg-primary-50 dark:bg-primary-950' : 'bg-white dark:bg-slate-900'}`}
    >
      <Icon aria-hidden="true" className={`mt-1.5 size-5 shrink-0 ${className}`} />
      <span data-avatars aria-hidden="true" className="flex shrink-0 -space-x-2">
        {notification.actors.map((actor) => (
          <Avatar key={actor.id} name={actor.displayName} handle={actor.handle} size="sm" />
        ))}
      </span>
      {/* Its first line sits level with the faces (32 px) and the icon. */}
      <span className="min-w-0 flex-1 pt-1">
        <span className="flex flex-wrap items-baseline gap-x-2">
          <span className="min-w-0 font-semibold break-words">{sentence}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">
            <RelativeTime iso={notification.createdAt} />
          </span>
          {isUnread && (
            <span className="rounded-full bg-primary-700 px-2 text-xs leading-5 font-semibold text-white">
              {t('newBadge')}
            </span>
          )}
        </span>
        {excerpt && <span className="mt-1 block truncate text-slate-700 dark:text-slate-300">{excerpt}</span>}
      </span>
    </Link>
  );
}
