import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useMemo, useState } from 'react';
import type { HomeSourcesResponse } from '../../../common/contracts/follows';
import { useT } from '../../i18n';
import { SkeletonPosts } from '../../ui/skeleton';
import { FeedEmptyState } from '../feed';
import { everyoneTimeline, type PostMenuSlot } from '../posts';
import { HomeEmptyState } from './home-empty-state';
import { LiveTimelineList } from './live-timeline-list';
import {
  type FeedTimelineName,
  openingTimeline,
  readRememberedTimeline,
  rememberTimeline,
} from './remembered-timeline';
import { focusTimelineTab, TIMELINE_PANEL_ID, TimelineTabs, timelineTabId } from './timeline-tabs';
import { timelinesMessages } from './timelines.messages';
import { homeTimeline, timelineKeys, useHomeSources } from './timelines.queries';
import { TrendingAside, TrendingPanel, TrendingToggle } from './trending-tags';

/** Sources that could not be read: open on Everyone rather than wait for ever. */
const NO_SOURCES: HomeSourcesResponse = { userIds: [], tags: [] };

/** What an empty Home offers below its text, handed the way to read Home again. */
export interface HomeSuggestionsProps {
  /** Reads Home again now (the posts of accounts just followed) and moves the focus to its tab. */
  onShowHome: () => void;
}

export interface FeedTimelinesProps {
  readerId: string;
  postMenu: PostMenuSlot;
  /** Takes the focus when the reader brings new posts in with the pill (the composer). */
  newPostsFocusId: string;
  /**
   * Accounts to follow, in the empty Home. The page hands them in (the follows feature's "Who to
   * follow"): that feature uses this one, so this one cannot import it.
   */
  homeSuggestions?: ComponentType<HomeSuggestionsProps>;
}

/**
 * The signed-in feed page's timelines: Home and Everyone as tabs, the one chosen remembered for
 * this account, and the trending hashtags beside them (in the margin on wide screens, behind a
 * button in the tabs' row on narrower ones). Rendered inside the page's column, which the
 * margin list is placed against.
 */
export function FeedTimelines({
  readerId,
  postMenu,
  newPostsFocusId,
  homeSuggestions: HomeSuggestions,
}: FeedTimelinesProps) {
  const t = useT(timelinesMessages);
  const queryClient = useQueryClient();
  const [remembered, setRemembered] = useState(() => readRememberedTimeline(readerId));
  const [isTrendingOpen, setIsTrendingOpen] = useState(false);
  const sources = useHomeSources(remembered !== 'everyone');
  const shown = openingTimeline(remembered, sources.isError ? NO_SOURCES : sources.data);
  const home = useMemo(() => homeTimeline(queryClient, readerId), [queryClient, readerId]);
  const choose = (name: FeedTimelineName) => {
    rememberTimeline(readerId, name);
    setRemembered(name);
  };
  const showEveryone = () => {
    choose('everyone');
    // The button that asked goes away with the empty timeline.
    focusTimelineTab('everyone');
  };
  const showHome = () => {
    void queryClient.invalidateQueries({ queryKey: timelineKeys.home });
    // The button that asked goes away once Home has posts.
    focusTimelineTab('home');
  };
  return (
    <>
      <TrendingAside />
      <div className="flex flex-col gap-4">
        <div className="flex items-end justify-between gap-2 border-b border-slate-200 dark:border-slate-800">
          <TimelineTabs selected={shown} onSelect={choose} />
          <TrendingToggle isOpen={isTrendingOpen} onToggle={() => setIsTrendingOpen((open) => !open)} />
        </div>
        <TrendingPanel isOpen={isTrendingOpen} />
        <div role="tabpanel" id={TIMELINE_PANEL_ID} aria-labelledby={timelineTabId(shown ?? 'home')}>
          {shown === null ? (
            <SkeletonPosts />
          ) : shown === 'home' ? (
            <LiveTimelineList
              key="home"
              timeline={home}
              label={t('homeTimelineLabel')}
              empty={
                <HomeEmptyState
                  onShowEveryone={showEveryone}
                  suggestions={HomeSuggestions && <HomeSuggestions onShowHome={showHome} />}
                />
              }
              postMenu={postMenu}
              newPostsFocusId={newPostsFocusId}
            />
          ) : (
            <LiveTimelineList
              key="everyone"
              timeline={everyoneTimeline}
              label={t('everyoneTimelineLabel')}
              empty={<FeedEmptyState />}
              postMenu={postMenu}
              newPostsFocusId={newPostsFocusId}
            />
          )}
        </div>
      </div>
    </>
  );
}
