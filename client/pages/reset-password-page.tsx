import { Link, useLocation } from 'react-router';
import { AuthCard, ResetPasswordForm, tokenFromHash } from '../features/auth';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageResetPasswordMessages } from './page-reset-password.messages';

export function ResetPasswordPage() {
  const t = useT(pageResetPasswordMessages);
  useDocumentTitle(t('resetTitle'));
  const { hash } = useLocation();
  return (
    <AuthCard
      title={t('resetTitle')}
      subtitle={t('resetSubtitle')}
      footer={t.rich('resetFooter', {
        link: (chunks) => (
          <Link
            to="/forgot-password"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            {chunks}
          </Link>
        ),
      })}
    >
      <ResetPasswordForm token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
