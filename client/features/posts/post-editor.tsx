import { useState } from 'react';
import { POST_BODY_MAX_LENGTH, type Post } from '../../../common/contracts/posts';
import { userMessageOf } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { useEditPost } from './posts.queries';

export function PostEditor({ post, onDone }: { post: Post; onDone: () => void }) {
  const [body, setBody] = useState(post.body);
  const edit = useEditPost(post.id);
  const save = () => edit.mutate(body, { onSuccess: onDone });
  return (
    <div className="mt-2 flex flex-col gap-2">
      <label htmlFor={`edit-${post.id}`} className="sr-only">
        Edit post
      </label>
      <textarea
        id={`edit-${post.id}`}
        value={body}
        maxLength={POST_BODY_MAX_LENGTH}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
          if (event.key === 'Escape') onDone();
        }}
        rows={3}
        // Opening the editor is an explicit request to type here.
        autoFocus
        className="w-full rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-950"
      />
      {edit.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {userMessageOf(edit.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button onClick={save} isBusy={edit.isPending} disabled={body.trim() === ''}>
          Save
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
