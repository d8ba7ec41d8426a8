import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { MailStatus } from '../features/mail-admin';
import { useSafetyStatus } from '../features/safety';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';

/** /admin/mail: the e-mail outbox, so a mail server that refuses is noticed. Admins only. */
export function AdminMailPage() {
  useDocumentTitle('Outgoing e-mail');
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  if (isPending || (user && status.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Outgoing e-mail</h1>
        <Link
          to="/admin/reports"
          className="py-2 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          Reports
        </Link>
      </div>
      {status.data?.isAdmin ? (
        <MailStatus />
      ) : (
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          Only an admin can see outgoing e-mail.
        </p>
      )}
    </div>
  );
}
