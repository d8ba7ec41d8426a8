import { Link } from 'react-router';
import type { UnsubscribeQuery } from '../../../common/contracts/email-notifications';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useUnsubscribe } from './email-notifications.queries';

const KINDS = { mention: 'mentions', reply: 'replies to your posts' } as const;

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
  const unsubscribe = useUnsubscribe();
  const settingsLink = (
    <Link to="/settings" className="font-semibold text-primary-700 underline dark:text-primary-300">
      your settings
    </Link>
  );
  if (!query)
    return (
      <Alert>
        This link is incomplete. Open it again from the e-mail, or choose your e-mails in {settingsLink}.
      </Alert>
    );
  if (unsubscribe.isSuccess)
    return (
      <p role="status" className="text-slate-800 dark:text-slate-200">
        Done: no more e-mails about {KINDS[query.k]}. You can turn them back on in {settingsLink}.
      </p>
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-800 dark:text-slate-200">
        Stop the e-mails about {KINDS[query.k]}? They stay in your notifications in the app.
      </p>
      {unsubscribe.error && <Alert>{userMessageOf(unsubscribe.error)}</Alert>}
      <div>
        <Button isBusy={unsubscribe.isPending} onClick={() => unsubscribe.mutate(query)}>
          Stop these e-mails
        </Button>
      </div>
    </div>
  );
}
