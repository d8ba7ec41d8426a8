import type { FeedEvent } from '../../../common/contracts/feed-events';
import type { Notification } from '../../../common/contracts/notifications';
import { createEventBus, type EventBus, type EventMirror } from './event-bus';

/**
 * Every domain event and its payload: how one feature reacts to another's writes without
 * being spliced into its code. Add an event here, emit it from the feature that owns the
 * write, and listen to it in the module of the feature that reacts.
 */
export interface DomainEventMap {
  /** A post was written, edited, removed or re-counted; the live feed event readers get. */
  'posts.changed': FeedEvent;
  /** An account blocked another (after the commit): what they had between them ends. */
  'account.blocked': { blockerId: string; blockedId: string };
  /** An account was created by sign-up. */
  'account.created': { userId: string };
  /** The admin saved the instance settings: every node drops its copy. */
  'instance.changed': Record<string, never>;
  /** A notification reached its reader's list (after the commit), as the reader sees it. */
  'notification.created': { userId: string; notification: Notification };
}

/** Events the other nodes hear of (without the payload): their caches depend on them. */
export const MIRRORED_DOMAIN_EVENTS = ['posts.changed', 'instance.changed'] as const;
export type MirroredDomainEvent = (typeof MIRRORED_DOMAIN_EVENTS)[number];

export type DomainEvents = EventBus<DomainEventMap, MirroredDomainEvent>;

export function createDomainEvents(
  mirror: EventMirror | null,
  onRemoteFailure: (error: unknown, name: string) => void,
): DomainEvents {
  return createEventBus<DomainEventMap, MirroredDomainEvent>({
    mirrored: MIRRORED_DOMAIN_EVENTS,
    mirror,
    onRemoteFailure,
  });
}
