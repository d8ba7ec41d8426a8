import type { QueryClient } from '@tanstack/react-query';
import type { PostAuthor } from '../../../common/contracts/posts';
import { translate } from '../../i18n';
import { safetyMessages } from './safety.messages';
import { type SafetyKind, setRelation } from './safety.queries';
import { undoNotice } from './undo-notice';

const DONE = {
  block: { message: 'blockedMessage', undo: 'undoBlock' },
  mute: { message: 'mutedMessage', undo: 'undoMute' },
} as const satisfies Record<SafetyKind, Record<string, string>>;

/** Blocks or mutes, then offers the undo. Rejects with the API's error when it fails. */
export async function applyRelation(
  queryClient: QueryClient,
  kind: SafetyKind,
  author: PostAuthor,
): Promise<void> {
  await setRelation(queryClient, kind, author, true);
  const t = translate(safetyMessages);
  undoNotice.show({
    message: t(DONE[kind].message, { handle: author.handle }),
    undoLabel: t(DONE[kind].undo),
    dismissLabel: t('dismissNotice'),
    undo: () => void setRelation(queryClient, kind, author, false),
  });
}
