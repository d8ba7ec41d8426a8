import { Suspense } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useCurrentUser, useLogOut } from '../features/auth/auth.queries';
import { drafts } from '../features/composer/drafts';
import { LiveStatus } from '../features/feed/live-status';
import { useLiveFeed } from '../features/feed/use-live-feed';
import { NotificationsLink } from '../features/notifications/notifications-link';
import { useUnreadCount } from '../features/notifications/notifications.queries';
import { useLiveNotifications } from '../features/notifications/use-live-notifications';
import { useSafetyStatus } from '../features/safety/safety.queries';
import { UndoToast } from '../features/safety/undo-toast';
import { SearchBox } from '../features/search/search-box';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';
import { PageSpinner } from '../ui/page-spinner';

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow dark:focus:bg-slate-900"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4">
          <Link to="/" aria-label="Tidings home" className="rounded-lg">
            <Logo />
          </Link>
          <SearchBox />
          <AccountNav />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <UndoToast />
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        Tidings · self-hosted
      </footer>
    </div>
  );
}

function AccountNav() {
  const { data: user, isPending } = useCurrentUser();
  const logOut = useLogOut();
  const navigate = useNavigate();
  const connection = useLiveFeed(user?.id ?? null);
  const unreadCount = useUnreadCount(Boolean(user));
  const announcement = useLiveNotifications(user?.id ?? null);
  const safety = useSafetyStatus(Boolean(user));
  if (isPending) return null;
  if (!user) {
    return (
      <nav aria-label="Account" className="flex items-center gap-2">
        <Link
          to="/login"
          className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Log in
        </Link>
        <Link
          to="/signup"
          className="rounded-lg bg-primary-600 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-700"
        >
          Sign up
        </Link>
      </nav>
    );
  }
  return (
    <nav aria-label="Account" className="flex items-center gap-3">
      <LiveStatus state={connection} />
      <NotificationsLink unreadCount={unreadCount} />
      {safety.data?.isAdmin && (
        <Link
          to="/admin/reports"
          className="rounded-lg px-2 py-1.5 text-sm font-semibold hover:bg-slate-200/70 dark:hover:bg-slate-800"
        >
          Reports
        </Link>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <Link to={`/@${user.handle}`} className="flex items-center gap-2 rounded-lg text-sm">
        <Avatar name={user.displayName} handle={user.handle} avatar={user.avatar} size="sm" />
        <span className="sr-only">Your profile: </span>
        <span className="hidden sm:inline">
          <span className="font-semibold">{user.displayName}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">@{user.handle}</span>
        </span>
      </Link>
      <Link
        to="/settings"
        className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Settings
      </Link>
      <Button
        variant="secondary"
        isBusy={logOut.isPending}
        onClick={() => {
          // Unsent drafts stay on this device only while their author is logged in.
          drafts.clearAll();
          logOut.mutate(undefined, { onSettled: () => void navigate('/login') });
        }}
      >
        Log out
      </Button>
    </nav>
  );
}
