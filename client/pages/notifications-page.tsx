import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import {
  NotificationList,
  unreadCountOf,
  useFreshNotifications,
  useMarkNotificationsRead,
} from '../features/notifications';
import { useT } from '../i18n';
import { userMessageOf } from '../lib/api-client';
import { useNearViewport } from '../lib/use-near-viewport';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';
import { SkeletonPosts } from '../ui/skeleton';
import { pageNotificationsMessages } from './page-notifications.messages';

export function NotificationsPage() {
  const t = useT(pageNotificationsMessages);
  useDocumentTitle(t('notificationsTitle'));
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return <Notifications />;
}

function Notifications() {
  const t = useT(pageNotificationsMessages);
  const query = useFreshNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadCount = unreadCountOf(query.data);
  const { mutate } = markRead;
  // Seeing the list reads it, including any that arrive while it is open.
  useEffect(() => {
    if (unreadCount > 0 && query.isFetchedAfterMount) mutate();
  }, [unreadCount, query.isFetchedAfterMount, mutate]);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-semibold tracking-tight">{t('notificationsTitle')}</h1>
      <NotificationsBody query={query} />
    </div>
  );
}

function NotificationsBody({ query }: { query: ReturnType<typeof useFreshNotifications> }) {
  const t = useT(pageNotificationsMessages);
  if (query.isPending) return <SkeletonPosts />;
  if (!query.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(query.error)}{' '}
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('notificationsTryAgain')}
        </Button>
      </div>
    );
  }
  const notifications = query.data.pages.flatMap((page) => page.notifications);
  if (notifications.length === 0) {
    return <p className="text-slate-600 dark:text-slate-400">{t('notificationsEmpty')}</p>;
  }
  return (
    <>
      <NotificationList notifications={notifications} />
      <OlderNotifications query={query} />
    </>
  );
}

/** Loads the next page as the end of the list comes into view, or on the button. */
function OlderNotifications({ query }: { query: ReturnType<typeof useFreshNotifications> }) {
  const t = useT(pageNotificationsMessages);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useNearViewport<HTMLDivElement>(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  });
  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center">
      <Button variant="secondary" isBusy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {t('loadOlderNotifications')}
      </Button>
    </div>
  );
}
