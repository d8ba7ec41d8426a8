import { useState } from 'react';
import { flushSync } from 'react-dom';
import { userMessageOf } from '../../lib/api-client';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCurrentUser } from '../auth';
import { draftKey, LazyComposer } from '../composer';
import { ComposerLinkPreview, useComposerLinkPreview } from '../link-previews';
import {
  altFieldId,
  blockingProblem,
  hasMissingAlt,
  postImageRefs,
  useComposerImages,
  useConfirmation,
} from '../media';
import { useCreatePost } from './posts.queries';

export interface PostComposerProps {
  parentId?: string;
  label: string;
  placeholder: string;
}

/**
 * A new post or a reply: rich text and up to four images, Ctrl/Cmd+Enter posts, the text draft
 * survives a reload.
 */
export function PostComposer({ parentId, label, placeholder }: PostComposerProps) {
  const { data: me } = useCurrentUser();
  const create = useCreatePost();
  const id = parentId ? `reply-${parentId}` : 'new-post';
  const images = useComposerImages(id);
  const altReminder = useConfirmation();
  const [problem, setProblem] = useState<string | null>(null);
  const key = draftKey(me?.id ?? 'anonymous', parentId ? { kind: 'reply', parentId } : { kind: 'post' });

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
      ...(refs.length > 0 ? { images: refs } : {}),
      linkPreviewUrl: linkPreview.publishUrl,
    });
    images.controller.clear();
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
        autoFocus={false}
        submitLabel={parentId ? 'Reply' : 'Post'}
        // The post waits for uploads in flight: it can only carry finished images.
        isBusy={create.isPending || images.controller.isUploading}
        onTextChange={setText}
        onSubmit={submit}
        // Outside the editable text (neither is part of it), before the Post button.
        attachments={
          <>
            <ComposerLinkPreview preview={linkPreview} editorId={id} />
            {images.panel}
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
          title="Post without alt text?"
          confirmLabel="Post anyway"
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
          Some images have no alt text. People who cannot see them will not know what they show.
        </ConfirmDialog>
      )}
    </div>
  );
}
