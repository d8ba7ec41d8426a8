import { Bookmark, Flag, LogOut, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { LiveStatus, useLiveFeed } from '../features/feed';
import { NotificationsLink, useLiveNotifications, useUnreadCount } from '../features/notifications';
import { useSafetyStatus } from '../features/safety';
import { useT } from '../i18n';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { appMessages } from './app.messages';
import { useLogOutAndLeave } from './nav-log-out';

/**
 * The signed-in part of the header, its own chunk (with the live feed socket and notifications):
 * the live status at every width, the account links from 640 px up. Phones get those links in
 * the bottom bar (PhoneNav) instead.
 */
export function SignedInHeader() {
  const t = useT(appMessages);
  const { data: user } = useCurrentUser();
  const connection = useLiveFeed(user?.id ?? null);
  const unreadCount = useUnreadCount(Boolean(user));
  const announcement = useLiveNotifications(user?.id ?? null);
  const safety = useSafetyStatus(Boolean(user));
  const { isPending, logOut } = useLogOutAndLeave();
  if (!user) return null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      <LiveStatus state={connection} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* From 640 px to 1023 px Reports, Settings and Log out show as icons, named as ever. */}
      <nav aria-label={t('accountNavLabel')} className="hidden min-w-0 items-center gap-2 sm:flex lg:gap-3">
        <NotificationsLink unreadCount={unreadCount} />
        {/* An icon at every width, as the bell beside it: named for screen readers. */}
        <Link
          to="/bookmarks"
          aria-label={t('bookmarks')}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Bookmark aria-hidden="true" className="size-6" strokeWidth={1.8} />
        </Link>
        {/* Staff (admins and moderators) start from the reports; the admin pages link to the rest. */}
        {Boolean(safety.data?.staffRole) && (
          <Link
            to="/admin/reports"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-semibold hover:bg-slate-200/70 lg:size-auto lg:px-2 lg:py-1.5 dark:hover:bg-slate-800"
          >
            <Flag aria-hidden="true" className="size-5 lg:hidden" />
            <span className="max-lg:sr-only">{t('reports')}</span>
          </Link>
        )}
        <Link to={`/@${user.handle}`} className="flex min-w-0 shrink items-center gap-2 rounded-lg text-sm">
          <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="sm" />
          <span className="sr-only">{t('yourProfile')}</span>
          {/* The name joins in once the header has room for it beside a usable search box. */}
          <span className="hidden max-w-48 min-w-0 truncate lg:block">
            <span className="font-semibold">{user.displayName}</span>{' '}
            <span className="text-slate-600 dark:text-slate-400">@{user.handle}</span>
          </span>
        </Link>
        <Link
          to="/settings"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-semibold text-slate-700 hover:bg-slate-200/70 lg:size-auto lg:px-3 lg:py-2 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          <Settings aria-hidden="true" className="size-5 lg:hidden" />
          <span className="max-lg:sr-only">{t('settings')}</span>
        </Link>
        <Button
          variant="secondary"
          isBusy={isPending}
          onClick={logOut}
          className="shrink-0 max-lg:size-10 max-lg:px-0"
        >
          {!isPending && <LogOut aria-hidden="true" className="size-5 lg:hidden" />}
          <span className="max-lg:sr-only">{t('logOut')}</span>
        </Button>
      </nav>
    </div>
  );
}
// The bottom bar shares this chunk: both come with a signed-in session and never before.
export { PhoneNav } from './phone-nav';
