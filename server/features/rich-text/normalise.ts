import { HASHTAG_TYPE } from '../../../common/rich-text/hashtag';
import {
  CODE_LANGUAGE_CLASS_PATTERN,
  isMentionHandle,
  MENTION_TYPE,
  ORDERED_LIST_TYPES,
} from '../../../common/rich-text/post-schema';
import { cleanText } from './clean-text';
import type { SourceNode } from './html-source';
import { safeLinkHref } from './link-href';
import type { PostBlock, PostInline, PostMark } from './post-tree';
import { linkTypedText } from './typed-links';

export interface NormaliseOptions {
  /**
   * The handle to link for a mentioned handle, or null when nobody has it (the mention becomes
   * plain `@handle` text). Without it every well-formed mention is kept as written. Typed
   * `@handle`s in the text go through it exactly like the editor's mentions.
   */
  resolveMention?: (handle: string) => string | null;
}

type Element = Extract<SourceNode, { type: 'element' }>;
type Context = Required<NormaliseOptions>;

const BLOCK_TAGS = new Set(['p', 'pre', 'blockquote', 'ul', 'ol', 'li']);
const MARKS: Readonly<Record<string, PostMark>> = { strong: 'strong', em: 'em', s: 's' };
const LIST_START_PATTERN = /^-?\d{1,9}$/;
const EMPTY_PARAGRAPH: PostBlock = { kind: 'paragraph', children: [] };

/**
 * Fits cleaned markup into the editor's content model, as ProseMirror would on load: top-level
 * and quoted inline content goes into paragraphs, list items hold blocks that start with a
 * paragraph, a code block holds only text, links do not nest, and a block inside inline content
 * gives up its tag. Typed `#tag`s and `@handle`s in paragraphs are linked (typed-links.ts). The
 * result has one canonical serialisation.
 */
export function normalise(nodes: SourceNode[], options: NormaliseOptions = {}): PostBlock[] {
  const context: Context = { resolveMention: options.resolveMention ?? ((handle) => handle) };
  const blocks = blocksFrom(nodes, context);
  // Blank paragraphs before and after the text are keystrokes, not content.
  while (blocks[0] && isBlankParagraph(blocks[0])) blocks.shift();
  while (blocks.length > 0 && isBlankParagraph(blocks.at(-1))) blocks.pop();
  return blocks;
}

function blocksFrom(nodes: SourceNode[], context: Context): PostBlock[] {
  const blocks: PostBlock[] = [];
  let run: SourceNode[] = [];
  const flushRun = () => {
    const children = paragraphInlinesFrom(run, context);
    if (hasVisibleContent(children)) blocks.push({ kind: 'paragraph', children });
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'element' && BLOCK_TAGS.has(node.name)) {
      flushRun();
      blocks.push(...blockFrom(node, context));
    } else {
      run.push(node);
    }
  }
  flushRun();
  return blocks;
}

function blockFrom(element: Element, context: Context): PostBlock[] {
  switch (element.name) {
    case 'p':
      return [{ kind: 'paragraph', children: paragraphInlinesFrom(element.children, context) }];
    case 'pre':
      return [codeBlockFrom(element)];
    case 'blockquote': {
      const children = blocksFrom(element.children, context);
      return children.length > 0 ? [{ kind: 'blockquote', children }] : [];
    }
    case 'ul':
    case 'ol':
      return listFrom(element, context);
    default:
      // A list item outside a list keeps its content, not its tag.
      return blocksFrom(element.children, context);
  }
}

function codeBlockFrom(element: Element): PostBlock {
  const code = element.children.find((child) => child.type === 'element' && child.name === 'code');
  const className = code?.type === 'element' ? (code.attrs.class ?? '') : '';
  const languageClass = className.split(/\s+/).find((name) => CODE_LANGUAGE_CLASS_PATTERN.test(name));
  return {
    kind: 'codeBlock',
    language: languageClass ? languageClass.slice('language-'.length) : null,
    text: plainTextFrom(element.children),
  };
}

