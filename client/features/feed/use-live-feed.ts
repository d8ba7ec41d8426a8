import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FEED_CHANNEL, FEED_EVENT_TYPES, type FeedEvent } from '../../../common/contracts/feed-events';
import type { Post, PostPage } from '../../../common/contracts/posts';
import { apiRequest } from '../../lib/api-client';
import { type ConnectionState, useChannel, useConnectionState } from '../../realtime/use-realtime';
import { insertPost, patchPost, type PostPages, postKeys, removePost } from '../posts/posts.queries';
import { pendingPosts } from './pending-posts';

/** Closer to the top than this, a new post slides in; further down, it waits behind the pill. */
const AT_TOP_PX = 120;

function isReadingFeedTop(): boolean {
  return window.location.pathname === '/' && window.scrollY < AT_TOP_PX;
}

function isCached(queryClient: QueryClient, postId: string): boolean {
  const feed = queryClient.getQueryData<PostPages>(postKeys.feed);
  return feed?.pages.some((page) => page.posts.some((p) => p.id === postId)) ?? false;
}

/** A new top-level post: straight in at the top, or queued behind the pill. */
export function deliverNewPost(queryClient: QueryClient, post: Post): void {
  if (post.parentId !== null || isCached(queryClient, post.id)) return insertPost(queryClient, post);
  if (isReadingFeedTop()) insertPost(queryClient, post);
  else pendingPosts.add(post);
}

function applyEvent(queryClient: QueryClient, event: FeedEvent): void {
  switch (event.type) {
    case 'post.created':
      return deliverNewPost(queryClient, { ...event.post, likedByMe: false });
    case 'post.updated': {
      const change = (p: Post) => ({ ...p, ...event.post, likedByMe: p.likedByMe });
      patchPost(queryClient, event.post.id, change);
      return pendingPosts.patch(event.post.id, change);
    }
    case 'post.deleted':
      removePost(queryClient, event.postId);
      return pendingPosts.remove(event.postId);
    case 'post.liked':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, likeCount: event.likeCount }));
    case 'post.replied':
      return patchPost(queryClient, event.postId, (p) => ({ ...p, replyCount: event.replyCount }));
  }
}

/** After a reconnect or a gap: fetch the newest page and deliver what was missed, in order. */
async function catchUp(queryClient: QueryClient): Promise<void> {
  const latest = await apiRequest<PostPage>('/feed');
  for (const post of [...latest.posts].reverse()) {
    if (isCached(queryClient, post.id)) patchPost(queryClient, post.id, () => post);
    else deliverNewPost(queryClient, post);
  }
  await queryClient.invalidateQueries({ queryKey: ['replies'] });
}

/** Keeps every cached post list in step with the server's live events while signed in. */
export function useLiveFeed(isEnabled: boolean): ConnectionState {
  const queryClient = useQueryClient();
  const lastSeq = useRef(0);
  const state = useConnectionState(isEnabled);
  const hasConnected = useRef(false);

  const handlers = Object.fromEntries(
    FEED_EVENT_TYPES.map((type) => [
      type,
      (data: unknown) => {
        const event = data as FeedEvent;
        if (event.seq <= lastSeq.current) return;
        const isGap = lastSeq.current > 0 && event.seq > lastSeq.current + 1;
        lastSeq.current = event.seq;
        applyEvent(queryClient, event);
        if (isGap) void catchUp(queryClient);
      },
    ]),
  );
  useChannel(isEnabled ? FEED_CHANNEL : null, handlers);

  useEffect(() => {
    if (state !== 'connected') return;
    if (hasConnected.current) void catchUp(queryClient);
    hasConnected.current = true;
  }, [state, queryClient]);
  return state;
}
