import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { useSafetyStatus } from '../features/safety';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';

const NEXT_LINK_CLASS =
  'py-2 text-sm font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300';

/**
 * The frame of an admin page: signed-out visitors go to log in, others are told the page is for
 * admins, and an admin sees `children` with a link to the other admin page.
 */
export function AdminOnlyPage({
  title,
  refusal,
  next,
  children,
}: {
  title: string;
  /** Said to a signed-in account that is not an admin. */
  refusal: string;
  next: { to: string; label: string };
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  if (isPending || (user && status.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  const isAdmin = status.data?.isAdmin === true;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {isAdmin && (
          <Link to={next.to} className={NEXT_LINK_CLASS}>
            {next.label}
          </Link>
        )}
      </div>
      {isAdmin ? (
        children
      ) : (
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {refusal}
        </p>
      )}
    </div>
  );
}
