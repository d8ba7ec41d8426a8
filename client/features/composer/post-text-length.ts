import { CharacterCount } from '@tiptap/extensions';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { POST_BODY_MAX_LENGTH } from '../../../common/contracts/limits';
import { MENTION_TYPE } from '../../../common/rich-text/post-schema';

/** The server's text projection separates textblocks with a blank line (server/features/rich-text). */
const TEXT_BLOCK_SEPARATOR = '\n\n';

function leafText(leaf: ProseMirrorNode): string {
  if (leaf.type.name === 'hardBreak') return '\n';
  if (leaf.type.name === MENTION_TYPE) return `@${String(leaf.attrs.id)}`;
  return '';
}

/** The length the server checks against POST_BODY_MAX_LENGTH, computed the same way. */
export function postTextLength(doc: ProseMirrorNode): number {
  return doc.textBetween(0, doc.content.size, TEXT_BLOCK_SEPARATOR, leafText).trim().length;
}

/**
 * TipTap's character counter (and its hard limit), counting what the server counts: paragraph
 * breaks and mentions included, so a post the counter allows is a post the server accepts.
 */
export const PostCharacterCount = CharacterCount.extend({
  onBeforeCreate(event) {
    this.parent?.(event);
    this.storage.characters = (options) => postTextLength(options?.node ?? this.editor.state.doc);
  },
}).configure({ limit: POST_BODY_MAX_LENGTH });
