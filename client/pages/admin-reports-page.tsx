import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { ReportGroupCard, useReportQueue, useSafetyStatus } from '../features/safety';
import { userMessageOf } from '../lib/api-client';
import { useDocumentTitle } from '../lib/use-document-title';
import { Button } from '../ui/button';
import { PageSpinner } from '../ui/page-spinner';

/** /admin/reports: open reports grouped by post, oldest first. Admins only. */
export function AdminReportsPage() {
  useDocumentTitle('Reports');
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  if (isPending || (user && status.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Reports</h1>
        {status.data?.isAdmin && (
          <Link
            to="/admin/mail"
            className="py-2 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Outgoing e-mail
          </Link>
        )}
      </div>
      {status.data?.isAdmin ? (
        <ReportQueue />
      ) : (
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          Only an admin can see the reports.
        </p>
      )}
    </div>
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
