import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../common/contracts/posts';
import { api } from '../../lib/api-client';
import { patchPost, postKeys } from './posts.queries';

/** Bookmarks a post or takes the bookmark away, shown at once and put back if the server refuses. */
export function useToggleBookmark(post: Post) {
  const queryClient = useQueryClient();
  const setBookmarked = (bookmarkedByMe: boolean) =>
    patchPost(queryClient, post.id, (p) => ({ ...p, bookmarkedByMe }));
  return useMutation({
    mutationFn: (isOn: boolean) =>
      api(isOn ? 'bookmarks.add' : 'bookmarks.remove', { params: { id: post.id } }),
    onMutate: setBookmarked,
    onSuccess: ({ bookmarkedByMe }) => {
      setBookmarked(bookmarkedByMe);
      // Not refetched while open: a post just taken off the list stays, to be bookmarked again.
      void queryClient.invalidateQueries({ queryKey: postKeys.bookmarks, refetchType: 'none' });
    },
    onError: (_error, isOn) => setBookmarked(!isOn),
  });
}
