import { createPortal } from 'react-dom';
import type { Post } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { ModalDialog } from '../../ui/modal-dialog';
import { PostComposer } from './post-composer';
import { postsMessages } from './posts.messages';

export interface QuoteDialogProps {
  /** The post being quoted: a top-level one. */
  post: Post;
  /** Cancel, Escape, or the quote posted. */
  onClose: () => void;
}

/**
 * Writing a post that quotes another: the usual composer (text, images, link card, draft), with
 * the quoted post's card under the text. Posted, the new post goes into the feed like any of the
 * reader's own, and the dialog closes.
 *
 * Put at the end of <body> rather than inside the post's <article>: the feed moves between
 * articles with Page Up / Page Down from whatever is focused inside one, editor included.
 */
export function QuoteDialog({ post, onClose }: QuoteDialogProps) {
  const t = useT(postsMessages);
  return createPortal(
    <ModalDialog title={t('quoteDialogTitle')} onCancel={onClose}>
      <div className="mt-4">
        <PostComposer
          quoteOf={post}
          label={t('quoteComposerLabel', { handle: post.author.handle })}
          placeholder={t('quoteComposerPlaceholder')}
          autoFocus
          onCancel={onClose}
          onPosted={onClose}
        />
      </div>
    </ModalDialog>,
    document.body,
  );
}
