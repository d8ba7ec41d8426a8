import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard, LogInForm, useCurrentUser } from '../features/auth';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageLogInMessages } from './page-log-in.messages';

export function LogInPage() {
  const t = useT(pageLogInMessages);
  useDocumentTitle(t('logInTitle'));
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title={t('logInHeading')}
      subtitle={t('logInSubtitle')}
      footer={t.rich('logInFooter', {
        link: (chunks) => (
          <Link
            to="/signup"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            {chunks}
          </Link>
        ),
      })}
    >
      <LogInForm onLoggedIn={() => void navigate('/', { replace: true })} />
    </AuthCard>
  );
}
