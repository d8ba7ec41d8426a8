import createDOMPurify from 'dompurify';
import { HANDLE_MAX_LENGTH } from '../../../common/contracts/limits';
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

/** Outside links: http, https, mailto. Inside ones: only a mention's /@handle. */
const ALLOWED_HREF = new RegExp(`^(?:(?:https?|mailto):|/@[A-Za-z0-9_]{1,${HANDLE_MAX_LENGTH}}$)`, 'i');
const ALL_ATTRIBUTES = [...new Set(Object.values(POST_HTML_ATTRIBUTES).flat())];

/** Values each non-URL attribute may take, on top of being listed for its tag. */
const VALUE_RULES: Record<string, (value: string) => boolean> = {
  class: (value) => CODE_LANGUAGE_CLASS_PATTERN.test(value),
  start: (value) => /^\d{1,9}$/.test(value),
  type: (value) => (ORDERED_LIST_TYPES as readonly string[]).includes(value),
};

/** Our own instance, so these hooks never touch another DOMPurify user on the page. */
const purifier = createDOMPurify(window);

/** Per-tag attribute allow-list (DOMPurify's own list is one set for every tag). */
purifier.addHook('uponSanitizeAttribute', (node, event) => {
  const allowed = POST_HTML_ATTRIBUTES[node.nodeName.toLowerCase() as PostHtmlTag] ?? [];
  const rule = VALUE_RULES[event.attrName];
  if (!allowed.includes(event.attrName) || (rule && !rule(event.attrValue))) event.keepAttr = false;
});

/**
 * A link is either a mention (`/@h`, same tab, navigated by the router) or an outside link
 * (new tab, no referrer, no ranking credit). Anything in between loses what does not fit.
 */
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const handle = node.getAttribute('data-id') ?? '';
  const href = node.getAttribute('href');
  const isMention =
    node.getAttribute('data-type') === MENTION_TYPE &&
    isMentionHandle(handle) &&
    href === mentionHref(handle);
  if (isMention) {
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
  return purifier.sanitize(html, CONFIG);
}
