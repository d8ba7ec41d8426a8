import createDOMPurify from 'dompurify';
import { HANDLE_MAX_LENGTH } from '../../../common/contracts/limits';
import { HASHTAG_TYPE, hashtagHref, isHashtag } from '../../../common/rich-text/hashtag';
import {
  CODE_LANGUAGE_CLASS_PATTERN,
  isMentionHandle,
  MENTION_TYPE,
  mentionHref,
  ORDERED_LIST_TYPES,
  POST_HTML_ATTRIBUTES,
  POST_HTML_TAGS,
  POST_LINK_REL,
  POST_LINK_TARGET,
  type PostHtmlTag,
} from '../../../common/rich-text/post-schema';

/**
 * Outside links: http, https, mailto. Inside ones: only a mention's /@handle and a hashtag's
 * /tags/key (URL-encoded); the hook below then checks either against its data-id exactly.
 */
const ALLOWED_HREF = new RegExp(
  `^(?:(?:https?|mailto):|/@[A-Za-z0-9_]{1,${HANDLE_MAX_LENGTH}}$|/tags/(?:[a-z0-9_]|%[0-9A-F]{2})+$)`,
  'i',
);
const ALL_ATTRIBUTES = [...new Set(Object.values(POST_HTML_ATTRIBUTES).flat())];

/** Values each non-URL attribute may take, on top of being listed for its tag. */
const VALUE_RULES: Record<string, (value: string) => boolean> = {
  class: (value) => CODE_LANGUAGE_CLASS_PATTERN.test(value),
  start: (value) => /^\d{1,9}$/.test(value),
  type: (value) => (ORDERED_LIST_TYPES as readonly string[]).includes(value),
};

/**
 * Our own instance, so these hooks never touch another DOMPurify user on the page. Made on first
 * use rather than at import: modules that only pass posts around import this one with the cards
 * and must load where there is no DOM (unit tests under Node).
 */
let purifier: ReturnType<typeof createDOMPurify> | null = null;

function postPurifier(): ReturnType<typeof createDOMPurify> {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  addHooks(purifier);
  return purifier;
}

function isMentionLink(type: string | null, id: string, href: string | null): boolean {
  return type === MENTION_TYPE && isMentionHandle(id) && href === mentionHref(id);
}

/** The server writes a tag's key as its data-id and the key's page as its href. */
function isHashtagLink(type: string | null, id: string, href: string | null): boolean {
  return type === HASHTAG_TYPE && isHashtag(id) && href === hashtagHref(id);
}

function addHooks(purifier: ReturnType<typeof createDOMPurify>): void {
  /** Per-tag attribute allow-list (DOMPurify's own list is one set for every tag). */
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    const allowed = POST_HTML_ATTRIBUTES[node.nodeName.toLowerCase() as PostHtmlTag] ?? [];
    const rule = VALUE_RULES[event.attrName];
    if (!allowed.includes(event.attrName) || (rule && !rule(event.attrValue))) event.keepAttr = false;
  });

  /**
   * A link is a mention (`/@h`) or a hashtag (`/tags/key`), both same tab and navigated by the
   * router, or an outside link (new tab, no referrer, no ranking credit). Anything in between
   * loses what does not fit.
   */
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    const type = node.getAttribute('data-type');
    const id = node.getAttribute('data-id') ?? '';
    const href = node.getAttribute('href');
    if (isMentionLink(type, id, href) || isHashtagLink(type, id, href)) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
      return;
    }
    node.removeAttribute('data-type');
    node.removeAttribute('data-id');
    if (href === null || href.startsWith('/')) {
      node.removeAttribute('href');
      node.removeAttribute('target');
      node.removeAttribute('rel');
      return;
    }
    node.setAttribute('target', POST_LINK_TARGET);
    node.setAttribute('rel', POST_LINK_REL);
  });
}

const CONFIG = {
  ALLOWED_TAGS: [...POST_HTML_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  // Not URLs: without this DOMPurify would test "mention", "_blank" or "3" against ALLOWED_HREF.
  ADD_URI_SAFE_ATTR: ALL_ATTRIBUTES.filter((name) => name !== 'href'),
  ALLOWED_URI_REGEXP: ALLOWED_HREF,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

/**
 * The browser's second pass over a post's HTML, right before it is rendered: the server already
 * sanitised it to the post schema, this keeps the same allow-list in case stored data or the
 * server is ever wrong. The result goes straight into the DOM; nothing rewrites it afterwards.
 */
export function sanitizePostHtml(html: string): string {
  return postPurifier().sanitize(html, CONFIG);
}
