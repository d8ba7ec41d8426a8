import { type ReactNode, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import type { ClientConfigResponse } from '../../common/contracts/client-config';
import { AuthCard, SignUpForm, useCurrentUser } from '../features/auth';
import { type Translate, useT } from '../i18n';
import { useClientConfig } from '../lib/instance';
import { useDocumentTitle } from '../lib/use-document-title';
import { userMessageOf } from '../lib/api-client';
import { Button, Spinner } from '../ui/button';
import { pageSignUpMessages } from './page-sign-up.messages';

type AccountKey = keyof typeof pageSignUpMessages.source;

const LINK_CLASS = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300';

/** An invite link's code, carried in the fragment (#invite=…) like the e-mailed links. */
function inviteFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('invite')?.trim() ?? '';
}

function LogInFooter() {
  const t = useT(pageSignUpMessages);
  return t.rich('signUpFooter', {
    link: (chunks) => (
      <Link to="/login" className={LINK_CLASS}>
        {chunks}
      </Link>
    ),
  });
}

const logInFooter = <LogInFooter />;

export function SignUpPage() {
  const t = useT(pageSignUpMessages);
  useDocumentTitle(t('signUpTitle'));
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { data: user } = useCurrentUser();
  const config = useClientConfig();
  const [applicant, setApplicant] = useState<{ displayName: string; email: string } | null>(null);
  if (user) return <Navigate to="/" replace />;
  if (config.isError && !config.data) {
    return (
      <AuthCard title={t('signUpHeading')} subtitle={t('signUpLoadFailed')} footer={logInFooter}>
        <div role="alert" className="flex flex-col items-start gap-3 text-slate-800 dark:text-slate-200">
          <p>{userMessageOf(config.error)}</p>
          <Button variant="secondary" onClick={() => void config.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (!config.data) {
    return (
      <AuthCard title={t('signUpHeading')} subtitle={t('signUpLoadingSubtitle')} footer={logInFooter}>
        <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
          <Spinner />
          {t('signUpLoading')}
        </p>
      </AuthCard>
    );
  }
  const { instance } = config.data;
  if (applicant) {
    return (
      <AuthCard
        title={t('appliedHeading')}
        subtitle={t('appliedSubtitle', { instance: instance.name })}
        footer={logInFooter}
      >
        <div role="status" className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
          <p className="font-semibold [overflow-wrap:anywhere]">
            {t('appliedWaiting', { name: applicant.displayName })}
          </p>
          <p className="[overflow-wrap:anywhere]">{t('appliedEmail', { email: applicant.email })}</p>
        </div>
      </AuthCard>
    );
  }
  const inviteCode = inviteFromHash(hash);
  const mode = inviteCode ? 'open' : instance.registrationMode;
  if (mode === 'closed' || mode === 'invite') {
    return (
      <AuthCard
        title={mode === 'closed' ? t('closedHeading') : t('inviteOnlyHeading')}
        subtitle={
          mode === 'closed'
            ? t('closedSubtitle', { instance: instance.name })
            : t('inviteOnlySubtitle', { instance: instance.name })
        }
        footer={logInFooter}
      >
        <NoSignUp config={config.data} />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('signUpHeading')}
      subtitle={subtitleFor(t, config.data, inviteCode, mode)}
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

function subtitleFor(
  t: Translate<AccountKey>,
  config: ClientConfigResponse,
  inviteCode: string,
  mode: 'open' | 'approval',
): string {
  const { instance, emailConfirmationRequired } = config;
  if (inviteCode) return t('invitedSubtitle', { instance: instance.name });
  if (mode === 'approval') return t('approvalSubtitle');
  return emailConfirmationRequired ? t('openSubtitleWithConfirmation') : t('openSubtitleNoConfirmation');
}

function NoSignUp({ config }: { config: ClientConfigResponse }): ReactNode {
  const t = useT(pageSignUpMessages);
  const { contactEmail } = config.instance;
  return (
    <div className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
      <p>{t('alreadyInvited')}</p>
      {contactEmail && (
        <p className="[overflow-wrap:anywhere]">
          {t.rich('contactEmail', {
            email: contactEmail,
            link: (chunks) => (
              <a href={`mailto:${contactEmail}`} className={LINK_CLASS}>
                {chunks}
              </a>
            ),
          })}
        </p>
      )}
    </div>
  );
}
