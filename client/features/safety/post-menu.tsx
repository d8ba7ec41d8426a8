import { useQueryClient } from '@tanstack/react-query';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Post } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type MenuItem, MenuButton } from '../../ui/menu-button';
import { applyRelation } from './relation-actions';
import { safetyMessages } from './safety.messages';
import { type SafetyKind, useAdminRemovePost, useSafetyStatus } from './safety.queries';

const TRIGGER =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 py-1.5 sm:min-h-0 sm:min-w-0 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800';

type Dialog = 'block' | 'report' | 'remove' | null;

/** Few readers ever report: the form (and its reasons) is a chunk of its own, fetched when asked for. */
const ReportDialog = lazy(() =>
  import('./report-dialog').then((module) => ({ default: module.ReportDialog })),
);

export interface PostMenuProps {
  post: Post;
  isMine: boolean;
}

/** "More actions" on a post: mute, block, report; admins and moderators may also remove it. */
export function PostMenu({ post, isMine }: PostMenuProps) {
  const t = useT(safetyMessages);
  const queryClient = useQueryClient();
  const status = useSafetyStatus(true);
  const removeAsAdmin = useAdminRemovePost();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const { handle } = post.author;

  const relate = async (kind: SafetyKind) => {
    setIsBusy(true);
    setError(null);
    try {
      await applyRelation(queryClient, kind, post.author);
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setIsBusy(false);
      setDialog(null);
    }
  };

  const items: MenuItem[] = isMine
    ? []
    : [
        { label: t('muteButton', { handle }), onSelect: () => void relate('mute') },
        { label: t('blockButton', { handle }), onSelect: () => setDialog('block'), isDanger: true },
        { label: t('reportPostItem'), onSelect: () => setDialog('report') },
      ];
  if ((status.data?.staffRole ?? null) !== null && !isMine)
    items.push({ label: t('removeForEveryoneItem'), onSelect: () => setDialog('remove'), isDanger: true });
  if (items.length === 0) return null;

  return (
    <>
      <MenuButton label={t('postMenuLabel', { handle })} items={items} className={TRIGGER}>
        <Ellipsis aria-hidden="true" className="size-5" />
      </MenuButton>
      {error && <Alert>{error}</Alert>}
      <ConfirmDialog
        isOpen={dialog === 'block'}
        title={t('blockConfirmTitle', { handle })}
        confirmLabel={t('blockConfirmButton')}
        isBusy={isBusy}
        onCancel={() => setDialog(null)}
        onConfirm={() => void relate('block')}
      >
        {t('blockConfirmText')}
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'remove'}
        title={t('removeConfirmTitle')}
        confirmLabel={t('removeConfirmButton')}
        isBusy={removeAsAdmin.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() => removeAsAdmin.mutate(post.id, { onSettled: () => setDialog(null) })}
      >
        {t('removeConfirmText')}
      </ConfirmDialog>
      {dialog === 'report' && (
        <Suspense fallback={null}>
          <ReportDialog postId={post.id} authorHandle={handle} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
