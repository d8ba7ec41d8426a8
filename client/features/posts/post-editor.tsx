import { useMemo } from 'react';
import { entryKeyOf } from './post-copies';
import type { Post } from '../../../common/contracts/posts';
import { useT } from '../../i18n';
import { userMessageOf } from '../../lib/api-client';
import { useCurrentUser } from '../auth';
import { draftKey, drafts, LazyComposer } from '../composer';
import { postsMessages } from './posts.messages';
import { useEditPost } from './posts.queries';
import { sanitizePostHtml } from './sanitize-post-html';

export function editDraftKey(userId: string, postId: string): string {
  return draftKey(userId, { kind: 'edit', postId });
}

/** Edits a post in place with the same rich-text editor; Escape or Cancel drops the changes. */
export function PostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const t = useT(postsMessages);
  const { data: me } = useCurrentUser();
  const edit = useEditPost(post.id);
  const key = editDraftKey(me?.id ?? 'anonymous', post.id);
  // The editor parses this HTML: it gets the same browser-side pass as anything rendered.
  const initialHtml = useMemo(() => sanitizePostHtml(post.bodyHtml), [post.bodyHtml]);
  const cancel = () => {
    drafts.clear(key);
    onDone();
  };
  return (
    <div className="mt-2 rounded-xl border border-slate-300 p-3 focus-within:border-primary-400 dark:border-slate-700 dark:focus-within:border-primary-600">
      <LazyComposer
        // By the entry: a post and a repost of it can both be on the page, each with its form.
        id={`edit-${entryKeyOf(post)}`}
        label={t('editLabel')}
        placeholder={t('editPlaceholder')}
        draftKey={key}
        initialHtml={initialHtml}
        // Opening the editor is an explicit request to type here.
        autoFocus
        submitLabel={t('editSaveButton')}
        isBusy={edit.isPending}
        onSubmit={(body) => edit.mutateAsync(body).then(onDone)}
        onCancel={cancel}
      />
      {edit.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {userMessageOf(edit.error)}
        </p>
      )}
    </div>
  );
}
