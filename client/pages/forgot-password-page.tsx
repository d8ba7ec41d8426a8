import { Link } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?');
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we'll send you a link to choose a new one."
      footer={
        <>
          Remembered it?{' '}
          <Link
            to="/login"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Log in
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
