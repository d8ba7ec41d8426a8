import { useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { RelativeTime } from '../../ui/relative-time';
import { describeAuditEntry } from './describe-audit-entry';
import { LoadFailure, LoadMoreButton, SkeletonRows, useLoadMore } from './load-more';
import { useAuditLog } from './user-admin.queries';
import { userAdminMessages } from './user-admin.messages';

/** What admins and moderators did, newest first, one sentence each. */
export function AuditLog() {
  const t = useT(userAdminMessages);
  const log = useAuditLog();
  const listRef = useRef<HTMLOListElement>(null);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const loadMore = useLoadMore(listRef, entries.length, log.fetchNextPage);

  if (log.isPending) return <SkeletonRows count={6} hasAvatar={false} />;
  if (!log.data) return <LoadFailure error={log.error} onRetry={() => void log.refetch()} />;
  if (entries.length === 0) return <p className="text-slate-600 dark:text-slate-400">{t('auditLogEmpty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {/* role=list: Safari drops the list role of an <ol> styled without numbers. */}
      <ol
        ref={listRef}
        role="list"
        aria-label={t('auditLogLabel')}
        className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
      >
        {entries.map((entry) => (
          // Focus lands here when "Load more" brings this entry in.
          <li key={entry.id} tabIndex={-1} className="flex flex-col gap-0.5 px-4 py-3">
            <p className="[overflow-wrap:anywhere]">
              {describeAuditEntry(entry, t).map((part, index) =>
                typeof part === 'string' ? (
                  part
                ) : (
                  <Link
                    key={index}
                    to={part.to}
                    className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-300 dark:hover:text-primary-200"
                  >
                    {part.text}
                  </Link>
                ),
              )}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              <RelativeTime iso={entry.createdAt} />
            </p>
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <LoadMoreButton
          isBusy={log.isFetchingNextPage}
          error={log.isFetchNextPageError ? log.error : null}
          onClick={loadMore}
        />
      )}
    </div>
  );
}
