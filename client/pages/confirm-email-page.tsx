import { Link, useLocation } from 'react-router';
import { AuthCard, ConfirmEmailResult, tokenFromHash } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export function ConfirmEmailPage() {
  useDocumentTitle('Confirm your e-mail address');
  const { hash } = useLocation();
  return (
    <AuthCard
      title="Confirm your e-mail address"
      subtitle="One moment while we check the link from your e-mail."
      footer={
        <Link
          to="/"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
        >
          Back to Tidings
        </Link>
      }
    >
      <ConfirmEmailResult token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
