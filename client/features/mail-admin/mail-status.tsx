import type { MailStatusResponse } from '../../../common/contracts/mail';
import { userMessageOf } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageSpinner } from '../../ui/page-spinner';
import { RelativeTime } from '../../ui/relative-time';
import { useMailStatus } from './mail-admin.queries';

const COUNT_LABELS = [
  ['pending', 'Waiting'],
  ['sent', 'Sent (30 days)'],
  ['failed', 'Failed (30 days)'],
] as const;

/** The outbox for the admin: where mail goes, how much waits or failed, and each failure's reason. */
export function MailStatus() {
  const status = useMailStatus(true);
  if (status.isPending) return <PageSpinner />;
  if (!status.data) {
    return (
      <div role="alert" className="text-slate-700 dark:text-slate-300">
        {userMessageOf(status.error)}{' '}
        <Button variant="secondary" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { transport, counts, failures } = status.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="text-slate-700 dark:text-slate-300">
        {transport === 'smtp'
          ? 'E-mail goes out through the SMTP server set in SMTP_URL.'
          : 'No SMTP_URL is set: each e-mail is written to DATA_DIR/outbox as an .eml file, and its links are logged.'}
      </p>
      <dl className="grid grid-cols-3 gap-3">
        {COUNT_LABELS.map(([key, label]) => (
          <div
            key={key}
            className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{counts[key]}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="mail-failures" className="flex flex-col gap-3">
        <h2 id="mail-failures" className="text-lg font-semibold">
          Failed messages
        </h2>
        {failures.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">
            None. Every message went out or is still being tried.
          </p>
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
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <p className="font-medium break-words">{failure.subject}</p>
      <p className="text-sm break-all text-slate-700 dark:text-slate-300">To {failure.to}</p>
      <p className="mt-2 text-sm break-words text-red-800 dark:text-red-300">
        {failure.lastError ?? 'No answer recorded.'}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {failure.attempts} attempts, given up{' '}
        {failure.failedAt ? <RelativeTime iso={failure.failedAt} /> : 'at an unknown time'}
      </p>
    </li>
  );
}
