import type { QueryClient } from '@tanstack/react-query';
import type { PostAuthor } from '../../../common/contracts/posts';
import { type SafetyKind, setRelation } from './safety.queries';
import { undoNotice } from './undo-notice';

const DONE: Record<SafetyKind, (handle: string) => string> = {
  block: (handle) => `You blocked @${handle}. Neither of you sees the other's posts now.`,
  mute: (handle) => `You muted @${handle}. Their posts are hidden from you.`,
};

/** Blocks or mutes, then offers the undo. Rejects with the API's error when it fails. */
export async function applyRelation(
  queryClient: QueryClient,
  kind: SafetyKind,
  author: PostAuthor,
): Promise<void> {
  await setRelation(queryClient, kind, author, true);
  undoNotice.show({
    message: DONE[kind](author.handle),
    undoLabel: `Undo ${kind}`,
    undo: () => void setRelation(queryClient, kind, author, false),
  });
}
