import { describe, expect, it } from 'vitest';
import { isOfflineReadable } from './offline-reading';

describe('isOfflineReadable', () => {
  it('keeps the timelines, posts and profiles a reader opens', () => {
    for (const path of [
      '/api/v1/auth/me',
      '/api/v1/client-config',
      '/api/v1/feed',
      '/api/v1/timelines/home',
      '/api/v1/tags/cats/posts',
      '/api/v1/posts/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
      '/api/v1/posts/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b/replies',
      '/api/v1/users/ana',
      '/api/v1/users/ana/posts',
      '/api/v1/notifications',
      '/api/v1/proxy',
    ]) {
      expect(isOfflineReadable(path), path).toBe(true);
    }
  });

  it('never keeps security answers, exports or anything outside the API', () => {
    for (const path of [
      '/api/v1/me/sessions',
      '/api/v1/me/passkeys',
      '/api/v1/me/two-factor',
      '/api/v1/me/data-export/download',
      '/api/v1/admin/users',
      '/api/v1/users/ana/followers',
      '/api/v1/posts/1/replies/extra',
      '/api/v1/feedback',
      '/feed',
      '/media/a.webp',
    ]) {
      expect(isOfflineReadable(path), path).toBe(false);
    }
  });
});
