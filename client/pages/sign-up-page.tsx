import { type ReactNode, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { ClientConfigResponse } from '../../common/contracts/client-config';
import { AuthCard, SignUpForm, useCurrentUser } from '../features/auth';
import { useClientConfig } from '../lib/instance';
import { useDocumentTitle } from '../lib/use-document-title';
import { userMessageOf } from '../lib/api-client';
import { Button, Spinner } from '../ui/button';

const LINK_CLASS = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300';

/** An invite link's code, carried in the fragment (#invite=…) like the e-mailed links. */
function inviteFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('invite')?.trim() ?? '';
}

const logInFooter = (
  <>
    Already have an account?{' '}
    <Link to="/login" className={LINK_CLASS}>
      Log in
    </Link>
  </>
);

export function SignUpPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { data: user } = useCurrentUser();
  const config = useClientConfig();
  const [applicant, setApplicant] = useState<{ displayName: string; email: string } | null>(null);
  if (user) return <Navigate to="/" replace />;
  if (config.isError && !config.data) {
    return (
      <AuthCard title="Create your account" subtitle="The sign-up form did not load." footer={logInFooter}>
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-800 dark:text-slate-200">
          <p>{userMessageOf(config.error)}</p>
          <Button variant="secondary" onClick={() => void config.refetch()}>
            Try again
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (!config.data) {
    return (
      <AuthCard title="Create your account" subtitle="One moment…" footer={logInFooter}>
        <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Spinner />
          Loading the sign-up form…
        </p>
      </AuthCard>
    );
  }
  const { instance } = config.data;
  if (applicant) {
    return (
      <AuthCard
        title="Thanks for applying"
        subtitle={`${instance.name} approves each new account.`}
        footer={logInFooter}
      >
        <div role="status" className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
          <p className="font-semibold [overflow-wrap:anywhere]">
            Your sign-up is waiting for an admin, {applicant.displayName}.
          </p>
          <p className="[overflow-wrap:anywhere]">
            We will e-mail {applicant.email} once it is decided. You can log in after it is approved.
          </p>
        </div>
      </AuthCard>
    );
  }
  const inviteCode = inviteFromHash(hash);
  const mode = inviteCode ? 'open' : instance.registrationMode;
  if (mode === 'closed' || mode === 'invite') {
    return (
      <AuthCard
        title={mode === 'closed' ? 'Sign-ups are closed' : 'Sign-ups are by invitation'}
        subtitle={
          mode === 'closed'
            ? `${instance.name} is not taking new accounts right now.`
            : `Ask someone on ${instance.name} for an invite link, then open it to sign up.`
        }
        footer={logInFooter}
      >
        <NoSignUp config={config.data} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your account"
      subtitle={subtitleFor(config.data, inviteCode, mode)}
      footer={logInFooter}
    >
      <SignUpForm
        rules={{
          instanceName: instance.name,
          inviteCode,
          needsReason: mode === 'approval',
          rules: instance.rules,
        }}
        onSignedUp={() => void navigate('/', { replace: true })}
        onApplied={setApplicant}
      />
    </AuthCard>
  );
}

function subtitleFor(config: ClientConfigResponse, inviteCode: string, mode: 'open' | 'approval'): string {
  const { instance, emailConfirmationRequired } = config;
  if (inviteCode) return `You were invited to ${instance.name}.`;
  if (mode === 'approval') return `Tell the admins a little about yourself: they approve each new account.`;
  return emailConfirmationRequired
    ? 'It takes a minute, then a link by e-mail to confirm your address.'
    : 'It takes a minute. No e-mail confirmation needed.';
}

function NoSignUp({ config }: { config: ClientConfigResponse }): ReactNode {
  const { contactEmail } = config.instance;
  return (
    <div className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
      <p>Already invited? Open the invite link itself: it lets you sign up here.</p>
      {contactEmail && (
        <p className="[overflow-wrap:anywhere]">
          Questions? Write to{' '}
          <a href={`mailto:${contactEmail}`} className={LINK_CLASS}>
            {contactEmail}
          </a>
          .
        </p>
      )}
    </div>
  );
}
