import type { ReactNode } from 'react';
import { Navigate, NavLink } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { useSafetyStatus } from '../features/safety';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { pagesAdminMessages } from './pages-admin.messages';

/** Who may use a page: admins only, or staff (admins and moderators). */
export type AdminAccess = 'admin' | 'staff';

type AdminKey = keyof typeof pagesAdminMessages.source;

const ADMIN_PAGES: readonly { to: string; labelKey: AdminKey; access: AdminAccess }[] = [
  { to: '/admin/reports', labelKey: 'navReports', access: 'staff' },
  { to: '/admin/users', labelKey: 'navAccounts', access: 'staff' },
  { to: '/admin/applications', labelKey: 'navApplications', access: 'admin' },
  { to: '/admin/settings', labelKey: 'navSettings', access: 'admin' },
  { to: '/admin/mail', labelKey: 'navMail', access: 'admin' },
  { to: '/admin/audit', labelKey: 'navAudit', access: 'admin' },
];

/*
 * At least 44 px tall at every width: the row wraps on a phone rather than shrinking its targets.
 * The current page is told apart by weight and a filled background as well as colour.
 */
const ADMIN_LINK_CLASS =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-200/70 aria-[current=page]:bg-primary-50 aria-[current=page]:font-semibold aria-[current=page]:text-primary-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-primary-950 dark:aria-[current=page]:text-primary-200';

/**
 * The frame of an admin page: signed-out visitors go to log in, others are told who the page is
 * for, and staff see the admin pages' navigation (moderators only the pages open to them) over
 * `children` when they may use the page.
 */
export function AdminOnlyPage({
  title,
  refusal,
  access = 'admin',
  children,
}: {
  title: string;
  /** Said to a signed-in account that may not use the page. */
  refusal: string;
  /** `staff` for pages moderators use too (reports, accounts). */
  access?: AdminAccess;
  children: ReactNode;
}) {
  const t = useT(pagesAdminMessages);
  useDocumentTitle(title);
  const { data: user, isPending } = useCurrentUser();
  const status = useSafetyStatus(Boolean(user));
  if (isPending || (user && status.isPending)) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  const staffRole = status.data?.staffRole ?? null;
  const mayUse = (needed: AdminAccess) => (needed === 'staff' ? staffRole !== null : staffRole === 'admin');
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {staffRole !== null && (
          <nav aria-label={t('adminNavLabel')}>
            <ul className="-mx-3 flex flex-wrap gap-1">
              {ADMIN_PAGES.filter((page) => mayUse(page.access)).map(({ to, labelKey }) => (
                <li key={to}>
                  {/* NavLink marks the page it leads to with aria-current="page" while it is shown. */}
                  <NavLink to={to} end className={ADMIN_LINK_CLASS}>
                    {t(labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      {mayUse(access) ? (
        children
      ) : (
        <p role="alert" className="text-slate-700 dark:text-slate-300">
          {refusal}
        </p>
      )}
    </div>
  );
}
