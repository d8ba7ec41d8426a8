import { Parser } from 'htmlparser2';
import type { TextSink } from '../../platform/safe-fetch/body-reader';
import { readJsonLd, type JsonLdFacts } from './json-ld';
import { MAX_JSON_LD_BLOCKS, MAX_JSON_LD_CHARS, MAX_TITLE_CHARS, MIN_FALLBACK_IMAGE_PX } from './limits';

/**
 * Collects the raw social-card material of a page while it streams in: meta tags, og:image and
 * og:video groups, the document title, icons, `<base>`, JSON-LD and a fallback picture. It says
 * "done" once the head is over and a title and an image are known, so most pages are read only
 * up to `</head>`; without an image in the head it reads on until the first sensible `<img>`.
 */

/** One og:image / og:video with its structured properties (og:image:secure_url…). */
export interface MediaGroup {
  url?: string;
  secureUrl?: string;
  type?: string;
  width?: string;
  height?: string;
}

export interface PageTags {
  /** First non-blank content per lower-case `property` / `name` (other than og:image/og:video). */
  metas: Map<string, string>;
  ogImages: MediaGroup[];
  ogVideos: MediaGroup[];
  documentTitle: string | null;
  baseHref: string | null;
  imageSrc: string | null;
  icons: string[];
  appleIcons: string[];
  /** First `<img src>` or `<video poster>` that looks like a picture of the page. */
  firstImage: string | null;
  /** First publisher name and image found in the page's JSON-LD blocks. */
  jsonLd: JsonLdFacts;
}

type Attributes = Record<string, string>;

const GROUP_FIELDS: Record<string, keyof MediaGroup> = {
  '': 'url',
  ':url': 'url',
  ':secure_url': 'secureUrl',
  ':type': 'type',
  ':width': 'width',
  ':height': 'height',
};
const GROUP_OPENERS = new Set(['', ':url', ':secure_url']);
// Tracking pixels, spacers, icons (SVG) and videos misplaced in <img> are never a page's picture.
const NOT_A_PICTURE =
  /(^data:)|\.(svg|mp4|webm|mov|m4v|ogv)(\?|$)|(^|[/_.-])(pixel|spacer|sprite|blank|transparent|1x1)([/_.-]|$)/i;
const FOREIGN_ROOTS = new Set(['svg', 'math']);

function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

/** og:image, og:image:url, og:image:secure_url… go to the current group or open a new one. */
function addToGroup(groups: MediaGroup[], suffix: string, value: string): void {
  const field = GROUP_FIELDS[suffix];
  if (!field) return;
  const current = groups[groups.length - 1];
  if (current && current[field] === undefined) current[field] = value;
  else if (GROUP_OPENERS.has(suffix)) groups.push({ [field]: value });
}

function isSensiblePicture(src: string | undefined, attribs: Attributes): src is string {
  if (!hasText(src) || NOT_A_PICTURE.test(src.trim())) return false;
  const tooSmall = (size: string | undefined) =>
    size !== undefined && Number.parseInt(size, 10) < MIN_FALLBACK_IMAGE_PX;
  return !tooSmall(attribs.width) && !tooSmall(attribs.height);
}

export class TagCollector {
  readonly tags: PageTags = {
    metas: new Map(),
    ogImages: [],
    ogVideos: [],
    documentTitle: null,
    baseHref: null,
    imageSrc: null,
    icons: [],
    appleIcons: [],
    firstImage: null,
    jsonLd: { publisherName: null, image: null },
  };
  private headEnded = false;
  private foreignDepth = 0;
  private titleText: string | null = null;
  private jsonText: string | null = null;
  private jsonBlocks = 0;
  private readonly parser = new Parser(
    {
      onopentag: (name, attribs) => this.onOpenTag(name, attribs),
      ontext: (text) => this.onText(text),
      onclosetag: (name) => this.onCloseTag(name),
    },
    { decodeEntities: true },
  );