function listFrom(element: Element, context: Context): PostBlock[] {
  const items: PostBlock[][] = [];
  let run: SourceNode[] = [];
  const pushItem = (blocks: PostBlock[]) =>
    // TipTap's listItem is "paragraph block*": an item starts with a paragraph.
    items.push(blocks[0]?.kind === 'paragraph' ? blocks : [EMPTY_PARAGRAPH, ...blocks]);
  const flushRun = () => {
    const blocks = blocksFrom(run, context);
    if (blocks.length > 0) pushItem(blocks);
    run = [];
  };
  for (const child of element.children) {
    if (child.type === 'element' && child.name === 'li') {
      flushRun();
      pushItem(blocksFrom(child.children, context));
    } else {
      run.push(child);
    }
  }
  flushRun();
  if (items.length === 0) return [];
  if (element.name === 'ul') return [{ kind: 'list', ordered: false, start: null, type: null, items }];
  return [
    {
      kind: 'list',
      ordered: true,
      start: listStart(element.attrs.start),
      type: ORDERED_LIST_TYPES.find((type) => type === element.attrs.type) ?? null,
      items,
    },
  ];
}

/** Null for the default (1), which TipTap does not write either. */
function listStart(value: string | undefined): number | null {
  if (value === undefined || !LIST_START_PATTERN.test(value)) return null;
  const start = Number.parseInt(value, 10);
  return start === 1 ? null : start;
}

function paragraphInlinesFrom(nodes: SourceNode[], context: Context): PostInline[] {
  return linkTypedText(inlinesFrom(nodes, context, false), context.resolveMention);
}

function inlinesFrom(nodes: SourceNode[], context: Context, isInsideLink: boolean): PostInline[] {
  const inlines: PostInline[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = cleanText(node.text);
      if (text !== '') inlines.push({ kind: 'text', text });
      continue;
    }
    const mark = MARKS[node.name];
    if (node.name === 'br') {
      inlines.push({ kind: 'hardBreak' });
    } else if (mark) {
      const children = inlinesFrom(node.children, context, isInsideLink);
      if (children.length > 0) inlines.push({ kind: 'mark', mark, children });
    } else if (node.name === 'code') {
      // TipTap's code mark excludes every other mark: only text and breaks inside.
      const children = codeInlinesFrom(node.children);
      if (children.length > 0) inlines.push({ kind: 'mark', mark: 'code', children });
    } else if (node.name === 'a') {
      inlines.push(...anchorFrom(node, context, isInsideLink));
    } else {
      inlines.push(...inlinesFrom(node.children, context, isInsideLink));
    }
  }
  return inlines;
}

/**
 * Every `a` is rebuilt: a mention, an outside link, or (anything else) just its text. A hashtag
 * is its text too: the paragraph's typed tags are linked afterwards, this one among them, so
 * nothing but its `#tag` survives, neither its href nor its data-id.
 */
function anchorFrom(element: Element, context: Context, isInsideLink: boolean): PostInline[] {
  const children = () => inlinesFrom(element.children, context, true);
  if (isInsideLink) return children();
  const type = element.attrs['data-type'];
  const mentioned = element.attrs['data-id'] ?? '';
  if (type === MENTION_TYPE && isMentionHandle(mentioned)) {
    const handle = context.resolveMention(mentioned);
    return [handle === null ? { kind: 'text', text: `@${mentioned}` } : { kind: 'mention', handle }];
  }
  if (type === HASHTAG_TYPE) return children();
  const href = safeLinkHref(element.attrs.href ?? '');
  const content = children();
  return href === null || content.length === 0 ? content : [{ kind: 'link', href, children: content }];
}

function codeInlinesFrom(nodes: SourceNode[]): PostInline[] {
  return nodes.flatMap((node): PostInline[] => {
    if (node.type === 'element')
      return node.name === 'br' ? [{ kind: 'hardBreak' }] : codeInlinesFrom(node.children);
    const text = cleanText(node.text);
    return text === '' ? [] : [{ kind: 'text', text }];
  });
}

function plainTextFrom(nodes: SourceNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return cleanText(node.text);
      return node.name === 'br' ? '\n' : plainTextFrom(node.children);
    })
    .join('');
}

function hasVisibleContent(inlines: PostInline[]): boolean {
  return inlines.some((inline) => {
    switch (inline.kind) {
      case 'text':
        return inline.text.trim() !== '';
      case 'hardBreak':
        return false;
      case 'mention':
      case 'hashtag':
        return true;
      default:
        return hasVisibleContent(inline.children);
    }
  });
}

function isBlankParagraph(block: PostBlock | undefined): boolean {
  return block?.kind === 'paragraph' && !hasVisibleContent(block.children);
}
