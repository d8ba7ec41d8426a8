import type { Platform } from '../../platform/platform';
import type { SafetyService } from '../safety';
import type { TimelinePageReader } from './timeline-page';
import { registerTimelineRoutes } from './timelines.routes';
import { createTimelinesService } from './timelines.service';

/**
 * Home, hashtag timelines and trending tags: reads over posts, follows and post hashtags. Pages
 * are read on the read workers when given.
 */
export function timelinesFeature(
  platform: Platform,
  { safety, readPage }: { safety: SafetyService; readPage: TimelinePageReader | null },
): void {
  const timelines = createTimelinesService({
    db: platform.db,
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
    ...(readPage ? { readPage } : {}),
  });
  platform.apiRoutes((api) => registerTimelineRoutes(api, { timelines }));
}
