import { ElementText } from './element-text';
import { MAX_BODY_TEXT_CHARS, MIN_FALLBACK_IMAGE_PX } from './limits';

/**
 * Fallbacks the body offers for what a head may lack: a picture (first sensible `<img>`), the
 * poster of the first `<video>`, the first `<h1>`, and the first paragraph of the main content
 * (`<main>` / `<article>`). The collector only hands over elements near the top of the body.
 */

export interface BodyFacts {
  /** First `<img src>` that looks like a picture of the page (not a pixel, icon or logo). */
  firstImage: string | null;
  /** Poster of the page's first `<video>`, when it has a usable one. */
  videoPoster: string | null;
  bodyHeading: string | null;
  bodyParagraph: string | null;
}

type Attributes = Record<string, string>;

// Tracking pixels, spacers, icons (SVG) and videos misplaced in <img> are never a page's picture.
const NOT_A_PICTURE =
  /(^data:)|\.(svg|mp4|webm|mov|m4v|ogv)(\?|$)|(^|[/_.-])(pixel|spacer|sprite|blank|transparent|1x1)([/_.-]|$)/i;
// The site's own logo (its class or id says so) is not a picture of the page either.
const LOGO = /logo/i;
const CONTENT_ROOTS = new Set(['main', 'article']);

function hasText(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function isSensiblePicture(src: string | undefined, attribs: Attributes): src is string {
  if (!hasText(src) || NOT_A_PICTURE.test(src.trim())) return false;
  const tooSmall = (size: string | undefined) =>
    size !== undefined && Number.parseInt(size, 10) < MIN_FALLBACK_IMAGE_PX;
  return !tooSmall(attribs.width) && !tooSmall(attribs.height);
}

const isLogo = (attribs: Attributes) => LOGO.test(attribs.class ?? '') || LOGO.test(attribs.id ?? '');

export class BodyFallbacks {
  private contentDepth = 0;
  private videoSeen = false;
  private heading: ElementText | null = null;
  private paragraph: ElementText | null = null;

  constructor(private readonly facts: BodyFacts) {}

  /** Every open tag, for nesting; `candidate` says whether the element may give a fallback. */
  onOpenTag(name: string, attribs: Attributes, candidate: boolean): void {
    this.heading?.onOpenTag(name);
    this.paragraph?.onOpenTag(name);
    if (CONTENT_ROOTS.has(name)) this.contentDepth += 1;
    if (candidate) this.consider(name, attribs);
  }

  onText(text: string): void {
    this.heading?.onText(text);
    this.paragraph?.onText(text);
  }

  onCloseTag(name: string): void {
    if (CONTENT_ROOTS.has(name)) this.contentDepth = Math.max(0, this.contentDepth - 1);
    if (this.heading?.onCloseTag(name)) {
      if (hasText(this.heading.text)) this.facts.bodyHeading = this.heading.text;
      this.heading = null;
    }
    // A blank paragraph does not count: the next one is tried.
    if (this.paragraph?.onCloseTag(name)) {
      if (hasText(this.paragraph.text)) this.facts.bodyParagraph = this.paragraph.text;
      this.paragraph = null;
    }
  }

  private consider(name: string, attribs: Attributes): void {
    const { facts } = this;
    if (name === 'img' && facts.firstImage === null && !isLogo(attribs)) {
      if (isSensiblePicture(attribs.src, attribs)) facts.firstImage = attribs.src;
    } else if (name === 'video' && !this.videoSeen) {
      // Like metascraper, only the first <video> counts: its poster is the page's lead picture.
      this.videoSeen = true;
      if (isSensiblePicture(attribs.poster, attribs)) facts.videoPoster = attribs.poster;
    } else if (name === 'h1' && facts.bodyHeading === null && this.heading === null) {
      this.heading = new ElementText(name, MAX_BODY_TEXT_CHARS);
    } else if (name === 'p' && this.contentDepth > 0 && facts.bodyParagraph === null && !this.paragraph) {
      this.paragraph = new ElementText(name, MAX_BODY_TEXT_CHARS);
    }
  }
}
