// The live events and channel names moved to live-events.ts, with the rest of the live events;
// these names stay importable from here.
export {
  FEED_CHANNEL,
  FEED_EVENT_TYPES,
  FEED_SKIPPED_EVENT,
  type FeedEvent,
  type FeedEventType,
  type FeedSkippedEvent,
  LIVE_FEED_CHANNEL_CHANGED_EVENT,
  type LiveFeedChannelChangedEvent,
  PRESENCE_FEED_CHANNEL,
  userChannel,
} from './live-events';
