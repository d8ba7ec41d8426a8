import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard, LogInForm, useCurrentUser } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export function LogInPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to see what's new."
      footer={
        <>
          New to Tidings?{' '}
          <Link
            to="/signup"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Create an account
          </Link>
        </>
      }
    >
      <LogInForm onLoggedIn={() => void navigate('/', { replace: true })} />
    </AuthCard>
  );
}
