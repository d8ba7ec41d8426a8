import { Link, useLocation } from 'react-router';
import { AuthCard } from '../features/auth';
import { UnsubscribeConfirm, unsubscribeQueryFromHash } from '../features/email-notifications';
import { useT } from '../i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { pageUnsubscribeMessages } from './page-unsubscribe.messages';

/** /unsubscribe#u=…&k=…&t=…: the link at the foot of every notification e-mail. */
export function UnsubscribePage() {
  const t = useT(pageUnsubscribeMessages);
  useDocumentTitle(t('unsubscribeDocumentTitle'));
  const { hash } = useLocation();
  return (
    <AuthCard
      title={t('unsubscribeTitle')}
      subtitle={t('unsubscribeSubtitle')}
      footer={
        <Link
          to="/"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          {t('backToFeed')}
        </Link>
      }
    >
      <UnsubscribeConfirm query={unsubscribeQueryFromHash(hash)} />
    </AuthCard>
  );
}
