import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Application } from '../../../common/contracts/instance';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SkeletonPosts } from '../../ui/skeleton';
import { RelativeTime } from '../../ui/relative-time';
import { useApplications, useApproveApplication, useRejectApplication } from './instance-admin.queries';
import { instanceAdminMessages } from './instance-admin.messages';

const breakAll = (chunks: ReactNode[]) => <span className="break-all">{chunks}</span>;

/**
 * The sign-ups waiting for an admin, oldest first. The decisions live here rather than in each
 * item: an item leaves the page when its decision succeeds, and what follows (the status line,
 * where focus goes) must not be lost with it.
 */
export function ApplicationsQueue() {
  const t = useT(instanceAdminMessages);
  const applications = useApplications();
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [turningDown, setTurningDown] = useState<Application | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // The place in the list of the item just decided: focus goes to the one that took its place
  // (or the empty-state line) once the list without it has rendered.
  const focusAt = useRef<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const items = applications.data;

  useEffect(() => {
    if (focusAt.current === null || !items) return;
    const articles = listRef.current?.querySelectorAll<HTMLElement>('article');
    const next = articles?.[Math.min(focusAt.current, articles.length - 1)] ?? emptyRef.current;
    focusAt.current = null;
    next?.focus();
  }, [focusRequest, items]);

  const decided = (application: Application, message: string) => {
    setStatus(message);
    focusAt.current = Math.max(0, items?.findIndex((item) => item.userId === application.userId) ?? 0);
    setFocusRequest((n) => n + 1);
  };

  const failure = (application: Application) => {
    if (approve.isError && approve.variables === application.userId) return approve.error;
    if (reject.isError && reject.variables === application.userId) return reject.error;
    return null;
  };

  return (
    <div>
      {/* Always in the page (a live region added with its text is often not read), taking no room empty. */}
      <p
        role="status"
        className={`text-sm font-medium text-green-800 dark:text-green-300 ${status ? 'mb-4' : ''}`}
      >
        {status}
      </p>
      {applications.isPending ? (
        <SkeletonPosts />
      ) : !items ? (
        <div role="alert" className="text-slate-700 dark:text-slate-300">
          {userMessageOf(applications.error)}{' '}
          <Button variant="secondary" onClick={() => void applications.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p ref={emptyRef} tabIndex={-1} className="text-slate-600 dark:text-slate-400">
          {t('queueEmpty')}
        </p>
      ) : (
        // role=list: Safari drops the list role of a <ul> styled without bullets.
        <ul ref={listRef} role="list" className="flex flex-col gap-4">
          {items.map((application) => (
            <li key={application.userId}>
              <ApplicationCard
                application={application}
                isApproving={approve.isPending && approve.variables === application.userId}
                error={failure(application)}
                onApprove={() =>
                  approve.mutate(application.userId, {
                    onSuccess: () =>
                      decided(application, t('approvedStatus', { handle: application.handle })),
                  })
                }
                onTurnDown={() => setTurningDown(application)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={turningDown !== null}
        title={t('turnDownConfirmTitle', { handle: turningDown?.handle ?? '' })}
        confirmLabel={t('turnDownConfirmLabel')}
        isBusy={reject.isPending}
        onCancel={() => setTurningDown(null)}
        onConfirm={() => {
          if (!turningDown) return;
          reject.mutate(turningDown.userId, {
            onSuccess: () => decided(turningDown, t('turnedDownStatus', { handle: turningDown.handle })),
            // On failure the message shows on the application, which stays.
            onSettled: () => setTurningDown(null),
          });
        }}
      >
        {t.rich('turnDownConfirmBody', {
          name: turningDown?.displayName ?? t('turnDownConfirmUnnamed'),
          address: turningDown?.email ?? '',
          email: breakAll,
        })}
      </ConfirmDialog>
    </div>
  );
}

function ApplicationCard({
  application,
  isApproving,
  error,
  onApprove,
  onTurnDown,
}: {
  application: Application;
  isApproving: boolean;
  error: Error | null;
  onApprove: () => void;
  onTurnDown: () => void;
}) {
  const t = useT(instanceAdminMessages);
  const headingId = `application-${application.userId}-title`;
  return (
    <article
      aria-labelledby={headingId}
      // Focus lands here after the application above it is decided, so the keyboard keeps its place.
      tabIndex={-1}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold [overflow-wrap:anywhere]">
          {application.displayName}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">@{application.handle}</span>
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t.rich('appliedLine', {
            address: application.email,
            email: breakAll,
            time: <RelativeTime iso={application.appliedAt} />,
          })}
        </p>
      </div>
      <div>
        <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('reasonLabel')}</p>
        {/* The applicant's own words: plain text, line breaks kept, never read as HTML. */}
        <p className="mt-1 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-900 [overflow-wrap:anywhere] dark:bg-slate-950 dark:text-slate-100">
          {application.reason}
        </p>
      </div>
      {error && <Alert>{userMessageOf(error)}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button isBusy={isApproving} onClick={onApprove} className="min-h-11" aria-describedby={headingId}>
          {t('approveButton')}
        </Button>
        <Button variant="secondary" onClick={onTurnDown} className="min-h-11" aria-describedby={headingId}>
          {t('turnDownButton')}
        </Button>
      </div>
    </article>
  );
}
