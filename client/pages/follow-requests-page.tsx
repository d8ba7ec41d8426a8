import { Link, Navigate } from 'react-router';
import { useCurrentUser } from '../features/auth';
import { FollowRequests } from '../features/follows';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageSpinner } from '../ui/page-spinner';
import { pageFollowRequestsMessages } from './page-follow-requests.messages';

/** /follow-requests: who asked to follow the signed-in account, to approve or deny. */
export function FollowRequestsPage() {
  const t = useT(pageFollowRequestsMessages);
  useDocumentTitle(t('followRequestsTitle'));
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('followRequestsTitle')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t.rich('followRequestsIntro', {
            link: (chunks) => (
              <Link
                to="/settings#privacy"
                className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
              >
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
      <FollowRequests />
    </div>
  );
}
