import { describe, expect, it } from 'vitest';
import { MAX_BODY_LOOKAHEAD_CHARS, MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS } from './limits';
import { buildHtmlPreview } from './preview-fields';
import { TagCollector } from './tag-collector';

const PAGE_URL = 'https://www.example.com/articles/one?x=1';

/** Streams `html` into a collector in small pieces (tags split across writes) and builds the preview. */
function preview(head: string, body = '', url = PAGE_URL) {
  const collector = new TagCollector();
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  for (let i = 0; i < html.length; i += 7) collector.sink.write(html.slice(i, i + 7));
  return buildHtmlPreview(collector.finish(), { url, contentType: 'text/html', charset: 'utf-8' });
}

describe('title and description', () => {
  it('prefers og, then twitter, then the document title', () => {
    expect(
      preview(
        '<title>Doc</title><meta name="twitter:title" content="Tw"><meta property="og:title" content="OG">',
      ).title,
    ).toBe('OG');
    expect(preview('<title>Doc</title><meta name="twitter:title" content="Tw">').title).toBe('Tw');
    expect(preview('<title>Doc</title>').title).toBe('Doc');
    expect(preview('').title).toBe('');
  });

  it('prefers og, then twitter, then the meta description', () => {
    const all =
      '<meta name="description" content="Meta"><meta name="twitter:description" content="Tw"><meta property="og:description" content="OG">';
    expect(preview(all).description).toBe('OG');
    expect(
      preview('<meta name="description" content="Meta"><meta name="twitter:description" content="Tw">')
        .description,
    ).toBe('Tw');
    expect(preview('<meta name="DESCRIPTION" content="Meta">').description).toBe('Meta');
    expect(preview('').description).toBeNull();
  });

  it('reads property= and name=, in any case', () => {
    expect(preview('<meta NAME="OG:TITLE" CONTENT="Shouted">').title).toBe('Shouted');
    expect(preview('<meta name="og:site_name" content="Named">').siteName).toBe('Named');
  });

  it('keeps the first of duplicate tags and lets blank ones fall through', () => {
    const head =
      '<meta property="og:title" content="  "><meta property="og:title" content="First"><meta property="og:title" content="Second">';
    expect(preview(head).title).toBe('First');
    expect(preview('<meta property="og:title" content=""><title>Doc</title>').title).toBe('Doc');
  });

  it('never takes an <svg> title for the page title', () => {
    const body = '<svg><title>Magnifier icon</title></svg>';
    expect(preview('', body).title).toBe('');
    expect(preview('<svg><title>Icon</title></svg><title>Real</title>').title).toBe('Real');
  });

  it('decodes entities once and collapses whitespace', () => {
    const head =
      '<meta property="og:title" content="Tom &amp; Jerry&#39;s\n\t  &quot;day&quot;"><meta property="og:description" content="a &amp;amp; b">';
    expect(preview(head).title).toBe('Tom & Jerry\'s "day"');
    expect(preview(head).description).toBe('a &amp; b');
    expect(preview('<title>\n  Spaced\n  out  </title>').title).toBe('Spaced out');
  });

  it('caps long fields', () => {
    const long = 'x'.repeat(MAX_DESCRIPTION_CHARS + 100);
    const result = preview(
      `<meta property="og:title" content="${long}"><meta property="og:description" content="${long}">`,
    );
    expect(result.title).toHaveLength(MAX_TITLE_CHARS);
    expect(result.description).toHaveLength(MAX_DESCRIPTION_CHARS);
  });

  it('uses og:type as the media type, "website" by default', () => {
    expect(preview('<meta property="og:type" content="article">').mediaType).toBe('article');
    expect(preview('').mediaType).toBe('website');
  });

  it('falls back to the first <h1> when the page has no title at all', () => {
    const body = '<header><h1>Resolving the <em>Time</em> Paradox</h1></header><h1>Second</h1>';
    expect(preview('<title> </title>', body).title).toBe('Resolving the Time Paradox');
    expect(preview('<title>Doc</title>', body).title).toBe('Doc');
  });

  it('falls back to the first paragraph of the main content when there is no description', () => {
    const body =
      '<p>Cookie banner</p><main><p> </p><p>Excerpted from <a href="/x">the book</a>.</p><p>Later</p></main>';
    expect(preview('', body).description).toBe('Excerpted from the book.');
    expect(preview('', '<article><p>In an article</p></article>').description).toBe('In an article');
    expect(preview('', '<div><p>Outside any main content</p></div>').description).toBeNull();
    expect(preview('<meta name="description" content="Meta">', body).description).toBe('Meta');
  });
});

