/** The live feature's public face: how other features reach readers' sockets. */
export type {
  ChannelsPublisher,
  FeedPublisher,
  LivePublishers,
  UserEventPublisher,
  UserSocketsCloser,
} from './live-publishers';
export type { LiveSinks } from './live.plugin';
