import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCurrentUser } from '../auth';
import { applyRelation } from './relation-actions';
import { safetyMessages } from './safety.messages';
import { type SafetyKind, setRelation } from './safety.queries';

const NOTICE = {
  block: { text: 'blockedNotice', undo: 'unblockLabel' },
  mute: { text: 'mutedNotice', undo: 'unmuteLabel' },
} as const satisfies Record<SafetyKind, Record<string, string>>;

/**
 * On a profile: Mute and Block, or, once done, a notice that says so with the way back. How the
 * reader stands comes with the profile itself (`viewer`), not from their lists, which are paged.
 */
export function ProfileSafety({ user, viewer }: { user: PublicProfile; viewer: ProfileViewer }) {
  const t = useT(safetyMessages);
  const { data: me } = useCurrentUser();
  const queryClient = useQueryClient();
  const [isConfirmingBlock, setIsConfirmingBlock] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me || me.id === user.id) return null;

  const author = { id: user.id, handle: user.handle, displayName: user.displayName };
  const run = async (work: () => Promise<void>) => {
    setIsBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(userMessageOf(failure));
    } finally {
      setIsBusy(false);
      setIsConfirmingBlock(false);
    }
  };
  const active: SafetyKind | null = viewer.blocking ? 'block' : viewer.muting ? 'mute' : null;

  return (
    <section aria-label={t('profileSafetyLabel')} className="flex flex-col gap-3">
      {active ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>{t(NOTICE[active].text)}</p>
          <Button
            variant="secondary"
            isBusy={isBusy}
            onClick={() => void run(() => setRelation(queryClient, active, author, false))}
          >
            {t(NOTICE[active].undo, { handle: user.handle })}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            isBusy={isBusy}
            onClick={() => void run(() => applyRelation(queryClient, 'mute', author))}
          >
            {t('muteButton', { handle: user.handle })}
          </Button>
          <Button variant="secondary" onClick={() => setIsConfirmingBlock(true)}>
            {t('blockButton', { handle: user.handle })}
          </Button>
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <ConfirmDialog
        isOpen={isConfirmingBlock}
        title={t('blockConfirmTitle', { handle: user.handle })}
        confirmLabel={t('blockConfirmButton')}
        isBusy={isBusy}
        onCancel={() => setIsConfirmingBlock(false)}
        onConfirm={() => void run(() => applyRelation(queryClient, 'block', author))}
      >
        {t('blockConfirmText')}
      </ConfirmDialog>
    </section>
  );
}
