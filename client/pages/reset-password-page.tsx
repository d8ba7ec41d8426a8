import { Link, useLocation } from 'react-router';
import { AuthCard, ResetPasswordForm, tokenFromHash } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { hash } = useLocation();
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Pick a password you don't use anywhere else."
      footer={
        <>
          Link expired?{' '}
          <Link
            to="/forgot-password"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Ask for a new one
          </Link>
        </>
      }
    >
      <ResetPasswordForm token={tokenFromHash(hash)} />
    </AuthCard>
  );
}
