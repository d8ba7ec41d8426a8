import { useState } from 'react';
import { userMessageOf } from '../../lib/api-client';
import { useCurrentUser } from '../auth/auth.queries';
import { draftKey } from '../composer/drafts';
import { LazyComposer } from '../composer/lazy-composer';
import { ComposerLinkPreview } from '../link-previews/composer-link-preview';
import { useComposerLinkPreview } from '../link-previews/use-composer-link-preview';
import { useCreatePost } from './posts.queries';

export interface PostComposerProps {
  parentId?: string;
  label: string;
  placeholder: string;
}

/** A new post or a reply: rich text, Ctrl/Cmd+Enter posts, the draft survives a reload. */
export function PostComposer({ parentId, label, placeholder }: PostComposerProps) {
  const { data: me } = useCurrentUser();
  const create = useCreatePost();
  const id = parentId ? `reply-${parentId}` : 'new-post';
  const key = draftKey(me?.id ?? 'anonymous', parentId ? { kind: 'reply', parentId } : { kind: 'post' });
  const [text, setText] = useState('');
  // The composer's id doubles as the preview's publicId: one per draft, logged by the proxy.
  const linkPreview = useComposerLinkPreview(id, text);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:border-primary-400 dark:border-slate-800 dark:bg-slate-900 dark:focus-within:border-primary-600">
      <LazyComposer
        // A new account (or a new thread) is a new composer with its own draft.
        key={key}
        id={id}
        label={label}
        placeholder={placeholder}
        draftKey={key}
        autoFocus={false}
        submitLabel={parentId ? 'Reply' : 'Post'}
        isBusy={create.isPending}
        onTextChange={setText}
        onSubmit={(body) =>
          create.mutateAsync({
            body,
            ...(parentId ? { parentId } : {}),
            linkPreviewUrl: linkPreview.publishUrl,
          })
        }
      />
      <ComposerLinkPreview preview={linkPreview} editorId={id} />
      {create.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {userMessageOf(create.error)}
        </p>
      )}
    </div>
  );
}
