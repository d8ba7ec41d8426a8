import { describe, expect, it } from 'vitest';
import {
  FEED_CHANNEL,
  filteredFeedChannel,
  LIVE_EVENTS,
  liveEventNames,
  type LivePayload,
  parseLiveEvent,
  type PublishLiveEvent,
  userChannel,
} from './live-events';

const post: LivePayload<'feed', 'post.created'>['post'] = {
  id: 'p1',
  author: { id: 'u1', handle: 'ana', displayName: 'Ana', avatar: null },
  parentId: null,
  bodyHtml: '<p>Hi</p>',
  bodyText: 'Hi',
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  likeCount: 0,
  replyCount: 0,
  repostCount: 0,
  quote: null,
  repostedBy: null,
  images: [
    {
      id: 'i1',
      width: 640,
      height: 480,
      placeholder: 'abc=',
      webp: [{ width: 640, height: 480, url: '/media/i1-640.webp' }],
      fallback: [{ width: 640, height: 480, url: '/media/i1-640.jpg' }],
      fallbackType: 'image/jpeg',
      alt: '',
    },
  ],
  linkPreview: { url: 'https://example.com/', title: 'T', description: '', image: null, domain: 'example' },
};
const created: LivePayload<'feed', 'post.created'> = { type: 'post.created', seq: 7, post };

describe('parseLiveEvent', () => {
  it('passes every event the server sends, as it sends it', () => {
    expect(parseLiveEvent('feed', 'post.created', created)).toBe(created);
    expect(parseLiveEvent('filteredFeed', 'feed.skipped', { type: 'feed.skipped', seq: 8 })).toEqual({
      type: 'feed.skipped',
      seq: 8,
    });
    const read = { type: 'notifications.read', ids: null, unreadCount: 0 };
    expect(parseLiveEvent('user', 'notifications.read', read)).toBe(read);
    const moved = { type: 'feed.channel_changed', liveFeedChannel: 'private-feed-u1' };
    expect(parseLiveEvent('user', 'feed.channel_changed', moved)).toBe(moved);
    const reposted = {
      type: 'repost.created',
      seq: 9,
      post: {
        ...post,
        repostCount: 1,
        quote: { state: 'removed' },
        repostedBy: { id: 'r1', by: post.author, createdAt: post.createdAt },
      },
    };
    expect(parseLiveEvent('feed', 'repost.created', reposted)).toBe(reposted);
    const quoting = {
      ...created,
      post: {
        ...post,
        quote: {
          state: 'visible',
          id: 'p0',
          author: post.author,
          excerpt: 'Hello',
          createdAt: post.createdAt,
          imageCount: 0,
        },
      },
    };
    expect(parseLiveEvent('feed', 'post.created', quoting)).toBe(quoting);
  });

  it('takes a repost only with whom it is by, and a quote only in one of its states', () => {
    expect(parseLiveEvent('feed', 'repost.created', { type: 'repost.created', seq: 9, post })).toBeNull();
    expect(
      parseLiveEvent('feed', 'post.created', { ...created, post: { ...post, quote: { state: 'gone' } } }),
    ).toBeNull();
    expect(
      parseLiveEvent('feed', 'post.created', {
        ...created,
        post: { ...post, quote: { state: 'visible', id: 'p0' } },
      }),
    ).toBeNull();
  });

  it('rejects a payload of the wrong shape, however deep the fault', () => {
    expect(parseLiveEvent('feed', 'post.created', { ...created, seq: '7' })).toBeNull();
    expect(
      parseLiveEvent('feed', 'post.created', { ...created, post: { ...post, images: [{ id: 'i1' }] } }),
    ).toBeNull();
    expect(
      parseLiveEvent('feed', 'post.created', { ...created, post: { ...post, author: { id: 'u1' } } }),
    ).toBeNull();
    expect(parseLiveEvent('feed', 'post.liked', { type: 'post.liked', seq: 1, postId: 'p1' })).toBeNull();
    expect(
      parseLiveEvent('user', 'notifications.read', { type: 'notifications.read', ids: [1], unreadCount: 0 }),
    ).toBeNull();
    expect(parseLiveEvent('feed', 'post.deleted', null)).toBeNull();
    expect(parseLiveEvent('feed', 'post.deleted', '{"type":"post.deleted"}')).toBeNull();
  });

  it('rejects a payload whose type is another event', () => {
    expect(parseLiveEvent('feed', 'post.updated', created)).toBeNull();
  });

  it('rejects an event its channel kind does not carry', () => {
    const skipped = { type: 'feed.skipped', seq: 1 };
    // @ts-expect-error the public feed never carries feed.skipped
    expect(parseLiveEvent('feed', 'feed.skipped', skipped)).toBeNull();
    // @ts-expect-error nor is __proto__ an event
    expect(parseLiveEvent('feed', '__proto__', {})).toBeNull();
  });

  it('names each event after its payload type', () => {
    for (const kind of ['feed', 'filteredFeed', 'user'] as const) {
      for (const event of liveEventNames(kind)) expect(event in LIVE_EVENTS[kind]).toBe(true);
    }
    expect(liveEventNames('filteredFeed')).toEqual([...liveEventNames('feed'), 'feed.skipped']);
  });
});

describe('PublishLiveEvent', () => {
  const sent: { channels: string[]; event: string; data: unknown }[] = [];
  const publish: PublishLiveEvent = async (channels, event, data) =>
    void sent.push({ channels, event, data });

  it('compiles only with the payload of that event on that kind of channel', async () => {
    await publish([FEED_CHANNEL], 'post.created', created);
    await publish([filteredFeedChannel('u1')], 'feed.skipped', { type: 'feed.skipped', seq: 8 });
    await publish([userChannel('u1')], 'notifications.removed', {
      type: 'notifications.removed',
      unreadCount: 2,
    });

    const withoutPost = { type: 'post.created', seq: 9 } as const;
    const countAsText = { type: 'post.liked', seq: 9, postId: 'p1', likeCount: '3' } as const;
    const removed = { type: 'notifications.removed', unreadCount: 2 } as const;
    const skipped = { type: 'feed.skipped', seq: 8 } as const;
    // @ts-expect-error a post.created payload without its post
    await publish([FEED_CHANNEL], 'post.created', withoutPost);
    // @ts-expect-error a like count given as text
    await publish([FEED_CHANNEL], 'post.liked', countAsText);
    // @ts-expect-error the payload of another event
    await publish([FEED_CHANNEL], 'post.updated', created);
    // @ts-expect-error a user's event on the public feed
    await publish([FEED_CHANNEL], 'notifications.removed', removed);
    // @ts-expect-error a skip on the public feed, which never skips
    await publish([FEED_CHANNEL], 'feed.skipped', skipped);
    // @ts-expect-error a plain string is not a channel of any kind
    await publish(['private-user-u1'], 'notifications.removed', removed);

    expect(sent.map((one) => one.event)).toEqual([
      'post.created',
      'feed.skipped',
      'notifications.removed',
      'post.created',
      'post.liked',
      'post.updated',
      'notifications.removed',
      'feed.skipped',
      'notifications.removed',
    ]);
  });
});
