import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../../common/contracts/notifications';
import {
  isFetchingNotifications,
  type NotificationPages,
  notificationKeys,
  refetchFromNow,
  unreadCountOf,
} from './notifications.queries';

/** The server's answers in the order requests reach it; each one resolves when the test says. */
function server() {
  const answers: Array<(unreadCount: number) => void> = [];
  const queryFn = () =>
    new Promise<NotificationsResponse>((resolve) => {
      answers.push((unreadCount) => resolve({ notifications: [], nextCursor: null, unreadCount }));
    });
  return { answers, queryFn };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('refetchFromNow', () => {
  let unsubscribe = () => {};
  afterEach(() => unsubscribe());

  function watch(queryFn: () => Promise<NotificationsResponse>) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver<NotificationsResponse, Error, NotificationPages>(queryClient, {
      queryKey: notificationKeys.all,
      queryFn,
      initialPageParam: undefined as string | undefined,
      getNextPageParam: () => undefined,
    });
    // A subscribed observer is what the bell is: the query is active and refetched on invalidation.
    unsubscribe = observer.subscribe(() => {});
    return { queryClient, observer };
  }

  it('does not keep the answer of a first load sent before an event', async () => {
    const { answers, queryFn } = server();
    const { queryClient, observer } = watch(queryFn);
    await settled();
    expect(isFetchingNotifications(queryClient)).toBe(true);

    // An event arrives while the first load is on its way: a request is sent from now.
    const refetched = refetchFromNow(queryClient);
    await settled();
    expect(answers).toHaveLength(2);
    answers[1]!(2); // the new request sees both notifications
    answers[0]!(1); // the old one, answered late, saw one
    await refetched;
    await settled();

    expect(unreadCountOf(observer.getCurrentResult().data)).toBe(2);
  });

  it('replaces a refetch under way once there is data', async () => {
    const { answers, queryFn } = server();
    const { queryClient, observer } = watch(queryFn);
    await settled();
    answers[0]!(0);
    await settled();
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    await settled();

    const refetched = refetchFromNow(queryClient);
    await settled();
    answers[2]!(3);
    answers[1]!(1);
    await refetched;
    await settled();

    expect(answers).toHaveLength(3);
    expect(unreadCountOf(observer.getCurrentResult().data)).toBe(3);
  });
});
