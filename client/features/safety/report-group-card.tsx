import { useState } from 'react';
import type { ReportGroup } from '../../../common/contracts/safety';
import { translate, useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { RelativeTime } from '../../ui/relative-time';
import { PostBody } from '../posts';
import { REPORT_REASON_KEYS, safetyMessages } from './safety.messages';
import { useAdminRemovePost, useCloseReports, useSetSuspension } from './safety.queries';
import { undoNotice } from './undo-notice';

type Pending = 'remove' | 'suspend' | null;

/** One reported post in the staff's queue, with its reports and what can be done about it. */
export function ReportGroupCard({ group }: { group: ReportGroup }) {
  const t = useT(safetyMessages);
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
        onSuccess: () => {
          const tNow = translate(safetyMessages);
          undoNotice.show({
            message: tNow('suspendedMessage', { handle: author.handle }),
            undoLabel: tNow('unsuspendButton'),
            dismissLabel: tNow('dismissNotice'),
            undo: () => suspension.mutate({ userId: author.id, isSuspended: false }),
          });
        },
        onSettled: () => setPending(null),
      },
    );

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        {t.rich('reportGroupHeading', {
          count: reports.length,
          name: author.displayName,
          handle: author.handle,
          muted: (chunks) => <span className="font-normal text-slate-600 dark:text-slate-400">{chunks}</span>,
        })}
      </h2>
      <PostBody html={post.bodyHtml} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-950" />
      <ul className="flex flex-col gap-2 text-sm">
        {reports.map((report) => (
          <li key={report.id}>
            {t.rich('reportLine', {
              reason: t(REPORT_REASON_KEYS[report.reason]),
              strong: (chunks) => <span className="font-semibold">{chunks}</span>,
              handle: report.reporter.handle,
              time: <RelativeTime iso={report.createdAt} />,
            })}
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
          {t('resolveButton')}
        </Button>
        <Button
          variant="secondary"
          isBusy={close.isPending && close.variables.outcome === 'dismissed'}
          onClick={() => close.mutate({ postId: post.id, outcome: 'dismissed' })}
        >
          {t('dismissReports')}
        </Button>
        <Button variant="secondary" onClick={() => setPending('remove')}>
          {t('removePostButton')}
        </Button>
        {/* Not offered for an admin or a moderator (the reader included): the server would refuse it. */}
        {group.canSuspendAuthor && (
          <Button variant="secondary" onClick={() => setPending('suspend')}>
            {t('suspendButton', { handle: author.handle })}
          </Button>
        )}
      </div>
      <ConfirmDialog
        isOpen={pending === 'remove'}
        title={t('removeConfirmTitle')}
        confirmLabel={t('removeConfirmButton')}
        isBusy={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => remove.mutate(post.id, { onSettled: () => setPending(null) })}
      >
        {t('removeWithReportsConfirmText')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={pending === 'suspend'}
        title={t('suspendConfirmTitle', { handle: author.handle })}
        confirmLabel={t('suspendConfirmButton')}
        isBusy={suspension.isPending}
        onCancel={() => setPending(null)}
        onConfirm={suspend}
      >
        {t('suspendConfirmText')}
      </ConfirmDialog>
    </article>
  );
}
