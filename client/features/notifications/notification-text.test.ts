import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type Notification } from '../../../common/contracts/notifications';
import { describeNotification, isNotice } from '../../../common/notifications/describe-notification';
import { notificationAnnouncement, notificationText } from './notification-text';

const person = (displayName: string) => ({ id: displayName, handle: displayName.toLowerCase(), displayName });

function entry(
  type: Notification['type'],
  names: string[],
  actorCount = names.length,
  excerpt = 'Tea or coffee?',
): Notification {
  return {
    id: 'g',
    type,
    actors: names.map(person),
    actorCount,
    postId: type === 'data-export-ready' ? null : 'p',
    excerpt,
    createdAt: '2026-01-01T00:00:00.000Z',
    readAt: null,
  };
}

/** Every type someone does to the reader; notices have no actors to name. */
const TYPES = NOTIFICATION_TYPES.filter((type) => !isNotice(type));

describe('notificationText', () => {
  it('says in English exactly what the server pushes', () => {
    const cases: Notification[] = [
      ...TYPES.flatMap((type) => [
        entry(type, ['Ana']),
        entry(type, ['Ana', 'Bo']),
        entry(type, ['Ana', 'Bo', 'Cy']),
        entry(type, ['Ana', 'Bo', 'Cy'], 7),
        // A member without an account any more: counted, not named.
        entry(type, ['Ana'], 2),
        entry(type, [], 1),
        entry(type, ['Ana'], 1, ''),
      ]),
      entry('data-export-ready', [], 0, ''),
    ];
    for (const notification of cases) {
      expect(notificationText(notification)).toEqual(describeNotification(notification));
    }
  });

  it('announces the sentence, then the excerpt if there is one', () => {
    expect(notificationAnnouncement(entry('like', ['Ana']))).toBe('Ana liked your post: Tea or coffee?');
    expect(notificationAnnouncement(entry('follow', ['Ana'], 1, ''))).toBe('Ana followed you');
  });
});
