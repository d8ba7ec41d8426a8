import type { ReactNode } from 'react';
import { NewPostsPill, useLiveTimeline } from '../feed';
import { PostList, type PostMenuSlot, type Timeline } from '../posts';

export interface LiveTimelineListProps {
  /** Memoised: the same object while the timeline stays the same. */
  timeline: Timeline;
  /** The feed's accessible name. */
  label: string;
  empty: ReactNode;
  postMenu: PostMenuSlot;
  /** Takes the focus when the reader brings new posts in with the pill. */
  newPostsFocusId: string;
}

/** A timeline's posts, kept live, with the pill for new ones and the feed's keyboard shortcuts. */
export function LiveTimelineList({
  timeline,
  label,
  empty,
  postMenu,
  newPostsFocusId,
}: LiveTimelineListProps) {
  const query = useLiveTimeline(timeline);
  return (
    <>
      <NewPostsPill timeline={timeline} focusId={newPostsFocusId} />
      <PostList query={query} label={label} empty={empty} hasShortcuts postMenu={postMenu} />
    </>
  );
}
