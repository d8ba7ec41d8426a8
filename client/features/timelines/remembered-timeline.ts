import type { HomeSourcesResponse } from '../../../common/contracts/follows';

/** The two timelines of the feed page. */
export type FeedTimelineName = 'home' | 'everyone';

/** Per account: two people sharing a browser each keep their own choice. */
export function rememberedTimelineKey(userId: string): string {
  return `tidings:timeline:${userId}`;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** Storage can be disabled or blocked (private mode): the choice is a convenience, never an error. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRememberedTimeline(
  userId: string,
  storage: Storage | null = browserStorage(),
): FeedTimelineName | null {
  try {
    const value = storage?.getItem(rememberedTimelineKey(userId));
    return value === 'home' || value === 'everyone' ? value : null;
  } catch {
    return null;
  }
}

export function rememberTimeline(
  userId: string,
  name: FeedTimelineName,
  storage: Storage | null = browserStorage(),
): void {
  try {
    storage?.setItem(rememberedTimelineKey(userId), name);
  } catch {
    // Full or refused: the choice lasts as long as the page.
  }
}

/**
 * The timeline the feed page opens on: the one the reader last chose; without one, Home when it
 * has anyone or any tag to show, else Everyone. Null while the sources are still being read.
 */
export function openingTimeline(
  remembered: FeedTimelineName | null,
  sources: HomeSourcesResponse | undefined,
): FeedTimelineName | null {
  if (remembered !== null) return remembered;
  if (sources === undefined) return null;
  return sources.userIds.length > 0 || sources.tags.length > 0 ? 'home' : 'everyone';
}
