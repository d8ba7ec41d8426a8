import { describe, expect, it } from 'vitest';
import {
  openingTimeline,
  readRememberedTimeline,
  rememberedTimelineKey,
  rememberTimeline,
} from './remembered-timeline';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('the remembered timeline', () => {
  it('is kept per account', () => {
    const storage = memoryStorage();
    rememberTimeline('ana', 'everyone', storage);
    rememberTimeline('bo', 'home', storage);
    expect(readRememberedTimeline('ana', storage)).toBe('everyone');
    expect(readRememberedTimeline('bo', storage)).toBe('home');
    expect(readRememberedTimeline('cy', storage)).toBeNull();
    expect(storage.items.get(rememberedTimelineKey('ana'))).toBe('everyone');
  });

  it('ignores a value it did not write', () => {
    const storage = memoryStorage();
    storage.setItem(rememberedTimelineKey('ana'), 'bookmarks');
    expect(readRememberedTimeline('ana', storage)).toBeNull();
  });

  it('survives storage that is missing or throws', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readRememberedTimeline('ana', refusing)).toBeNull();
    expect(() => rememberTimeline('ana', 'home', refusing)).not.toThrow();
    expect(readRememberedTimeline('ana', null)).toBeNull();
  });
});

describe('openingTimeline', () => {
  const none = { userIds: [], tags: [] };

  it('opens on the remembered choice, without waiting for the sources', () => {
    expect(openingTimeline('everyone', undefined)).toBe('everyone');
    expect(openingTimeline('everyone', { userIds: ['ana'], tags: [] })).toBe('everyone');
    expect(openingTimeline('home', none)).toBe('home');
  });

  it('without one, opens on Home when the reader follows anyone or any tag', () => {
    expect(openingTimeline(null, { userIds: ['ana'], tags: [] })).toBe('home');
    expect(openingTimeline(null, { userIds: [], tags: ['rust'] })).toBe('home');
    expect(openingTimeline(null, none)).toBe('everyone');
  });

  it('waits for the sources when there is nothing remembered', () => {
    expect(openingTimeline(null, undefined)).toBeNull();
  });
});
