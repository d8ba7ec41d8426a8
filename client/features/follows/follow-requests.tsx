import { useEffect, useRef, useState } from 'react';
import type { PublicProfile } from '../../../common/contracts/users';
import { translate, useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AccountList } from './account-list';
import { neighbourOf } from './follow-lists';
import { followsMessages } from './follows.messages';
import { type FollowRequestAnswer, useAnswerFollowRequest, useFollowRequests } from './follows.queries';

const DONE = {
  approve: 'requestApprovedMessage',
  deny: 'requestDeniedMessage',
} as const satisfies Record<FollowRequestAnswer, string>;

/*
 * A row being answered is marked, not disabled: disabling the pressed button would drop the
 * keyboard's focus to the page, and the row leaves anyway once the server agrees.
 */
const PENDING = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/**
 * Where focus goes after a row leaves: another row's Approve button, or, with no row left, the
 * button for older requests or the note that there are none.
 */
type FocusTarget = { userId: string } | 'empty' | null;

/**
 * The reader's follow requests, each with Approve and Deny. An answered row leaves the list;
 * a polite message says what was done, and the keyboard moves on to the next request.
 */
export function FollowRequests() {
  const t = useT(followsMessages);
  const requests = useFollowRequests();
  const answer = useAnswerFollowRequest();
  const [announcement, setAnnouncement] = useState('');
  const focusTarget = useRef<FocusTarget>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const users = requests.data?.pages.flatMap((page) => page.users) ?? [];

  // Settled after whichever render first shows the target: the answer's message and the row's
  // removal from the cache may arrive in separate renders.
  useEffect(() => {
    const target = focusTarget.current;
    if (target === null) return;
    const element =
      target === 'empty'
        ? (listRef.current?.querySelector<HTMLButtonElement>('[data-load-more]') ?? emptyRef.current)
        : listRef.current?.querySelector<HTMLButtonElement>(
            `[data-approve-for="${CSS.escape(target.userId)}"]`,
          );
    if (!element) return;
    element.focus();
    focusTarget.current = null;
  });

  const respond = (user: PublicProfile, choice: FollowRequestAnswer) => {
    if (answer.isPending) return;
    setAnnouncement('');
    const next = neighbourOf(
      users.map(({ id }) => id),
      user.id,
    );
    answer.mutate(
      { user, answer: choice },
      {
        onSuccess: () => {
          focusTarget.current = next === null ? 'empty' : { userId: next };
          setAnnouncement(translate(followsMessages)(DONE[choice], { handle: user.handle }));
        },
      },
    );
  };

  const pendingId = answer.isPending ? answer.variables?.user.id : null;
  return (
    <div ref={listRef} className="flex flex-col gap-4">
      {answer.error && <Alert>{userMessageOf(answer.error)}</Alert>}
      <AccountList
        query={requests}
        label={t('requestsLabel')}
        empty={
          <p ref={emptyRef} tabIndex={-1} className="text-slate-600 dark:text-slate-400">
            {t('requestsEmpty')}
          </p>
        }
        actions={(user) => {
          const isThisPending = pendingId === user.id;
          return (
            <>
              <Button
                data-approve-for={user.id}
                aria-label={t('approveLabel', { handle: user.handle })}
                aria-disabled={isThisPending || undefined}
                onClick={() => respond(user, 'approve')}
                className={PENDING}
              >
                {t('approveButton')}
              </Button>
              <Button
                variant="secondary"
                aria-label={t('denyLabel', { handle: user.handle })}
                aria-disabled={isThisPending || undefined}
                onClick={() => respond(user, 'deny')}
                className={PENDING}
              >
                {t('denyButton')}
              </Button>
            </>
          );
        }}
      />
      <p role="status" className="text-sm font-medium text-green-800 dark:text-green-300">
        {announcement}
      </p>
    </div>
  );
}
