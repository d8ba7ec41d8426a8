import { type RefObject, useEffect, useRef } from 'react';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { userAdminMessages } from './user-admin.messages';

/**
 * "Load more" for a list of `<li tabIndex={-1}>`: once the next page shows, focus moves to its
 * first item, so the keyboard carries on where reading does (and is not left on a button that
 * goes away on the last page).
 */
export function useLoadMore(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  fetchNextPage: () => Promise<unknown>,
): () => void {
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAt.current;
    if (index === null || count <= index) return;
    focusAt.current = null;
    listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus();
  }, [count, listRef]);
  return () => {
    focusAt.current = count;
    void fetchNextPage();
  };
}

export function LoadMoreButton({
  isBusy,
  error,
  onClick,
}: {
  isBusy: boolean;
  error: unknown;
  onClick: () => void;
}) {
  const t = useT(userAdminMessages);
  return (
    <div className="flex flex-col items-start gap-2">
      {error !== null && <Alert>{userMessageOf(error)}</Alert>}
      <Button variant="secondary" isBusy={isBusy} onClick={onClick} className="min-h-11">
        {t('loadMore')}
      </Button>
    </div>
  );
}

const BAR = 'rounded bg-slate-200 motion-safe:animate-pulse dark:bg-slate-700';

/** Stand-in rows while a list loads, as tall as the rows that replace them. */
export function SkeletonRows({ count, hasAvatar }: { count: number; hasAvatar: boolean }) {
  const t = useT(userAdminMessages);
  return (
    <div>
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <div
        aria-hidden="true"
        className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className="flex min-h-20 items-center gap-3 px-4 py-4">
            {hasAvatar && <div className={`size-10 shrink-0 rounded-full ${BAR}`} />}
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <div className={`h-3.5 w-2/5 ${BAR}`} />
              <div className={`h-3 w-3/5 ${BAR}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** A list that could not be read, with the way to ask again. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT(userAdminMessages);
  return (
    <div role="alert" className="text-slate-700 dark:text-slate-300">
      {userMessageOf(error)}{' '}
      <Button variant="secondary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </div>
  );
}
