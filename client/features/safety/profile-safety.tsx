import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PublicProfile } from '../../../common/contracts/users';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCurrentUser } from '../auth/auth.queries';
import { applyRelation } from './relation-actions';
import { type SafetyKind, setRelation, useSafetyList } from './safety.queries';

const NOTICE: Record<SafetyKind, string> = {
  block: 'You blocked this account. Neither of you sees the other’s posts.',
  mute: 'You muted this account. Their posts are hidden from you.',
};

/** On a profile: Mute and Block, or, once done, a notice that says so with the way back. */
export function ProfileSafety({ user }: { user: PublicProfile }) {
  const { data: me } = useCurrentUser();
  const isSignedIn = Boolean(me);
  const blocks = useSafetyList('block', isSignedIn);
  const mutes = useSafetyList('mute', isSignedIn);
  const queryClient = useQueryClient();
  const [isConfirmingBlock, setIsConfirmingBlock] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me || me.id === user.id || !blocks.data || !mutes.data) return null;

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
  const isBlocked = blocks.data.some((u) => u.id === user.id);
  const isMuted = mutes.data.some((u) => u.id === user.id);
  const active: SafetyKind | null = isBlocked ? 'block' : isMuted ? 'mute' : null;

  return (
    <section aria-label="Your settings for this account" className="flex flex-col gap-3">
      {active ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p>{NOTICE[active]}</p>
          <Button
            variant="secondary"
            isBusy={isBusy}
            onClick={() => void run(() => setRelation(queryClient, active, author, false))}
          >
            {active === 'block' ? 'Unblock' : 'Unmute'} @{user.handle}
          </Button>
        </div>
      ) : (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            isBusy={isBusy}
            onClick={() => void run(() => applyRelation(queryClient, 'mute', author))}
          >
            Mute @{user.handle}
          </Button>
          <Button variant="secondary" onClick={() => setIsConfirmingBlock(true)}>
            Block @{user.handle}
          </Button>
        </div>
      )}
      {error && <Alert>{error}</Alert>}
      <ConfirmDialog
        isOpen={isConfirmingBlock}
        title={`Block @${user.handle}?`}
        confirmLabel="Block"
        isBusy={isBusy}
        onCancel={() => setIsConfirmingBlock(false)}
        onConfirm={() => void run(() => applyRelation(queryClient, 'block', author))}
      >
        You will not see each other&apos;s posts, and neither of you can reply to or like the other&apos;s
        posts. They are not told; you can undo this at any time.
      </ConfirmDialog>
    </section>
  );
}
