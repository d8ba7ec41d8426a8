import type { MailStatusResponse } from '../../../common/contracts/mail';
import { useLocale, useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { SkeletonPosts } from '../../ui/skeleton';
import { RelativeTime } from '../../ui/relative-time';
import { useMailStatus } from './mail-admin.queries';
import { mailAdminMessages } from './mail-admin.messages';

const COUNT_LABELS = [
  ['pending', 'countPending'],
  ['sent', 'countSent'],
  ['failed', 'countFailed'],
] as const;

/** The outbox for the admin: where mail goes, how much waits or failed, and each failure's reason. */
export function MailStatus() {
  const t = useT(mailAdminMessages);
  const locale = useLocale();
  const status = useMailStatus(true);
  if (status.isPending) return <SkeletonPosts />;
  if (!status.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(status.error)}{' '}
        <Button variant="secondary" onClick={() => void status.refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  const { transport, counts, failures } = status.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700 dark:text-slate-300">
        {transport === 'smtp' ? t('transportSmtp') : t('transportFolder')}
      </p>
      <dl className="grid grid-cols-3 gap-3">
        {COUNT_LABELS.map(([key, label]) => (
          <div
            key={key}
            className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t(label)}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{counts[key].toLocaleString(locale)}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="mail-failures" className="flex flex-col gap-3">
        <h2 id="mail-failures" className="text-lg font-semibold">
          {t('failuresHeading')}
        </h2>
        {failures.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{t('failuresEmpty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {failures.map((failure) => (
              <FailureItem key={failure.id} failure={failure} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function FailureItem({ failure }: { failure: MailStatusResponse['failures'][number] }) {
  const t = useT(mailAdminMessages);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <p className="font-medium break-words">{failure.subject}</p>
      <p className="text-sm break-all text-slate-700 dark:text-slate-300">
        {t('failureRecipient', { address: failure.to })}
      </p>
      <p className="mt-2 text-sm break-words text-red-800 dark:text-red-300">
        {failure.lastError ?? t('failureNoAnswer')}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {failure.failedAt
          ? t.rich('failureGivenUp', {
              count: failure.attempts,
              time: <RelativeTime iso={failure.failedAt} />,
            })
          : t('failureGivenUpUnknown', { count: failure.attempts })}
      </p>
    </li>
  );
}
