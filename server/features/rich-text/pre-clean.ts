import sanitizeHtml from 'sanitize-html';
import {
  CODE_LANGUAGE_CLASS_PATTERN,
  POST_HTML_TAGS,
  POST_LINK_SCHEMES,
} from '../../../common/rich-text/post-schema';

/**
 * Elements nested deeper than this lose their tag (their text stays). The editor never goes near
 * it; it bounds the recursion of everything downstream and the cost of rendering a post.
 */
export const MAX_POST_NESTING_DEPTH = 32;

/**
 * Dropped together with everything inside them. Raw-text and foreign-content elements are where
 * parsers disagree (mutation XSS), and none of their content is post text.
 */
const DISCARDED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'datalist',
  'xmp',
  'plaintext',
  'listing',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'template',
  'svg',
  'math',
  'object',
  'embed',
  'applet',
  'audio',
  'video',
  'canvas',
  'map',
  'form',
  'button',
  'title',
  'head',
];

/**
 * sanitize-html is the security boundary: only the schema's tags survive, with only the
 * attributes the rebuild step reads, and link schemes are checked after entity decoding and
 * control-character stripping. Everything it lets through is re-checked and rebuilt in
 * normalise.ts, which decides the final shape.
 */
const PRE_CLEAN_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POST_HTML_TAGS],
  allowedAttributes: { a: ['href', 'data-type', 'data-id'], ol: ['start', 'type'] },
  allowedClasses: { code: [CODE_LANGUAGE_CLASS_PATTERN] },
  allowedSchemes: [...POST_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  parseStyleAttributes: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DISCARDED_WITH_CONTENT,
  nestingLimit: MAX_POST_NESTING_DEPTH,
  // What other editors and pasted HTML use for the same marks.
  transformTags: { b: 'strong', i: 'em', del: 's', strike: 's' },
};

export function preClean(html: string): string {
  return sanitizeHtml(html, PRE_CLEAN_OPTIONS);
}
