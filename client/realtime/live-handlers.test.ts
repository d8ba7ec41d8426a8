import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LivePayload } from '../../common/contracts/live-events';
import { liveHandlers } from './live-handlers';

afterEach(() => vi.restoreAllMocks());

describe('liveHandlers', () => {
  it('hands a handler the payload once it has the shape of its event', () => {
    const counts: number[] = [];
    const raw = liveHandlers('user', {
      'notifications.removed': ({ unreadCount }) => void counts.push(unreadCount),
    });
    raw['notifications.removed']?.({ type: 'notifications.removed', unreadCount: 4 });
    expect(counts).toEqual([4]);
  });

  it('drops a payload of the wrong shape before the handler sees it, and says so', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: LivePayload<'filteredFeed', 'feed.skipped'>[] = [];
    const raw = liveHandlers('filteredFeed', { 'feed.skipped': (event) => void seen.push(event) });
    raw['feed.skipped']?.({ type: 'feed.skipped', seq: '12' });
    raw['feed.skipped']?.({ type: 'post.deleted', seq: 12 });
    raw['feed.skipped']?.(undefined);
    expect(seen).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('binds only the events given, by their names', () => {
    const raw = liveHandlers('user', { 'feed.channel_changed': () => {} });
    expect(Object.keys(raw)).toEqual(['feed.channel_changed']);
  });

  it('refuses, at compile time, a handler for an event its channel kind does not carry', () => {
    // @ts-expect-error the public feed never carries feed.skipped
    expect(Object.keys(liveHandlers('feed', { 'feed.skipped': () => {} }))).toEqual([]);
  });
});
