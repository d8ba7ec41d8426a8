import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  FEED_SKIPPED_EVENT,
  type FeedEvent,
  type FeedSkippedEvent,
  userChannel,
} from '../../../common/contracts/live-events';
import type { SafetyStatusResponse } from '../../../common/contracts/safety';
import { useLiveChannel } from '../../realtime/use-live-channel';
import { type ConnectionState, useConnectionState } from '../../realtime/use-realtime';
import { safetyKeys, useSafetyStatus } from '../safety';
import { applyEvent, catchUp } from './live-delivery';
import { watchReaderActivity } from './reader-activity';

/**
 * Keeps every cached post list in step with the server's live events while signed in: edits,
 * deletions, likes, replies and repost counts wherever the post is cached; new posts (and, on
 * Home, reposts) for the shown timeline (see useLiveTimeline), which is read again whenever the
 * channel has been subscribed (the first time, after a reconnect, on another channel) and after a
 * gap. The server names the channel: the public feed, or the reader's own filtered one once they
 * block, mute or are blocked (docs/realtime.md); it says so again on the private channel when
 * that changes.
 */
export function useLiveFeed(userId: string | null): ConnectionState {
  const isEnabled = userId !== null;
  const queryClient = useQueryClient();
  const lastSeq = useRef(0);
  const state = useConnectionState(isEnabled);
  const channel = useSafetyStatus(isEnabled).data?.liveFeedChannel ?? null;

  // Every event, shown or skipped, moves the reader's place in the one sequence.
  const onFeedEvent = (event: FeedEvent | FeedSkippedEvent) => {
    if (event.seq <= lastSeq.current) return;
    const isGap = lastSeq.current > 0 && event.seq > lastSeq.current + 1;
    lastSeq.current = event.seq;
    if (event.type !== FEED_SKIPPED_EVENT) applyEvent(queryClient, event, userId);
    if (isGap) void catchUp(queryClient, userId);
  };
  // The filtered kind's events are the public feed's and `feed.skipped`: the server may name
  // either channel, so the hook takes all of them. Events sent before a subscription succeeds
  // never reach it (the first one, the one after a reconnect, the one to a channel switched to):
  // each success reads the shown timeline from then.
  useLiveChannel(
    isEnabled ? channel : null,
    'filteredFeed',
    {
      'post.created': onFeedEvent,
      'post.updated': onFeedEvent,
      'post.deleted': onFeedEvent,
      'post.liked': onFeedEvent,
      'post.replied': onFeedEvent,
      'repost.created': onFeedEvent,
      'repost.deleted': onFeedEvent,
      'feed.skipped': onFeedEvent,
    },
    { 'pusher:subscription_succeeded': () => void catchUp(queryClient, userId) },
  );

  useLiveChannel(userId === null ? null : userChannel(userId), 'user', {
    'feed.channel_changed': ({ liveFeedChannel }) => {
      queryClient.setQueryData<SafetyStatusResponse>(
        safetyKeys.status,
        (status) => status && { ...status, liveFeedChannel },
      );
    },
  });

  useEffect(() => (isEnabled ? watchReaderActivity() : undefined), [isEnabled]);
  return state;
}
