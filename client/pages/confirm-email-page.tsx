import { Link, useLocation } from 'react-router';
import { AuthCard, ConfirmEmailResult, tokenFromHash } from '../features/auth';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageConfirmEmailMessages } from './page-confirm-email.messages';

export function ConfirmEmailPage() {
  const t = useT(pageConfirmEmailMessages);
  useDocumentTitle(t('confirmEmailTitle'));
  const { hash } = useLocation();
  return (
    <AuthCard
      title={t('confirmEmailTitle')}
      subtitle={t('confirmEmailSubtitle')}
      footer={
        <Link
          to="/"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          {t('backToTidings')}
        </Link>
      }
    >
      <ConfirmEmailResult token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
