import { useState } from 'react';
import { REPORT_REASON_LABELS } from '../../../common/contracts/report-reasons';
import type { ReportGroup } from '../../../common/contracts/safety';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RelativeTime } from '../../ui/relative-time';
import { PostBody } from '../posts';
import { useAdminRemovePost, useCloseReports, useSetSuspension } from './safety.queries';
import { undoNotice } from './undo-notice';

type Pending = 'remove' | 'suspend' | null;

/** One reported post in the staff's queue, with its reports and what can be done about it. */
export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const { post, reports } = group;
  const close = useCloseReports();
  const remove = useAdminRemovePost();
  const suspension = useSetSuspension();
  const [pending, setPending] = useState<Pending>(null);
  const headingId = `report-${post.id}-title`;
  const failure = close.error ?? remove.error ?? suspension.error;
  const author = post.author;

  const suspend = () =>
    suspension.mutate(
      { userId: author.id, isSuspended: true },
      {
        onSuccess: () =>
          undoNotice.show({
            message: `@${author.handle} is suspended.`,
            undoLabel: 'Unsuspend',
            undo: () => suspension.mutate({ userId: author.id, isSuspended: false }),
          }),
        onSettled: () => setPending(null),
      },
    );

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {reports.length} {reports.length === 1 ? 'report' : 'reports'} on a post by {author.displayName}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">@{author.handle}</span>
      </h2>
      <PostBody html={post.bodyHtml} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-950" />
      <ul className="flex flex-col gap-2 text-sm">
        {reports.map((report) => (
          <li key={report.id}>
            <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span> from @
            {report.reporter.handle}, <RelativeTime iso={report.createdAt} />
            {report.note && (
              <p className="mt-0.5 whitespace-pre-line text-slate-700 dark:text-slate-300">{report.note}</p>
            )}
          </li>
        ))}
      </ul>
      {failure && <Alert>{userMessageOf(failure)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          isBusy={close.isPending && close.variables.outcome === 'resolved'}
          onClick={() => close.mutate({ postId: post.id, outcome: 'resolved' })}
        >
          Resolve
        </Button>
        <Button
          variant="secondary"
          isBusy={close.isPending && close.variables.outcome === 'dismissed'}
          onClick={() => close.mutate({ postId: post.id, outcome: 'dismissed' })}
        >
          Dismiss
        </Button>
        <Button variant="secondary" onClick={() => setPending('remove')}>
          Remove post
        </Button>
        {/* Not offered for an admin or a moderator (the reader included): the server would refuse it. */}
        {group.canSuspendAuthor && (
          <Button variant="secondary" onClick={() => setPending('suspend')}>
            Suspend @{author.handle}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={pending === 'remove'}
        title="Remove this post for everyone?"
        confirmLabel="Remove"
        isBusy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => remove.mutate(post.id, { onSettled: () => setPending(null) })}
      >
        It disappears from every feed at once, with its replies and its reports.
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={pending === 'suspend'}
        title={`Suspend @${author.handle}?`}
        confirmLabel="Suspend"
        isBusy={suspension.isPending}
        onCancel={() => setPending(null)}
        onConfirm={suspend}
      >
        Their sessions end at once, they cannot log in, and their posts and profile are hidden from everyone
        until you unsuspend them.
      </ConfirmDialog>
    </article>
  );
}
