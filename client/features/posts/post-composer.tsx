import { type FormEvent, useState } from 'react';
import { POST_BODY_MAX_LENGTH } from '../../../common/contracts/posts';
import { userMessageOf } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { useCreatePost } from './posts.queries';

export interface PostComposerProps {
  parentId?: string;
  label: string;
  placeholder: string;
}

/** Plain-text composer: Ctrl/Cmd+Enter posts; the counter warns before the limit. */
export function PostComposer({ parentId, label, placeholder }: PostComposerProps) {
  const [body, setBody] = useState('');
  const create = useCreatePost();
  const remaining = POST_BODY_MAX_LENGTH - body.length;
  const canPost = body.trim().length > 0 && remaining >= 0 && !create.isPending;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canPost) return;
    create.mutate({ body, ...(parentId ? { parentId } : {}) }, { onSuccess: () => setBody('') });
  };
  const id = parentId ? `reply-${parentId}` : 'new-post';
  return (
    <form
      onSubmit={submit}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit();
        }}
        placeholder={placeholder}
        rows={3}
        aria-describedby={`${id}-count`}
        className="w-full resize-y rounded-lg bg-transparent p-1 text-base placeholder:text-slate-500 focus:outline-none dark:placeholder:text-slate-400"
      />
      {create.error && (
        <p role="alert" className="mb-2 text-sm text-red-700 dark:text-red-400">
          {userMessageOf(create.error)}
        </p>
      )}
      <div className="flex items-center justify-end gap-3 border-t border-slate-100 pt-3 dark:border-slate-800">
        <span
          id={`${id}-count`}
          className={`text-sm tabular-nums ${remaining < 0 ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {remaining < 200 ? (
            `${remaining} characters left`
          ) : (
            <span className="sr-only">{remaining} characters left</span>
          )}
        </span>
        <Button type="submit" disabled={!canPost} isBusy={create.isPending}>
          {parentId ? 'Reply' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
