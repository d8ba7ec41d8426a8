import { describe, expect, it } from 'vitest';
import type { Notification } from '../contracts/notifications';
import { describeNotification, notificationTarget } from './describe-notification';

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

  it('groups reposts the way it groups likes, and says a quote as its own', () => {
    expect(describeNotification(entry('repost', ['Ana'])).sentence).toBe('Ana reposted your post');
    expect(describeNotification(entry('repost', ['Ana', 'Bo'])).sentence).toBe(
      'Ana and Bo reposted your post',
    );
    expect(describeNotification(entry('repost', ['Ana', 'Bo', 'Cy'])).sentence).toBe(
      'Ana and 2 others reposted your post',
    );
    expect(describeNotification(entry('quote', ['Ana']))).toEqual({
      sentence: 'Ana quoted your post',
      excerpt: 'Tea or coffee?',
    });
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

  it('says follows the way it says likes, and a request as its own sentence', () => {
    const follow = (names: string[], actorCount = names.length) => ({
      ...entry('follow', names, actorCount),
      postId: null,
      excerpt: '',
    });
    expect(describeNotification(follow(['Ana'])).sentence).toBe('Ana followed you');
    expect(describeNotification(follow(['Ana', 'Bo'])).sentence).toBe('Ana and Bo followed you');
    expect(describeNotification(follow(['Ana', 'Bo', 'Cy'], 4)).sentence).toBe(
      'Ana and 3 others followed you',
    );
    expect(describeNotification(follow(['Ana'])).excerpt).toBe('');
    const request = { ...entry('follow-request', ['Ana']), postId: null, excerpt: '' };
    expect(describeNotification(request)).toEqual({
      sentence: 'Ana asked to follow you',
      excerpt: 'Approve or deny it in your follow requests.',
    });
  });
});

describe('notificationTarget', () => {
  it("opens a post's entry at the post and a notice in the settings", () => {
    expect(notificationTarget(entry('like', ['Ana']))).toBe('/p/p');
    expect(notificationTarget(entry('repost', ['Ana']))).toBe('/p/p');
    expect(notificationTarget({ ...entry('quote', ['Ana']), postId: 'quoting' })).toBe('/p/quoting');
    expect(notificationTarget({ ...entry('data-export-ready', []), postId: null })).toBe(
      '/settings#your-data',
    );
  });

  it("opens a follow at the newest follower's profile and a request at the list of requests", () => {
    expect(notificationTarget({ ...entry('follow', ['Ana', 'Bo']), postId: null })).toBe('/@ana');
    expect(notificationTarget({ ...entry('follow-request', ['Ana']), postId: null })).toBe(
      '/follow-requests',
    );
  });
});
