import type { ReactNode } from 'react';
import { Navigate, NavLink } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { useSafetyStatus } from '../features/safety';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';

const ADMIN_PAGES = [
  { to: '/admin/reports', label: 'Reports' },
  { to: '/admin/applications', label: 'Applications' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/mail', label: 'Outgoing e-mail' },
] as const;

/*
 * At least 44 px tall at every width: the row wraps on a phone rather than shrinking its targets.
 * The current page is told apart by weight and a filled background as well as colour.
 */
const ADMIN_LINK_CLASS =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-200/70 aria-[current=page]:bg-primary-50 aria-[current=page]:font-semibold aria-[current=page]:text-primary-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-primary-950 dark:aria-[current=page]:text-primary-200';

/**
 * The frame of an admin page: signed-out visitors go to log in, others are told the page is for
 * admins, and an admin sees `children` under the admin pages' navigation.
 */
export function AdminOnlyPage({
  title,
  refusal,
  children,
}: {
  title: string;
  /** Said to a signed-in account that is not an admin. */
  refusal: string;
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
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {isAdmin && (
          <nav aria-label="Admin">
            <ul className="-mx-3 flex flex-wrap gap-1">
              {ADMIN_PAGES.map(({ to, label }) => (
                <li key={to}>
                  {/* NavLink marks the page it leads to with aria-current="page" while it is shown. */}
                  <NavLink to={to} end className={ADMIN_LINK_CLASS}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
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
