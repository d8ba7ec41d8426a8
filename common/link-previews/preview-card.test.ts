import { describe, expect, it } from 'vitest';
import { previewCardOf } from './preview-card';
import type { HtmlLinkPreviewAnswer, MediaLinkPreview } from './preview-contract';

const page: HtmlLinkPreviewAnswer = {
  url: 'https://www.bbc.co.uk/news/1',
  title: ' Headline ',
  siteName: 'BBC',
  description: 'What happened',
  mediaType: 'article',
  contentType: 'text/html',
  images: ['https://ichef.bbci.co.uk/a.jpg', 'https://ichef.bbci.co.uk/b.jpg'],
  imageProxyUrl: '/media/p/abc.webp',
  videos: [],
  favicons: [],
  charset: 'utf-8',
  domain: 'bbc',
};

describe('previewCardOf', () => {
  it('builds the card from the page: trimmed title, description, our copy of the image, domain', () => {
    expect(previewCardOf(page)).toEqual({
      url: 'https://www.bbc.co.uk/news/1',
      title: 'Headline',
      description: 'What happened',
      image: '/media/p/abc.webp',
      domain: 'bbc',
    });
  });

  it('shows the site label the server answered, without working one out from the URL', () => {
    expect(previewCardOf({ ...page, domain: 'bbc-news' })?.domain).toBe('bbc-news');
    expect(previewCardOf({ ...page, domain: 'bbc-news', title: ' ' })?.title).toBe('bbc-news');
  });

  it('never shows the page’s own image URL, even without a copy', () => {
    expect(previewCardOf({ ...page, imageProxyUrl: null })?.image).toBeNull();
  });

  it('falls back to the domain for a blank title and to "" for a missing description', () => {
    expect(previewCardOf({ ...page, title: '   ', description: null })).toMatchObject({
      title: 'bbc',
      description: '',
    });
  });

  it.each<[string, Partial<HtmlLinkPreviewAnswer>]>([
    ['no title', { title: '' }],
    ['no images', { images: [] }],
    ['a JSON media type', { mediaType: 'application/json' }],
    ['a JSON content type', { contentType: 'application/json' }],
  ])('rejects a page with %s', (_case, change) => {
    expect(previewCardOf({ ...page, ...change })).toBeNull();
  });

  it('rejects media answers, which have no title', () => {
    const media: MediaLinkPreview = {
      url: 'https://example.com/a.json',
      mediaType: 'application',
      contentType: 'application/json',
      favicons: [],
    };
    expect(previewCardOf(media)).toBeNull();
  });
});