  /** Feed for the fetcher: text in, "done" once nothing more is needed. */
  readonly sink: TextSink = {
    write: (text) => {
      this.parser.write(text);
      return this.hasEnough() ? 'done' : 'more';
    },
  };

  /** Flushes the parser; call once the fetch is over. */
  finish(): PageTags {
    this.parser.end();
    return this.tags;
  }

  private hasEnough(): boolean {
    const { metas, ogImages, documentTitle, imageSrc, jsonLd, firstImage } = this.tags;
    const hasTitle = metas.has('og:title') || metas.has('twitter:title') || documentTitle !== null;
    const hasTwitterImage = metas.has('twitter:image') || metas.has('twitter:image:src');
    const hasImage =
      ogImages.length > 0 ||
      hasTwitterImage ||
      imageSrc !== null ||
      jsonLd.image !== null ||
      firstImage !== null;
    return this.headEnded && hasTitle && hasImage;
  }

  private onOpenTag(name: string, attribs: Attributes): void {
    if (FOREIGN_ROOTS.has(name)) this.foreignDepth += 1;
    else if (name === 'meta') this.onMeta(attribs);
    else if (name === 'link') this.onLink(attribs);
    else if (name === 'base' && this.tags.baseHref === null && hasText(attribs.href))
      this.tags.baseHref = attribs.href;
    else if (name === 'body') this.headEnded = true;
    // An <svg> carries its own <title> (an icon's name), never the page's.
    else if (name === 'title' && this.foreignDepth === 0 && this.tags.documentTitle === null)
      this.titleText = '';
    else if (name === 'img') this.onPicture(attribs.src, attribs);
    else if (name === 'video') this.onPicture(attribs.poster, attribs);
    else if (name === 'script' && (attribs.type ?? '').toLowerCase().includes('ld+json')) this.jsonText = '';
  }

  private onText(text: string): void {
    if (this.titleText !== null && this.titleText.length < MAX_TITLE_CHARS * 4) this.titleText += text;
    if (this.jsonText !== null && this.jsonText.length < MAX_JSON_LD_CHARS) this.jsonText += text;
  }

  private onCloseTag(name: string): void {
    if (FOREIGN_ROOTS.has(name)) this.foreignDepth = Math.max(0, this.foreignDepth - 1);
    else if (name === 'head') this.headEnded = true;
    else if (name === 'title' && this.titleText !== null) {
      if (hasText(this.titleText)) this.tags.documentTitle = this.titleText;
      this.titleText = null;
    } else if (name === 'script' && this.jsonText !== null) {
      this.onJsonLd(this.jsonText);
      this.jsonText = null;
    }
  }

  private onMeta(attribs: Attributes): void {
    const value = attribs.content ?? attribs.value;
    if (!hasText(value)) return;
    const keys = new Set(
      [attribs.property, attribs.name].filter(hasText).map((key) => key.trim().toLowerCase()),
    );
    for (const key of keys) {
      if (key.startsWith('og:image')) addToGroup(this.tags.ogImages, key.slice('og:image'.length), value);
      else if (key.startsWith('og:video'))
        addToGroup(this.tags.ogVideos, key.slice('og:video'.length), value);
      else if (!this.tags.metas.has(key)) this.tags.metas.set(key, value);
    }
  }

  private onLink(attribs: Attributes): void {
    const href = attribs.href;
    if (!hasText(href)) return;
    const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('image_src')) this.tags.imageSrc ??= href;
    if (rel.includes('icon')) this.tags.icons.push(href);
    if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
      this.tags.appleIcons.push(href);
  }

  private onPicture(src: string | undefined, attribs: Attributes): void {
    if (this.tags.firstImage === null && isSensiblePicture(src, attribs)) this.tags.firstImage = src;
  }

  private onJsonLd(text: string): void {
    if (this.jsonBlocks >= MAX_JSON_LD_BLOCKS) return;
    this.jsonBlocks += 1;
    const facts = readJsonLd(text);
    this.tags.jsonLd.publisherName ??= facts.publisherName;
    this.tags.jsonLd.image ??= facts.image;
  }
}
