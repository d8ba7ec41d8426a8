import type { Platform } from '../../platform/platform';
import type { SafetyService } from '../safety';
import { registerTimelineRoutes } from './timelines.routes';
import { createTimelinesService } from './timelines.service';

/** Home, hashtag timelines and trending tags: reads over posts, follows and post hashtags. */
export function timelinesFeature(platform: Platform, { safety }: { safety: SafetyService }): void {
  const timelines = createTimelinesService({
    db: platform.db,
    hiddenAuthorsFor: (viewerId) => safety.hiddenAuthorsFor(viewerId),
  });
  platform.apiRoutes((api) => registerTimelineRoutes(api, { timelines }));
}
