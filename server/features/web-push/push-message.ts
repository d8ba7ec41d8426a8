import type { Notification } from '../../../common/contracts/notifications';
import type { PushedNotificationKind, PushPayload } from '../../../common/contracts/web-push';
import {
  describeNotification,
  notificationTarget,
} from '../../../common/notifications/describe-notification';
import { PUSH_EXCERPT_LENGTH } from './limits';

/** The choice in settings each kind of notification answers to; notices are not pushed. */
const KIND_OF: Record<Notification['type'], PushedNotificationKind | null> = {
  mention: 'mention',
  reply: 'reply',
  like: 'like',
  repost: 'repost',
  quote: 'repost',
  follow: 'follow',
  'follow-request': 'follow',
  'data-export-ready': null,
};

export function pushedKindOf(type: Notification['type']): PushedNotificationKind | null {
  return KIND_OF[type];
}

function excerpt(text: string): string {
  return text.length <= PUSH_EXCERPT_LENGTH ? text : `${text.slice(0, PUSH_EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/**
 * A notification as a device shows it: the list's own sentence and excerpt, where a click
 * leads, and its group as the tag, so "Ana and 2 others liked your post" replaces "Ana and Bo
 * liked your post" instead of stacking under it. Nothing more than it shows: the push service
 * cannot read it, but the lock screen can.
 */
export function pushPayloadOf(notification: Notification): PushPayload {
  const { sentence, excerpt: text } = describeNotification(notification);
  return {
    title: sentence,
    body: excerpt(text),
    url: notificationTarget(notification),
    tag: notification.id,
  };
}

/** The group's id as a push Topic (RFC 8030: at most 32 base64url characters). */
export function topicOf(notification: Notification): string {
  return notification.id.replaceAll('-', '').slice(0, 32);
}