describe('site name', () => {
  const jsonLd =
    '<script type="application/ld+json">{"@graph":[{"@type":"NewsArticle","publisher":{"@id":"#org"}},{"@id":"#org","name":"From JSON-LD"}]}</script>';

  it('is og:site_name, else the JSON-LD publisher, else application-name', () => {
    expect(preview(`<meta property="og:site_name" content="OG">${jsonLd}`).siteName).toBe('OG');
    expect(preview(`${jsonLd}<meta name="application-name" content="App">`).siteName).toBe('From JSON-LD');
    expect(preview('<meta name="application-name" content="App">').siteName).toBe('App');
    expect(preview('<script type="application/ld+json">{broken</script>').siteName).toBeNull();
  });

  it('prefers a publisher named in JSON-LD to og:site_name (a publication on a platform)', () => {
    const article =
      '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"webpack"}}</script>';
    expect(preview(`<meta property="og:site_name" content="Medium">${article}`).siteName).toBe('webpack');
    const listed =
      '<script type="application/ld+json">[{"@type":"WebSite"},{"@type":"Article","publisher":[{"name":"Listed"}]}]</script>';
    expect(preview(`<meta property="og:site_name" content="OG">${listed}`).siteName).toBe('Listed');
  });

  it('reads a JSON-LD block whose template left a value empty', () => {
    const block =
      '<script type="application/ld+json">{"image":{"url":"","width": ,"height":\n},"note":"a: , b","publisher":{"name":"Wall Street Journal"}}</script>';
    expect(preview(`<meta property="og:site_name" content="WSJ">${block}`).siteName).toBe(
      'Wall Street Journal',
    );
  });

  it('then application-name, then the publisher meta', () => {
    expect(
      preview('<meta name="publisher" content="PR Newswire"><meta name="application-name" content="App">')
        .siteName,
    ).toBe('App');
    expect(preview('<meta name="publisher" content="PR Newswire"><title>A - B</title>').siteName).toBe(
      'PR Newswire',
    );
  });

  it('last, guesses it from the part of the <title> after the last " - " or " | "', () => {
    expect(preview('<title>Bob Dylan - Wikipedia</title>').siteName).toBe('Wikipedia');
    expect(preview('<title> cucumber raita | smitten kitchen </title>').siteName).toBe('smitten kitchen');
    expect(preview('<title>A - B | Site</title>').siteName).toBe('Site');
    // En dashes and hyphens inside words are not separators.
    expect(preview('<title>Transistor | #032 – Product-Market Fit</title>').siteName).toBe(
      '#032 – Product-Market Fit',
    );
    expect(preview('<title>Product-Market Fit</title>').siteName).toBeNull();
    // "Title - by Author" is a byline, not a site.
    expect(preview('<title>Agency - by Simon Sarris</title>').siteName).toBeNull();
    expect(preview('<meta property="og:site_name" content="OG"><title>A - B</title>').siteName).toBe('OG');
  });

  it('reads on into the body for a JSON-LD publisher when the head names no site', () => {
    const block =
      '<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"name":"The Map"}}</script>';
    expect(preview('<title>Agency - by Simon Sarris</title>', `<p>text</p>${block}`).siteName).toBe(
      'The Map',
    );
  });
});

describe('images', () => {
  it('lists og:images in document order, secure_url preferred, without duplicates', () => {
    const head = [
      '<meta property="og:image" content="http://cdn.example.com/a.jpg">',
      '<meta property="og:image:secure_url" content="https://cdn.example.com/a.jpg">',
      '<meta property="og:image:width" content="1200">',
      '<meta property="og:image" content="/b.jpg">',
      '<meta property="og:image" content="/b.jpg">',
    ].join('');
    expect(preview(head).images).toEqual(['https://cdn.example.com/a.jpg', 'https://www.example.com/b.jpg']);
  });

  it('skips an unparsable or non-http URL instead of failing the preview', () => {
    const head =
      '<meta property="og:image" content="http://exa mple.com/x.jpg"><meta property="og:image" content="javascript:alert(1)"><meta property="og:image" content="data:image/png;base64,AA"><meta property="og:image" content="ok.jpg">';
    expect(preview(head).images).toEqual(['https://www.example.com/articles/ok.jpg']);
  });

  it('falls back to twitter:image, then link rel=image_src, then JSON-LD, then the first sensible <img>', () => {
    expect(
      preview('<meta name="twitter:image" content="/tw.jpg"><link rel="image_src" href="/src.jpg">').images,
    ).toEqual(['https://www.example.com/tw.jpg']);
    expect(preview('<link rel="image_src" href="/src.jpg">').images).toEqual([
      'https://www.example.com/src.jpg',
    ]);
    expect(
      preview(
        '<script type="application/ld+json">{"image":{"url":"/ld.jpg"}}</script>',
        '<img src="/img.jpg">',
      ).images,
    ).toEqual(['https://www.example.com/ld.jpg']);
    const body =
      '<img src="data:image/gif;base64,R0"><img src="/t.gif" width="1" height="1"><img src="/icon.svg"><img src="/pixel.gif"><img src="/photo.jpg" width="640">';
    expect(preview('', body).images).toEqual(['https://www.example.com/photo.jpg']);
    expect(preview('', '<video poster="/poster.jpg"></video>').images).toEqual([
      'https://www.example.com/poster.jpg',
    ]);
  });

  it("puts the poster of the page's first <video> before og:image", () => {
    const head = '<meta property="og:image" content="/og.jpg">';
    expect(preview(head, '<video poster="/poster.jpg" src="/v.mp4"></video>').images).toEqual([
      'https://www.example.com/poster.jpg',
      'https://www.example.com/og.jpg',
    ]);
    expect(preview(head, '<video src="/v.mp4"></video><video poster="/second.jpg"></video>').images).toEqual([
      'https://www.example.com/og.jpg',
    ]);
  });

  it("never takes the site's logo for the page's picture", () => {
    const body =
      '<a href="/"><img class="tdb-logo-img" src="/brand.gif" width="50" height="58"></a><img id="site-logo" src="/l.png"><img src="/photo.jpg">';
    expect(preview('', body).images).toEqual(['https://www.example.com/photo.jpg']);
  });

  it('ignores body fallbacks further down than the look-ahead', () => {
    const filler = `<div>${'x'.repeat(MAX_BODY_LOOKAHEAD_CHARS)}</div>`;
    const late = `${filler}<img src="/late.jpg"><video poster="/late-poster.jpg"></video><h1>Late</h1>`;
    const result = preview('', late);
    expect(result.images).toEqual([]);
    expect(result.title).toBe('');
  });

  it('honours <base href> and ignores a base that is not http(s)', () => {
    const head =
      '<base href="https://static.example.net/assets/"><meta property="og:image" content="img/a.jpg"><link rel="icon" href="fav.png">';
    const result = preview(head);
    expect(result.images).toEqual(['https://static.example.net/assets/img/a.jpg']);
    expect(result.favicons).toEqual(['https://static.example.net/assets/fav.png']);
    expect(
      preview('<base href="javascript:alert(1)"><meta property="og:image" content="a.jpg">').images,
    ).toEqual(['https://www.example.com/articles/a.jpg']);
  });
});

