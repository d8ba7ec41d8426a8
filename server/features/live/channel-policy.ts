import { PRESENCE_FEED_CHANNEL, userChannel } from '../../../common/contracts/feed-events';
import { filteredFeedChannel } from '../../../common/contracts/safety';
import type { SessionUser } from '../auth';

export type ChannelAccess = { allowed: false } | { allowed: true; kind: 'private' | 'presence' };

/**
 * Which auth-requiring channels a signed-in user may join. Everything not listed is refused,
 * including public channels: they never need the auth endpoint, so asking for one is a mistake.
 */
export function channelAccessFor(user: SessionUser, channel: string): ChannelAccess {
  if (channel === PRESENCE_FEED_CHANNEL) return { allowed: true, kind: 'presence' };
  if (channel === userChannel(user.id)) return { allowed: true, kind: 'private' };
  if (channel === filteredFeedChannel(user.id)) return { allowed: true, kind: 'private' };
  return { allowed: false };
}

/** What other members see of a user in presence channels: public profile fields only. */
export function presenceInfoFor(user: SessionUser): { handle: string; displayName: string } {
  return { handle: user.handle, displayName: user.displayName };
}
