import { Link } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '../features/auth';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageForgotPasswordMessages } from './page-forgot-password.messages';

export function ForgotPasswordPage() {
  const t = useT(pageForgotPasswordMessages);
  useDocumentTitle(t('forgotTitle'));
  return (
    <AuthCard
      title={t('forgotTitle')}
      subtitle={t('forgotSubtitle')}
      footer={t.rich('forgotFooter', {
        link: (chunks) => (
          <Link
            to="/login"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            {chunks}
          </Link>
        ),
      })}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
