import { describe, expect, it } from 'vitest';
import { readStoredJson, StoredJsonError } from './stored-json';
import { avatarSchema, postImagesSchema, postLinkPreviewSchema, storageKeysSchema } from './stored-shapes';

const variant = { width: 320, height: 240, url: '/media/a-320.webp' };
const image = {
  id: '0190c7b4-0000-7000-8000-000000000001',
  width: 320,
  height: 240,
  placeholder: 'abc=',
  webp: [variant],
  fallback: [{ ...variant, url: '/media/a-320.jpg' }],
  fallbackType: 'image/jpeg',
  alt: 'A cat',
};

describe('readStoredJson', () => {
  it('gives back what the server stored, as the schema reads it', () => {
    expect(readStoredJson(postImagesSchema, JSON.stringify([image]), 'posts.images_json')).toEqual([image]);
    expect(readStoredJson(storageKeysSchema, '["a.webp","a.jpg"]', 'media.keys_json')).toEqual([
      'a.webp',
      'a.jpg',
    ]);
    const card = { url: 'https://example.com/', title: 'T', description: '', image: null, domain: 'example' };
    expect(readStoredJson(postLinkPreviewSchema, JSON.stringify(card), 'posts.link_preview_json')).toEqual(
      card,
    );
  });

  it('refuses a row of the wrong shape with the column and the place in the message', () => {
    const bent = JSON.stringify([{ ...image, webp: [{ ...variant, width: '320' }] }]);
    const read = () => readStoredJson(postImagesSchema, bent, 'posts.images_json');
    expect(read).toThrow(StoredJsonError);
    expect(read).toThrow(/^Stored JSON in posts\.images_json is not valid: .+ at 0\.webp\.0\.width$/);
    expect(() => readStoredJson(avatarSchema, '{"webp": []}', 'users.avatar_json')).toThrow(
      /users\.avatar_json .* at fallback$/,
    );
  });

  it('refuses text that is not JSON', () => {
    expect(() => readStoredJson(storageKeysSchema, '["a.webp"', 'media.keys_json')).toThrow(
      'Stored JSON in media.keys_json is not valid: not JSON',
    );
  });
});
