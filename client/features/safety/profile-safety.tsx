import { useQueryClient } from '@tanstack/react-query';
import { Ellipsis } from 'lucide-react';
import { useState } from 'react';
import type { ProfileViewer, PublicProfile } from '../../../common/contracts/users';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { type MenuItem, MenuButton } from '../../ui/menu-button';
import { useCurrentUser } from '../auth';
import { applyRelation } from './relation-actions';
import { safetyMessages } from './safety.messages';
import { type SafetyKind, setRelation } from './safety.queries';

const NOTICE = {
  block: { text: 'blockedNotice', undo: 'unblockLabel' },
  mute: { text: 'mutedNotice', undo: 'unmuteLabel' },
} as const satisfies Record<SafetyKind, Record<string, string>>;

/** As tall as the Follow button beside it (a thumb's 44 px on a phone), and square. */
const MENU_TRIGGER =
  'inline-flex size-11 sm:size-10 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';

/** A handle is one long word: it may break anywhere rather than push past a phone's edge. */
const BREAKS_ANYWHERE = '[overflow-wrap:anywhere]';

/**
 * On someone else's profile: a "More actions" menu with Mute and Block (words with the handle in
 * them, which as buttons beside Follow broke over several lines on a phone), and, once done, a
 * notice that says so with the way back. A muted account can still be blocked from the menu.
 * How the reader stands comes with the profile itself (`viewer`), not from their lists, which are
 * paged. Its parts are items of the profile's action row: the notice takes a line of its own.
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
  const items: MenuItem[] = [];
  if (active === null)
    items.push({
      label: t('muteButton', { handle: user.handle }),
      onSelect: () => void run(() => applyRelation(queryClient, 'mute', author)),
    });
  if (active !== 'block')
    items.push({
      label: t('blockButton', { handle: user.handle }),
      onSelect: () => setIsConfirmingBlock(true),
      isDanger: true,
    });

  return (
    <>
      {items.length > 0 && (
        <MenuButton
          label={t('profileMenuLabel', { handle: user.handle })}
          items={items}
          className={MENU_TRIGGER}
        >
          <Ellipsis aria-hidden="true" className="size-5" />
        </MenuButton>
      )}
      {active && (
        <section
          aria-label={t('profileSafetyLabel')}
          className="flex basis-full flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p>{t(NOTICE[active].text)}</p>
          <Button
            variant="secondary"
            isBusy={isBusy}
            className={`max-w-full ${BREAKS_ANYWHERE}`}
            onClick={() => void run(() => setRelation(queryClient, active, author, false))}
          >
            {t(NOTICE[active].undo, { handle: user.handle })}
          </Button>
        </section>
      )}
      {error && (
        <div className="basis-full">
          <Alert>{error}</Alert>
        </div>
      )}
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
    </>
  );
}
