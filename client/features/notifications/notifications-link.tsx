import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { notificationsMessages } from './notifications.messages';

/** The header's bell: its name carries the count ("Notifications, 2 unread") for screen readers. */
export function NotificationsLink({ unreadCount }: { unreadCount: number }) {
  const t = useT(notificationsMessages);
  const label = unreadCount > 0 ? t('bellLabelUnread', { count: unreadCount }) : t('bellLabel');
  return (
    <Link
      to="/notifications"
      aria-label={label}
      className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <Bell aria-hidden="true" className="size-6" strokeWidth={1.8} />
      {unreadCount > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-700 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {unreadCount > 99 ? '99+' : unreadCount}
        </span>
      )}
    </Link>
  );
}
