import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../common/contracts/notifications';
import { describeNotification } from './describe-notification';

const person = (displayName: string) => ({ id: displayName, handle: displayName.toLowerCase(), displayName });

function entry(type: Notification['type'], names: string[], actorCount = names.length): Notification {
  return {
    id: 'g',
    type,
    actors: names.map(person),
    actorCount,
    postId: 'p',
    excerpt: 'Tea or coffee?',
    createdAt: '2026-01-01T00:00:00.000Z',
    readAt: null,
  };
}

describe('describeNotification', () => {
  it('names one person, two people, or the newest and how many others', () => {
    expect(describeNotification(entry('mention', ['Ana'])).sentence).toBe('Ana mentioned you');
    expect(describeNotification(entry('reply', ['Ana', 'Bo'])).sentence).toBe(
      'Ana and Bo replied to your post',
    );
    expect(describeNotification(entry('like', ['Ana', 'Bo', 'Cy'], 4)).sentence).toBe(
      'Ana and 3 others liked your post',
    );
    expect(describeNotification(entry('like', ['Ana', 'Bo', 'Cy'])).sentence).toBe(
      'Ana and 2 others liked your post',
    );
  });

  it('says a notice about the account as a whole sentence, with no one named', () => {
    const notice = { ...entry('data-export-ready', []), postId: null, excerpt: '' };
    expect(describeNotification(notice)).toEqual({
      sentence: 'Your data archive is ready',
      excerpt: 'Download it from your settings within 7 days.',
    });
  });

  it('keeps the excerpt apart from the sentence', () => {
    expect(describeNotification(entry('like', ['Ana'])).excerpt).toBe('Tea or coffee?');
  });
});
