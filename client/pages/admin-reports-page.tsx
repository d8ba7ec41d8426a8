import { ReportGroupCard, useReportQueue } from '../features/safety';
import { userMessageOf } from '../lib/api-client';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';
import { AdminOnlyPage } from './admin-only-page';

/** /admin/reports: open reports grouped by post, oldest first. Admins and moderators. */
export function AdminReportsPage() {
  return (
    <AdminOnlyPage title="Reports" access="staff" refusal="Only admins and moderators can see the reports.">
      <ReportQueue />
    </AdminOnlyPage>
  );
}

function ReportQueue() {
  const queue = useReportQueue(true);
  if (queue.isPending) return <PageSpinner />;
  if (!queue.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(queue.error)}{' '}
        <Button variant="secondary" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (queue.data.groups.length === 0)
    return <p className="text-slate-600 dark:text-slate-400">No open reports. All clear.</p>;
  return (
    <div className="flex flex-col gap-4">
      {queue.data.groups.map((group) => (
        <ReportGroupCard key={group.post.id} group={group} />
      ))}
    </div>
  );
}
