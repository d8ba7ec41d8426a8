import { HASHTAG_TYPE, hashtagHref, hashtagKey, isHashtag } from '../../common/rich-text/hashtag';
import { type DefaultTreeAdapterTypes, html as htmlSpec, parseFragment, serialize } from 'parse5';
import {
  CODE_LANGUAGE_CLASS_PATTERN,
  isMentionHandle,
  MENTION_TYPE,
  mentionHref,
  POST_HTML_ATTRIBUTES,
  POST_HTML_TAGS,
  POST_LINK_REL,
  POST_LINK_SCHEMES,
  POST_LINK_TARGET,
  type PostHtmlTag,
} from '../../common/rich-text/post-schema';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

const ALLOWED_TAGS = new Set<string>(POST_HTML_TAGS);
const LINK_PROTOCOLS = new Set<string>(POST_LINK_SCHEMES.map((scheme) => `${scheme}:`));
// eslint-disable-next-line no-control-regex -- a browser ignores these inside a scheme
const IGNORED_IN_SCHEMES = /[\s\u0000-\u001F]/g;
const DANGEROUS_SCHEMES = ['javascript:', 'data:', 'vbscript:'];

/**
 * Everything wrong with stored post HTML as a browser's parser (parse5) reads it: elements or
 * attributes outside the schema, handlers, dangerous schemes, links not in one of the two exact
 * shapes, comments. An empty list means the HTML is what the schema allows.
 */
export function storedHtmlProblems(html: string): string[] {
  const problems: string[] = [];
  visit(parseFragment(html).childNodes, problems);
  return problems;
}

function visit(nodes: Node[], problems: string[]): void {
  for (const node of nodes) {
    if (node.nodeName === '#comment') problems.push('comment');
    if (!('tagName' in node)) continue;
    checkElement(node, problems);
    visit(node.childNodes, problems);
    if ('content' in node) visit(node.content.childNodes, problems);
  }
}

function checkElement(element: Element, problems: string[]): void {
  const tag = element.tagName;
  if (element.namespaceURI !== htmlSpec.NS.HTML) problems.push(`<${tag}> in ${element.namespaceURI}`);
  if (!ALLOWED_TAGS.has(tag)) problems.push(`tag <${tag}>`);
  const allowed = POST_HTML_ATTRIBUTES[tag as PostHtmlTag] ?? [];
  for (const { name, value } of element.attrs) {
    if (!allowed.includes(name)) problems.push(`attribute ${name} on <${tag}>`);
    if (/^on/i.test(name)) problems.push(`handler ${name} on <${tag}>`);
    const squashed = value.replace(IGNORED_IN_SCHEMES, '').toLowerCase();
    for (const scheme of DANGEROUS_SCHEMES) {
      if (squashed.includes(scheme)) problems.push(`${scheme} in ${name} on <${tag}>`);
    }
  }
  const attrs = new Map(element.attrs.map(({ name, value }) => [name, value]));
  if (tag === 'a') checkLink(attrs, problems);
  if (tag === 'code' && attrs.has('class') && !CODE_LANGUAGE_CLASS_PATTERN.test(attrs.get('class') ?? '')) {
    problems.push(`class ${attrs.get('class')} on <code>`);
  }
}

function checkLink(attrs: Map<string, string>, problems: string[]): void {
  const href = attrs.get('href') ?? '';
  if (attrs.get('data-type') === MENTION_TYPE) {
    const handle = attrs.get('data-id') ?? '';
    const isExactMention =
      isMentionHandle(handle) && href === mentionHref(handle) && attrs.size === 3 && !attrs.has('target');
    if (!isExactMention) problems.push(`mention link ${JSON.stringify([...attrs])}`);
    return;
  }
  if (attrs.get('data-type') === HASHTAG_TYPE) {
    const tag = attrs.get('data-id') ?? '';
    const isExactHashtag =
      isHashtag(tag) && tag === hashtagKey(tag) && href === hashtagHref(tag) && attrs.size === 3;
    if (!isExactHashtag) problems.push(`hashtag link ${JSON.stringify([...attrs])}`);
    return;
  }
  let protocol = '';
  try {
    protocol = new URL(href).protocol;
  } catch {
    problems.push(`link href ${JSON.stringify(href)} is not absolute`);
  }
  if (protocol && !LINK_PROTOCOLS.has(protocol)) problems.push(`link scheme ${protocol}`);
  if (attrs.get('rel') !== POST_LINK_REL || attrs.get('target') !== POST_LINK_TARGET || attrs.size !== 3) {
    problems.push(`link attributes ${JSON.stringify([...attrs])}`);
  }
}

/**
 * The mutation-XSS check (docs/security.md#post-html): parse → serialise gives back the very string, and
 * parsing that again changes nothing, so no second reading can differ from the first.
 */
export function isParse5FixedPoint(html: string): boolean {
  const once = serialize(parseFragment(html));
  return once === html && serialize(parseFragment(once)) === once;
}
