import { Link, Navigate, useNavigate } from 'react-router';
import { AuthCard, SignUpForm, useCurrentUser } from '../features/auth';
import { useDocumentTitle } from '../lib/use-document-title';

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title="Create your account"
      subtitle="It takes a minute. No e-mail confirmation needed."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
          >
            Log in
          </Link>
        </>
      }
    >
      <SignUpForm onSignedUp={() => void navigate('/', { replace: true })} />
    </AuthCard>
  );
}
