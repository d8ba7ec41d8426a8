import { ReportGroupCard, useReportQueue } from '../features/safety';
import { useT } from '../i18n';
import { userMessageOf } from '../lib/api-client';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';
import { AdminOnlyPage } from './admin-only-page';
import { pagesAdminMessages } from './pages-admin.messages';

/** /admin/reports: open reports grouped by post, oldest first. Admins and moderators. */
export function AdminReportsPage() {
  const t = useT(pagesAdminMessages);
  return (
    <AdminOnlyPage title={t('reportsTitle')} access="staff" refusal={t('reportsRefusal')}>
      <ReportQueue />
    </AdminOnlyPage>
  );
}

function ReportQueue() {
  const t = useT(pagesAdminMessages);
  const queue = useReportQueue(true);
  if (queue.isPending) return <PageSpinner />;
  if (!queue.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(queue.error)}{' '}
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          {t('reportsTryAgain')}
        </Button>
      </div>
    );
  }
  if (queue.data.groups.length === 0)
    return <p className="text-slate-600 dark:text-slate-400">{t('reportsEmpty')}</p>;
  return (
    <div className="flex flex-col gap-4">
      {queue.data.groups.map((group) => (
        <ReportGroupCard key={group.post.id} group={group} />
      ))}
    </div>
  );
}
