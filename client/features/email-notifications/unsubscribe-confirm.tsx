import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { UnsubscribeQuery } from '../../../common/contracts/email-notifications';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { emailNotificationsMessages } from './email-notifications.messages';
import { useUnsubscribe } from './email-notifications.queries';

/** The link's fields, from the page's fragment (kept out of server logs); null when one is missing or odd. */
export function unsubscribeQueryFromHash(hash: string): UnsubscribeQuery | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const [u, k, t] = [params.get('u'), params.get('k'), params.get('t')];
  if (!u || !t || (k !== 'mention' && k !== 'reply')) return null;
  return { u, k, t };
}

/**
 * Asks before it stops anything: mail scanners open links on their own, and a GET must never
 * unsubscribe anyone.
 */
export function UnsubscribeConfirm({ query }: { query: UnsubscribeQuery | null }) {
  const t = useT(emailNotificationsMessages);
  const unsubscribe = useUnsubscribe();
  const link = (chunks: ReactNode[]) => (
    <Link to="/settings" className="font-semibold text-primary-700 underline dark:text-primary-300">
      {chunks}
    </Link>
  );
  if (!query) return <Alert>{t.rich('linkIncomplete', { link })}</Alert>;
  if (unsubscribe.isSuccess)
    return (
      <p role="status" className="text-slate-800 dark:text-slate-200">
        {t.rich('unsubscribed', { kind: query.k, link })}
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800 dark:text-slate-200">{t('unsubscribeQuestion', { kind: query.k })}</p>
      {unsubscribe.error && <Alert>{userMessageOf(unsubscribe.error)}</Alert>}
      <div>
        <Button isBusy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(query)}>
          {t('unsubscribeButton')}
        </Button>
      </div>
    </div>
  );
}
