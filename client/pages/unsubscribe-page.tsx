import { Link, useLocation } from 'react-router';
import { AuthCard } from '../features/auth';
import { UnsubscribeConfirm, unsubscribeQueryFromHash } from '../features/email-notifications';
import { useDocumentTitle } from '../lib/use-document-title';

/** /unsubscribe#u=…&k=…&t=…: the link at the foot of every notification e-mail. */
export function UnsubscribePage() {
  useDocumentTitle('Stop notification e-mails');
  const { hash } = useLocation();
  return (
    <AuthCard
      title="Notification e-mails"
      subtitle="Choose what reaches your inbox."
      footer={
        <Link
          to="/"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          Back to the feed
        </Link>
      }
    >
      <UnsubscribeConfirm query={unsubscribeQueryFromHash(hash)} />
    </AuthCard>
  );
}
