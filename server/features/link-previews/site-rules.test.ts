import { describe, expect, it } from 'vitest';
import { buildHtmlPreview } from './preview-fields';
import { siteRuleFor } from './site-rules';
import { TagCollector } from './tag-collector';

/** The page at `url` streamed through a collector set up for its site, as preview-fetch does. */
function preview(url: string, head: string, body = '') {
  const collector = new TagCollector(siteRuleFor(url)?.probes);
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  for (let i = 0; i < html.length; i += 7) collector.sink.write(html.slice(i, i + 7));
  return buildHtmlPreview(collector.finish(), { url, contentType: 'text/html', charset: 'utf-8' });
}

const og = (property: string, content: string) => `<meta property="og:${property}" content="${content}">`;
const ldJson = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('site rules', () => {
  it('apply by registrable domain only', () => {
    expect(siteRuleFor('https://mobile.x.com/someone')).not.toBeNull();
    expect(siteRuleFor('https://www.amazon.co.uk/dp/B001')).not.toBeNull();
    expect(siteRuleFor('https://notx.com/someone')).toBeNull();
    expect(siteRuleFor('https://x.com.example.org/')).toBeNull();
    expect(siteRuleFor('http://127.0.0.1/')).toBeNull();
    const page = preview('https://example.com/a', `${og('title', 'T')}${og('site_name', 'Example')}`);
    expect(page.title).toBe('T');
    expect(page.siteName).toBe('Example');
  });

  it('X: names the account with the handle as written in the URL, a 400px avatar and "X"', () => {
    const head =
      og('title', '#!/kiko/beats (@Kikobeats) on X') +
      og('image', 'https://pbs.twimg.com/profile_images/1/a_200x200.jpg') +
      og('site_name', 'X (formerly Twitter)');
    const profile = preview('https://x.com/kikobeats?mx=2', head);
    expect(profile.title).toBe('#!/kiko/beats (@kikobeats) on X');
    expect(profile.images[0]).toBe('https://pbs.twimg.com/profile_images/1/a_400x400.jpg');
    expect(profile.siteName).toBe('X');
    const post = preview(
      'https://twitter.com/realDonaldTrump/status/1',
      og('title', 'Donald J. Trump on X: "hi"'),
    );
    expect(post.title).toBe('Donald J. Trump (@realDonaldTrump) on X');
    expect(preview('https://x.com/someone', '').title).toBe('@someone on X');
  });

  it("YouTube: the video's thumbnail on img.youtube.com, at the size og:image names", () => {
    const head = og('image', 'https://i.ytimg.com/vi/hwMkbaS_M_c/maxresdefault.jpg');
    const watch = preview('https://www.youtube.com/watch?v=hwMkbaS_M_c', head);
    expect(watch.images[0]).toBe('https://img.youtube.com/vi/hwMkbaS_M_c/maxresdefault.jpg');
    expect(watch.siteName).toBe('YouTube');
    expect(preview('https://youtu.be/hwMkbaS_M_c', '').images).toEqual([
      'https://img.youtube.com/vi/hwMkbaS_M_c/hqdefault.jpg',
    ]);
    expect(preview('https://www.youtube.com/shorts/abcdefghijk', '').images[0]).toBe(
      'https://img.youtube.com/vi/abcdefghijk/hqdefault.jpg',
    );
    expect(preview('https://www.youtube.com/feed/trending', head).images[0]).toBe(
      'https://i.ytimg.com/vi/hwMkbaS_M_c/maxresdefault.jpg',
    );
  });

  it('Amazon: the product title and picture from the body, not the keyword <title> or ad banners', () => {
    const head = '<title>The Whole Truth - Kindle edition by Baldacci @ Amazon.com.</title>';
    const body =
      '<img src="/ad-banner.png" width="300">' +
      '<h1><span id="productTitle"> The Whole Truth <b>(A. Shaw Book 1)</b> </span></h1>' +
      '<div class="a-dynamic-image-container"><img class="a-dynamic-image a-stretch" src="/small.jpg" data-old-hires="https://m.media-amazon.com/images/I/big.jpg"></div>';
    const page = preview('https://www.amazon.com/dp/B0011UCPM4', head, body);
    expect(page.title).toBe('The Whole Truth (A. Shaw Book 1)');
    expect(page.images[0]).toBe('https://m.media-amazon.com/images/I/big.jpg');
    expect(page.siteName).toBe('Amazon');
    const noHires = body.replace(/ data-old-hires="[^"]*"/, '');
    expect(preview('https://www.amazon.de/dp/B001', head, noHires).images[0]).toBe(
      'https://www.amazon.de/small.jpg',
    );
  });

  it('Amazon: keeps reading past the body look-ahead until the product elements appear', () => {
    const collector = new TagCollector(siteRuleFor('https://www.amazon.com/dp/B001')?.probes);
    const head = '<head><title>T - Amazon</title><meta name="description" content="D"></head><body>';
    expect(collector.sink.write(`${head}<img src="/ad.png">${'x'.repeat(100_000)}`)).toBe('more');
    expect(collector.sink.write('<span id="productTitle">Book</span>')).toBe('more');
    expect(collector.sink.write('<img class="a-dynamic-image" src="/p.jpg">')).toBe('done');
  });

  it('TikTok: adds the handle from the URL to the author name', () => {
    const page = preview(
      'https://www.tiktok.com/@illojuan/video/7571863205253778710',
      og('title', 'IlloJuan on TikTok') + og('site_name', 'TikTok'),
    );
    expect(page.title).toBe('IlloJuan (@illojuan) on TikTok');
    expect(page.siteName).toBe('TikTok');
  });

  it("Reddit: the post's <title> and meta description over the generic og ones", () => {
    const head =
      '<title>My Lotus Elise : r/lotus</title><meta name="description" content="Square wheels…">' +
      og('title', 'From the lotus community on Reddit: My Lotus Elise') +
      og('description', 'Explore this post and more from the lotus community') +
      og('image', 'https://share.redd.it/preview/post/1');
    const page = preview('https://www.reddit.com/r/lotus/comments/1/x/', head);
    expect(page.title).toBe('My Lotus Elise : r/lotus');
    expect(page.description).toBe('Square wheels…');
    expect(page.images).toEqual(['https://share.redd.it/preview/post/1']);
    expect(page.siteName).toBe('Reddit');
  });

  it('IMDb: the JSON-LD name and the plot, not the rating and runtime og tags', () => {
    const movie = ldJson({ '@type': 'Movie', name: 'Ferris Bueller&apos;s Day Off', description: 'Plot.' });
    const head = og('title', "Ferris Bueller's Day Off (1986) ⭐ 7.8 | Comedy") + og('description', '1h 43m');
    const page = preview('https://www.imdb.com/title/tt0091042/', `${head}${movie}`);
    expect(page.title).toBe("Ferris Bueller's Day Off");
    expect(page.description).toBe('Plot.');
    expect(page.siteName).toBe('IMDb');
    const withMeta = preview(
      'https://m.imdb.com/title/tt0091042/',
      `${head}<meta name="description" content="Directed by John Hughes.">${movie}`,
    );
    expect(withMeta.description).toBe('Directed by John Hughes.');
  });

  it('UOL sites: the JSON-LD headline over an og:title cut by an unescaped quote', () => {
    const head =
      '<meta property="og:title" content="Modelo diz que Neymar foi "estúpido" e dá detalhes">' +
      ldJson({ '@type': 'NewsArticle', headline: 'Modelo diz que Neymar foi “estúpido” e dá detalhes' });
    expect(preview('https://www.torcedores.com/noticias/1', head).title).toBe(
      'Modelo diz que Neymar foi “estúpido” e dá detalhes',
    );
    expect(preview('https://www.uol.com.br/noticias/1', `<title>Doc</title>${og('title', 'OG')}`).title).toBe(
      'Doc',
    );
  });

  it('Bluesky: names the service "Bluesky"', () => {
    expect(
      preview('https://bsky.app/profile/a.bsky.social/post/1', og('site_name', 'Bluesky Social')).siteName,
    ).toBe('Bluesky');
  });
});
