import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { ApiError, userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Spinner } from '../../ui/button';
import { confirmEmailResultMessages } from './confirm-email-result.messages';
import { useConfirmEmail, useCurrentUser } from './auth.queries';

const BUTTON_LINK =
  'mt-2 inline-flex items-center justify-center rounded-lg bg-primary-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-700';
const LINK_CLASS = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300';

/** Opens the e-mailed link as soon as the page shows it: there is nothing to type. */
export function ConfirmEmailResult({ token }: { token: string }) {
  const t = useT(confirmEmailResultMessages);
  const confirm = useConfirmEmail();
  const { data: user } = useCurrentUser();
  const sent = useRef(false);
  useEffect(() => {
    // Once: a token works once, and development's double effects must not spend it twice.
    if (sent.current || token === '') return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  if (token === '') {
    return <Alert>{t('confirmNoLink')}</Alert>;
  }
  if (confirm.isSuccess) {
    return (
      <div role="status" className="flex flex-col gap-3 text-slate-800 dark:text-slate-200">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {t('confirmDone', { email: confirm.data.email })}
        </p>
        <p>{user ? t('confirmCanPost') : t('confirmLogInToPost')}</p>
        <Link to={user ? '/' : '/login'} className={BUTTON_LINK}>
          {user ? t('goToFeed') : t('logIn')}
        </Link>
      </div>
    );
  }
  if (confirm.error) {
    const isLinkDead = confirm.error instanceof ApiError && confirm.error.code === 'confirm_link_invalid';
    return (
      <Alert>
        {userMessageOf(confirm.error)}
        {isLinkDead && user && (
          <>
            {' '}
            <Link to="/settings" className={LINK_CLASS}>
              {t('openSettings')}
            </Link>
          </>
        )}
      </Alert>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
      <Spinner />
      {t('confirming')}
    </p>
  );
}
