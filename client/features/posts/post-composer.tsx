import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { Post } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCurrentUser } from '../auth';
import { type ComposerSlot, draftKey, LazyComposer } from '../composer';
import { ComposerLinkPreview, useComposerLinkPreview } from '../link-previews';
import {
  altFieldId,
  blockingProblem,
  hasMissingAlt,
  postImageRefs,
  useComposerImages,
  useConfirmation,
} from '../media';
import { postsMessages } from './posts.messages';
import { useCreatePost } from './posts.queries';
import { QuoteCard, quoteOfPost } from './quote-card';

export interface PostComposerProps {
  parentId?: string;
  /** Quoting: the (top-level) post the new one embeds, shown under the text as its card will be. */
  quoteOf?: Post;
  label: string;
  placeholder: string;
  /** In a dialog: the editor takes the focus at once, and Cancel (or Escape) closes it. */
  autoFocus?: boolean;
  onCancel?: () => void;
  /** The server has the post (it is in the feed already). */
  onPosted?: () => void;
}

function composerId(parentId: string | undefined, quoteOf: Post | undefined): string {
  if (parentId) return `reply-${parentId}`;
  return quoteOf ? `quote-${quoteOf.id}` : 'new-post';
}

function composerSlot(parentId: string | undefined, quoteOf: Post | undefined): ComposerSlot {
  if (parentId) return { kind: 'reply', parentId };
  return quoteOf ? { kind: 'quote', quoteOfId: quoteOf.id } : { kind: 'post' };
}

/**
 * A new post, a reply or a quote: rich text and up to four images, Ctrl/Cmd+Enter posts, the
 * text draft survives a reload.
 */
export function PostComposer(props: PostComposerProps) {
  const { parentId, quoteOf, label, placeholder, autoFocus = false, onCancel, onPosted } = props;
  const t = useT(postsMessages);
  const { data: me } = useCurrentUser();
  const create = useCreatePost();
  const id = composerId(parentId, quoteOf);
  const images = useComposerImages(id);
  const altReminder = useConfirmation();
  const [problem, setProblem] = useState<string | null>(null);
  const key = draftKey(me?.id ?? 'anonymous', composerSlot(parentId, quoteOf));

  const [text, setText] = useState('');
  // The composer's id doubles as the preview's publicId: one per draft, logged by the proxy.
  const linkPreview = useComposerLinkPreview(id, text);

  const submit = async (body: string) => {
    const attached = images.controller.items;
    const blocking = blockingProblem(attached);
    setProblem(blocking);
    if (blocking) throw new Error(blocking);
    if (hasMissingAlt(attached) && !(await altReminder.ask())) throw new Error('Posting waits for alt text.');
    const refs = postImageRefs(attached);
    await create.mutateAsync({
      body,
      ...(parentId ? { parentId } : {}),
      ...(quoteOf ? { quoteOfId: quoteOf.id } : {}),
      ...(refs.length > 0 ? { images: refs } : {}),
      linkPreviewUrl: linkPreview.publishUrl,
    });
    images.controller.clear();
    onPosted?.();
  };
  // A problem shows until it is solved (the failed image retried or removed), not until next time.
  const stillBlocking = problem === null ? null : blockingProblem(images.controller.items);
  const error = stillBlocking ?? (create.error ? userMessageOf(create.error) : null);
  return (
    <div
      {...images.intake}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:border-primary-400 dark:border-slate-800 dark:bg-slate-900 dark:focus-within:border-primary-600"
    >
      <LazyComposer
        // A new account (or a new thread) is a new composer with its own draft.
        key={key}
        id={id}
        label={label}
        placeholder={placeholder}
        draftKey={key}
        autoFocus={autoFocus}
        submitLabel={t(parentId ? 'replySubmit' : 'postSubmit')}
        // The post waits for uploads in flight: it can only carry finished images.
        isBusy={create.isPending || images.controller.isUploading}
        onTextChange={setText}
        onSubmit={submit}
        onCancel={onCancel}
        // Outside the editable text (none is part of it), before the Post button.
        attachments={
          <>
            <ComposerLinkPreview preview={linkPreview} editorId={id} />
            {images.panel}
            {quoteOf && <QuoteCard quote={quoteOfPost(quoteOf)} />}
          </>
        }
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {images.dialog}
      {altReminder.isOpen && (
        <ConfirmDialog
          isOpen
          title={t('altTextConfirmTitle')}
          confirmLabel={t('altTextConfirmButton')}
          // Nothing is lost either way: an ordinary go-ahead, not a destructive one.
          tone="neutral"
          // Settled synchronously: the modal is gone (the page no longer inert) before focus moves.
          onConfirm={() => {
            flushSync(() => altReminder.settle(true));
            document.getElementById(id)?.focus();
          }}
          onCancel={() => {
            flushSync(() => altReminder.settle(false));
            const firstWithout = images.controller.items.find((item) => item.alt.trim() === '');
            if (firstWithout) document.getElementById(altFieldId(id, firstWithout.key))?.focus();
          }}
        >
          {t('altTextConfirmBody')}
        </ConfirmDialog>
      )}
    </div>
  );
}