describe('videos and favicons', () => {
  it('groups og:video properties per video', () => {
    const head = [
      '<meta property="og:video" content="http://v.example.com/1.mp4">',
      '<meta property="og:video:secure_url" content="https://v.example.com/1.mp4">',
      '<meta property="og:video:type" content="video/mp4">',
      '<meta property="og:video:width" content="640"><meta property="og:video:height" content="360">',
      '<meta property="og:video:url" content="/2.mp4"><meta property="og:video:secure_url" content="http://insecure.example.com/2.mp4">',
    ].join('');
    expect(preview(head).videos).toEqual([
      {
        url: 'http://v.example.com/1.mp4',
        secureUrl: 'https://v.example.com/1.mp4',
        type: 'video/mp4',
        width: '640',
        height: '360',
      },
      { url: 'https://www.example.com/2.mp4', secureUrl: null, type: null, width: null, height: null },
    ]);
  });

  it('lists icon, shortcut icon and apple-touch-icon links', () => {
    const head =
      '<link rel="apple-touch-icon" href="/apple.png"><link rel="shortcut icon" href="/short.ico"><link rel="icon" href="/icon.png"><link rel="mask-icon" href="/mask.svg">';
    expect(preview(head).favicons).toEqual([
      'https://www.example.com/short.ico',
      'https://www.example.com/icon.png',
      'https://www.example.com/apple.png',
    ]);
  });

  it("defaults to the origin's /favicon.ico", () => {
    expect(preview('', '', 'https://sub.example.org:8443/deep/page').favicons).toEqual([
      'https://sub.example.org:8443/favicon.ico',
    ]);
  });
});

describe('TagCollector streaming', () => {
  it('is done at the end of the head once it has a title and an image', () => {
    const collector = new TagCollector();
    expect(
      collector.sink.write(
        '<head><meta property="og:title" content="T"><meta property="og:image" content="/a.jpg">' +
          '<meta property="og:description" content="D"><meta property="og:site_name" content="S">',
      ),
    ).toBe('more');
    expect(collector.sink.write('</head>')).toBe('done');
  });

  it('reads on at most MAX_BODY_LOOKAHEAD_CHARS into the body for a field the head lacks', () => {
    const collector = new TagCollector();
    const head = '<title>T - Site</title><meta property="og:image" content="/a.jpg">';
    expect(collector.sink.write(`<head>${head}</head><body>`)).toBe('more');
    expect(collector.sink.write('x'.repeat(MAX_BODY_LOOKAHEAD_CHARS - 100))).toBe('more');
    expect(collector.sink.write('x'.repeat(100))).toBe('done');
  });

  it('reads on into the body to find a picture when the head has none', () => {
    const collector = new TagCollector();
    const head =
      '<title>T</title><meta name="description" content="D"><meta name="application-name" content="S">';
    expect(collector.sink.write(`<head>${head}</head><body><p>text</p>`)).toBe('more');
    expect(collector.sink.write('<img src="/a.jpg">')).toBe('done');
  });
});
