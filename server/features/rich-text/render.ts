import { HASHTAG_TYPE, hashtagHref, hashtagKey } from '../../../common/rich-text/hashtag';
import {
  MENTION_TYPE,
  mentionHref,
  POST_LINK_REL,
  POST_LINK_TARGET,
} from '../../../common/rich-text/post-schema';
import { MAX_HASHTAGS_PER_POST } from './limits';
import type { PostBlock, PostInline } from './post-tree';

/**
 * Writes the tree as HTML exactly the way the HTML serialisation algorithm (browsers'
 * innerHTML, parse5, TipTap's getHTML) would, so stored HTML parses back to the same tree and
 * serialises to the same string: there is no second reading for mutation XSS to hide in.
 */
export function renderHtml(blocks: PostBlock[]): string {
  return blocks.map(blockHtml).join('');
}

function blockHtml(block: PostBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${inlinesHtml(block.children)}</p>`;
    case 'codeBlock': {
      const language = block.language === null ? '' : ` class="language-${escapeAttribute(block.language)}"`;
      return `<pre><code${language}>${escapeText(block.text)}</code></pre>`;
    }
    case 'blockquote':
      return `<blockquote>${renderHtml(block.children)}</blockquote>`;
    case 'list': {
      const items = block.items.map((item) => `<li>${renderHtml(item)}</li>`).join('');
      if (!block.ordered) return `<ul>${items}</ul>`;
      const start = block.start === null ? '' : ` start="${block.start}"`;
      const type = block.type === null ? '' : ` type="${escapeAttribute(block.type)}"`;
      return `<ol${start}${type}>${items}</ol>`;
    }
  }
}

function inlinesHtml(inlines: PostInline[]): string {
  return inlines.map(inlineHtml).join('');
}

function inlineHtml(inline: PostInline): string {
  switch (inline.kind) {
    case 'text':
      return escapeText(inline.text);
    case 'hardBreak':
      return '<br>';
    case 'mark':
      return `<${inline.mark}>${inlinesHtml(inline.children)}</${inline.mark}>`;
    case 'link':
      // TipTap's Link writes its attributes in this order (options first, then href).
      return `<a target="${POST_LINK_TARGET}" rel="${POST_LINK_REL}" href="${escapeAttribute(inline.href)}">${inlinesHtml(inline.children)}</a>`;
    case 'mention': {
      const handle = escapeAttribute(inline.handle);
      return `<a href="${escapeAttribute(mentionHref(inline.handle))}" data-type="${MENTION_TYPE}" data-id="${handle}">@${escapeText(inline.handle)}</a>`;
    }
    case 'hashtag': {
      const key = escapeAttribute(hashtagKey(inline.tag));
      return `<a href="${escapeAttribute(hashtagHref(inline.tag))}" data-type="${HASHTAG_TYPE}" data-id="${key}">#${escapeText(inline.tag)}</a>`;
    }
  }
}

/** The HTML serialisation algorithm's text escaping (WHATWG "escaping a string"). */
function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/\u00A0/g, '&nbsp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/\u00A0/g, '&nbsp;')
    .replace(/"/g, '&quot;');
}

/** Textblocks are separated as TipTap's editor.getText() separates them by default. */
export const TEXT_BLOCK_SEPARATOR = '\n\n';

/**
 * The plain-text projection: each paragraph and code block, in order, separated by a blank
 * line; a hard break is a newline; a mention is its `@handle`, a hashtag its `#tag`. Trimmed.
 */
export function projectText(blocks: PostBlock[]): string {
  const textblocks: string[] = [];
  collectTextblocks(blocks, textblocks);
  return textblocks.join(TEXT_BLOCK_SEPARATOR).trim();
}

function collectTextblocks(blocks: PostBlock[], into: string[]): void {
  for (const block of blocks) {
    if (block.kind === 'paragraph') into.push(inlinesText(block.children));
    else if (block.kind === 'codeBlock') into.push(block.text);
    else if (block.kind === 'blockquote') collectTextblocks(block.children, into);
    else for (const item of block.items) collectTextblocks(item, into);
  }
}

function inlinesText(inlines: PostInline[]): string {
  return inlines
    .map((inline) => {
      if (inline.kind === 'text') return inline.text;
      if (inline.kind === 'hardBreak') return '\n';
      if (inline.kind === 'mention') return `@${inline.handle}`;
      if (inline.kind === 'hashtag') return `#${inline.tag}`;
      return inlinesText(inline.children);
    })
    .join('');
}

/** Handles mentioned, first occurrence first, each once (handles compare without case). */
export function mentionedHandles(blocks: PostBlock[]): string[] {
  const handles = new Map<string, string>();
  for (const inline of inlinesOf(blocks)) {
    if (inline.kind !== 'mention') continue;
    const key = inline.handle.toLowerCase();
    if (!handles.has(key)) handles.set(key, inline.handle);
  }
  return [...handles.values()];
}

/**
 * Keys of the hashtags linked, first occurrence first, each once, at most MAX_HASHTAGS_PER_POST:
 * tags after those stay linked in the text but the post is not filed under them.
 */
export function hashtagKeys(blocks: PostBlock[]): string[] {
  const keys = new Set<string>();
  for (const inline of inlinesOf(blocks)) {
    if (keys.size === MAX_HASHTAGS_PER_POST) break;
    if (inline.kind === 'hashtag') keys.add(hashtagKey(inline.tag));
  }
  return [...keys];
}

/** Every inline of the body in reading order, including those inside marks and links. */
function* inlinesOf(blocks: PostBlock[]): Generator<PostInline> {
  for (const block of blocks) {
    if (block.kind === 'paragraph') yield* inlinesWithin(block.children);
    else if (block.kind === 'blockquote') yield* inlinesOf(block.children);
    else if (block.kind === 'list') for (const item of block.items) yield* inlinesOf(item);
  }
}

function* inlinesWithin(inlines: PostInline[]): Generator<PostInline> {
  for (const inline of inlines) {
    yield inline;
    if (inline.kind === 'mark' || inline.kind === 'link') yield* inlinesWithin(inline.children);
  }
}
