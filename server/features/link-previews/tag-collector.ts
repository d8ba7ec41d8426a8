import { Parser } from 'htmlparser2';
import type { TextSink } from '../../platform/safe-fetch/body-reader';
import { BodyFallbacks, type BodyFacts } from './body-fallbacks';
import { ProbeSet, type BodyProbe } from './body-probes';
import { mergeJsonLd, NO_JSON_LD_FACTS, readJsonLd, type JsonLdFacts } from './json-ld';
import { MAX_BODY_LOOKAHEAD_CHARS, MAX_JSON_LD_BLOCKS, MAX_JSON_LD_CHARS, MAX_TITLE_CHARS } from './limits';
import { siteNameOf } from './site-name';

/**
 * Collects the raw social-card material of a page while it streams in: meta tags, og:image and
 * og:video groups, the document title, icons, `<base>`, JSON-LD, and a few body fallbacks (a
 * picture, the first `<video>` poster, the first `<h1>` and content paragraph). It says "done"
 * once the head is over and title, description, picture and site name are known, so most pages
 * are read only up to `</head>`; a page lacking one is read on at most MAX_BODY_LOOKAHEAD_CHARS
 * into the body, and body fallbacks further down are ignored. Body elements a site rule asks for
 * (probes) are read for until found.
 */

/** One og:image / og:video with its structured properties (og:image:secure_url…). */
export interface MediaGroup {
  url?: string;
  secureUrl?: string;
  type?: string;
  width?: string;
  height?: string;
}

export interface PageTags extends BodyFacts {
  /** First non-blank content per lower-case `property` / `name` (other than og:image/og:video). */
  metas: Map<string, string>;
  ogImages: MediaGroup[];
  ogVideos: MediaGroup[];
  documentTitle: string | null;
  baseHref: string | null;
  imageSrc: string | null;
  icons: string[];
  appleIcons: string[];
  /** First facts found in the page's JSON-LD blocks. */
  jsonLd: JsonLdFacts;
  /** Values of the site rule's body probes, by probe key. */
  probes: Map<string, string>;
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
const FOREIGN_ROOTS = new Set(['svg', 'math']);
const DESCRIPTION_KEYS = ['og:description', 'twitter:description', 'description'];

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
    videoPoster: null,
    bodyHeading: null,
    bodyParagraph: null,
    jsonLd: { ...NO_JSON_LD_FACTS },
    probes: new Map(),
  };
  private headEnded = false;
  /** Characters written so far, and where the body starts among them. */
  private written = 0;
  private bodyStart: number | null = null;
  private foreignDepth = 0;
  private titleText: string | null = null;
  private jsonText: string | null = null;
  private jsonBlocks = 0;
  private readonly fallbacks = new BodyFallbacks(this.tags);
  private readonly probeSet: ProbeSet;
  private readonly parser = new Parser(
    {
      onopentag: (name, attribs) => this.onOpenTag(name, attribs),
      ontext: (text) => this.onText(text),
      onclosetag: (name) => this.onCloseTag(name),
    },
    { decodeEntities: true },
  );

  constructor(probes: readonly BodyProbe[] = []) {
    this.probeSet = new ProbeSet(probes, this.tags.probes);
  }

  /** Feed for the fetcher: text in, "done" once nothing more is needed. */
  readonly sink: TextSink = {
    write: (text) => {
      this.written += text.length;
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
    if (!this.headEnded || !this.probeSet.done) return false;
    if (this.hasEveryField()) return true;
    return this.written - (this.bodyStart ?? 0) >= MAX_BODY_LOOKAHEAD_CHARS;
  }

  private hasEveryField(): boolean {
    const { metas, ogImages, documentTitle, imageSrc, jsonLd, firstImage, videoPoster } = this.tags;
    const hasTitle =
      metas.has('og:title') ||
      metas.has('twitter:title') ||
      documentTitle !== null ||
      this.tags.bodyHeading !== null;
    const hasDescription = DESCRIPTION_KEYS.some((key) => metas.has(key)) || this.tags.bodyParagraph !== null;
    const hasTwitterImage = metas.has('twitter:image') || metas.has('twitter:image:src');
    const hasImage =
      ogImages.length > 0 ||
      hasTwitterImage ||
      imageSrc !== null ||
      jsonLd.image !== null ||
      firstImage !== null ||
      videoPoster !== null;
    return hasTitle && hasDescription && hasImage && siteNameOf(this.tags) !== null;
  }

  /** Body fallbacks count only near the top of the body (see MAX_BODY_LOOKAHEAD_CHARS). */
  private inLookahead(): boolean {
    return this.bodyStart === null || this.parser.startIndex - this.bodyStart <= MAX_BODY_LOOKAHEAD_CHARS;
  }

  private endHead(): void {
    if (this.headEnded) return;
    this.headEnded = true;
    this.bodyStart = this.parser.endIndex + 1;
  }

  private onOpenTag(name: string, attribs: Attributes): void {
    this.probeSet.onOpenTag(name, attribs);
    this.fallbacks.onOpenTag(name, attribs, this.inLookahead());
    if (FOREIGN_ROOTS.has(name)) this.foreignDepth += 1;
    else if (name === 'meta') this.onMeta(attribs);
    else if (name === 'link') this.onLink(attribs);
    else if (name === 'base' && this.tags.baseHref === null && hasText(attribs.href))
      this.tags.baseHref = attribs.href;
    else if (name === 'body') this.endHead();
    // An <svg> carries its own <title> (an icon's name), never the page's.
    else if (name === 'title' && this.foreignDepth === 0 && this.tags.documentTitle === null)
      this.titleText = '';
    else if (name === 'script' && (attribs.type ?? '').toLowerCase().includes('ld+json')) this.jsonText = '';
  }

  private onText(text: string): void {
    if (this.titleText !== null && this.titleText.length < MAX_TITLE_CHARS * 4) this.titleText += text;
    if (this.jsonText !== null && this.jsonText.length < MAX_JSON_LD_CHARS) this.jsonText += text;
    this.fallbacks.onText(text);
    this.probeSet.onText(text);
  }

  private onCloseTag(name: string): void {
    this.probeSet.onCloseTag(name);
    this.fallbacks.onCloseTag(name);
    if (FOREIGN_ROOTS.has(name)) this.foreignDepth = Math.max(0, this.foreignDepth - 1);
    else if (name === 'head') this.endHead();
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

  private onJsonLd(text: string): void {
    if (this.jsonBlocks >= MAX_JSON_LD_BLOCKS) return;
    this.jsonBlocks += 1;
    mergeJsonLd(this.tags.jsonLd, readJsonLd(text));
  }
}
